import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../data/permission';
import type { Permission } from '../data/types';
import { popups } from '../lib/popups';
import { PopupHost } from './PopupHost';

const permission = { merchant: { code: 'demo', name: 'Demo', decimals: 2, languages: [] }, agentPolicy: true } as unknown as Permission;
const standing = (offers: number) => ({ enabled: true, offers, active: false, canOffer: false, period: 'daily' });

let isAgent = true;
let offers = 1;
let consolidatedCalls = 0;

beforeEach(() => {
  isAgent = true;
  offers = 1;
  consolidatedCalls = 0;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string) => {
    let value: unknown = [];
    if (url.startsWith('/wps/member/info/funds/consolidated')) {
      consolidatedCalls++;
      value = { dailysalreq: standing(0), divtypereq: standing(offers), contracthoursalreq: standing(0), realtimesalreqtype: standing(0) };
    } else if (url.startsWith('/wps/member/info')) value = { id: 1, account: 'a', nickname: '', type: 1, isAgent, isTrial: false, passwordChangeRequired: false };
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  popups.set([]);
  sessionStorage.clear();
});

function host() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter>
          <PopupHost />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

const contractOpen = () => popups.get().some((p) => p.id === 'contract');

describe('contract popup opening by itself (F-019)', () => {
  it('opens once per session for an agent with offers awaiting an answer', async () => {
    const first = host();
    await waitFor(() => expect(contractOpen()).toBe(true));
    first.unmount();
    popups.set([]);
    host();
    await new Promise((r) => setTimeout(r, 30));
    expect(contractOpen()).toBe(false);
  });

  it('stays closed without offers, and does not ask for a member who is not an agent', async () => {
    offers = 0;
    const a = host();
    await waitFor(() => expect(consolidatedCalls).toBe(1));
    expect(contractOpen()).toBe(false);
    a.unmount();
    isAgent = false;
    consolidatedCalls = 0;
    host();
    await new Promise((r) => setTimeout(r, 30));
    expect(consolidatedCalls).toBe(0);
  });
});
