import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import { AgentPage, agentPlace } from './AgentPage';

const permission = { merchant: { code: 'demo', name: 'Demo', languages: [] }, dividend: true, dailySalary: true, hourSalary: false, realtimeSalary: false } as unknown as Permission;

let isAgent = false;

beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: { id: 1, account: 'someone', nickname: '', type: isAgent ? 1 : 0, isAgent, isTrial: false, vipRankLevel: 0, passwordChangeRequired: false } }) }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(path: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={<><AgentPage /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('agent entrance and centre', () => {
  it('sends a member who is not an agent from the centre to the entrance', async () => {
    sessionStorage.setItem('token', 'member');
    open('/agentHome');
    expect(await screen.findByRole('heading', { name: 'agent.entryTitle' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/agent$/);
    expect(screen.queryByRole('navigation', { name: 'agent.title' })).toBeNull();
  });

  it('sends a logged-in agent from the entrance to the centre', async () => {
    isAgent = true;
    sessionStorage.setItem('token', 'agent');
    open('/agent');
    expect(await screen.findByRole('navigation', { name: 'agent.title' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/agentHome');
    isAgent = false;
  });

  it('shows a visitor the entrance', () => {
    open('/agent');
    expect(screen.getByRole('heading', { name: 'agent.entryTitle' })).toBeInTheDocument();
  });

  it('decides nothing before the member is known', () => {
    expect(agentPlace({ loggedIn: true, known: false })).toBe('wait');
    expect(agentPlace({ loggedIn: true, known: true, member: { isAgent: true } as never })).toBe('centre');
    expect(agentPlace({ loggedIn: true, known: true, member: { isAgent: false } as never })).toBe('entrance');
    expect(agentPlace({ loggedIn: false, known: true })).toBe('entrance');
  });

  it('lists a contract page only when the merchant runs it and the consolidated call enables it', async () => {
    const standing = (enabled: boolean) => ({ enabled, offers: 0, active: false, canOffer: false, period: '' });
    vi.stubGlobal('fetch', (url: string) => {
      let value: unknown = { id: 1, account: 'agent', nickname: '', type: 1, isAgent: true, isTrial: false, vipRankLevel: 0, passwordChangeRequired: false };
      if (url.startsWith('/wps/member/info/funds/consolidated')) value = { divtypereq: standing(true), dailysalreq: standing(false), contracthoursalreq: standing(true), realtimesalreqtype: standing(true) };
      else if (url.startsWith('/wps/agent/')) return Promise.resolve({ status: 403, json: () => Promise.resolve({ success: false, code: 'member.not_agent', message: '', value: null }) });
      return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    });
    permission.agentPolicy = true;
    sessionStorage.setItem('token', 'agent');
    open('/agentHome');
    const nav = await screen.findByRole('navigation', { name: 'agent.title' });
    expect(await within(nav).findByRole('link', { name: 'agent.page.agentDividendRecordCopy2' })).toBeInTheDocument();
    // Daily: the consolidated kind is off; hourly and real-time: the merchant flag is.
    expect(within(nav).queryByRole('link', { name: 'agent.page.agentDailyWages2' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'agent.page.agentHourSalary' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'agent.page.agentRealtimeSalary' })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    // The default page is the team overview; its refusal offers a retry.
    expect(await screen.findByRole('button', { name: 'common.retry' })).toBeInTheDocument();
    permission.agentPolicy = false;
  });
});
