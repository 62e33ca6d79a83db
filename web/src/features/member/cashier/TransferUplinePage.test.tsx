import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { MemberPage } from '../MemberPage';
import type { UplineInfo } from './withdrawApi';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const permission = { referral: false, merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
let info: UplineInfo;
let calls: Call[];
let refuse: { status: number; code: string } | null;

beforeAll(() => import('./TransferUplinePage'));
const slow = { timeout: 5000 };

beforeEach(() => {
  info = { upline: { account: 'agent01' }, currency: 'USD', decimals: 2, balance: 10000, min: 100, max: 50000, dailyAmount: 100000, usedToday: 2000, paymentPasswordSet: true, list: [{ id: 4, amount: 2000, createdAt: '2026-11-25T03:00:00Z' }] };
  calls = [];
  refuse = null;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    const fail = (r: { status: number; code: string }) => Promise.resolve({ status: r.status, json: () => Promise.resolve({ success: false, code: r.code, message: `server says ${r.code}`, value: null }) });
    const p = u.pathname;
    if (p === '/wps/member/info') return ok({ id: 7, account: 'player01', isTrial: false, type: 0, hasVip: false, mobileNum: '', email: '' });
    if (p === '/wps/v2/wallets/balance') return ok({ balance: info.balance, currency: 'USD', currencySymbol: '$', decimals: 2 });
    if (p === '/wps/member/messages/unread') return ok({ unread: 0 });
    if (p === '/wps/cashier/upline' && init.method === 'POST') {
      if (refuse) return fail(refuse);
      const x = { id: 5, amount: body!.amount as number, balance: info.balance - (body!.amount as number), createdAt: '2026-11-25T04:00:00Z' };
      info = { ...info, balance: x.balance, list: [{ id: x.id, amount: x.amount, createdAt: x.createdAt }, ...info.list] };
      return ok(x);
    }
    if (p === '/wps/cashier/upline') return ok(info);
    return fail({ status: 404, code: 'resource.not_found' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter initialEntries={['/member?page=transferUpline']}>
          <MemberPage />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

const posts = () => calls.filter((c) => c.method === 'POST' && c.path === '/wps/cashier/upline');

describe('transfer to upline', { timeout: 20_000 }, () => {
  it('shows the upline, the balance and limits; checks, transfers, and lists the transfer', async () => {
    show();
    const facts = await screen.findByTestId('upline-facts', {}, slow);
    expect(facts).toHaveTextContent('agent01');
    expect(facts).toHaveTextContent('100.00 USD');
    expect(facts).toHaveTextContent('cashier.withdraw.usedOf 20.00 USD 1,000.00 USD');
    const amount = screen.getByRole('textbox', { name: /^cashier\.amount/ });
    const pw = screen.getByLabelText('cashier.paymentPassword.label');
    fireEvent.change(amount, { target: { value: '150' } });
    fireEvent.change(pw, { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'cashier.upline.submit' }));
    expect(await screen.findByText(/^cashier\.amountProblem\.aboveBalance/)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '30' } });
    refuse = { status: 403, code: 'cashier.payment_password_incorrect' };
    fireEvent.click(screen.getByRole('button', { name: 'cashier.upline.submit' }));
    expect(await screen.findByText('cashier.wErrors.passwordIncorrect')).toBeInTheDocument();
    refuse = null;
    fireEvent.click(screen.getByRole('button', { name: 'cashier.upline.submit' }));
    expect(await screen.findByTestId('upline-done')).toHaveTextContent('cashier.upline.done 30.00 USD agent01 70.00 USD');
    // The retry after the refusal is the same attempt: one requestId.
    expect(posts()).toHaveLength(2);
    expect(posts()[1].body).toMatchObject({ amount: 3000, paymentPassword: '135790' });
    expect(posts()[1].body!.requestId).toBe(posts()[0].body!.requestId);
    const recent = within(screen.getByRole('region', { name: 'cashier.upline.recent' }));
    expect(await recent.findAllByRole('listitem')).toHaveLength(2);
  });

  it('tells a member without an upline plainly and offers no form', async () => {
    info = { ...info, upline: null, list: [] };
    show();
    expect(await screen.findByText('cashier.upline.none', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'cashier.upline.submit' })).toBeNull();
  });

  it('sends a member without a payment password to set one', async () => {
    info = { ...info, paymentPasswordSet: false };
    show();
    const prompt = await screen.findByTestId('upline-prompt', {}, slow);
    expect(within(prompt).getByRole('link')).toHaveAttribute('href', '/member?page=securityCenter');
  });
});
