import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import type { Contract } from './api';
import { ContractPopup } from './ContractPopup';
import { ContractPage } from './pages/ContractPage';
import { DownlineManagement } from './pages/DownlineManagement';
import { DownlineTransactions } from './pages/DownlineTransactions';
import { TeamBets } from './pages/TeamBets';
import { TeamOverview } from './pages/TeamOverview';

const permission = { merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'EN', languages: [] }, agentPolicy: true } as unknown as Permission;

type Call = { method: string; url: URL; body: unknown };
let calls: Call[] = [];
// answers maps "METHOD /path" to the value (or a function of the call); a
// value of Error answers a refusal.
let answers: Record<string, unknown> = {};

const standing = (o: Partial<{ enabled: boolean; offers: number; active: boolean; canOffer: boolean; period: string }> = {}) => ({ enabled: true, offers: 0, active: true, canOffer: true, period: 'daily', ...o });
const figures = { newMembers: 3, activeMembers: 2, deposits: 10000, withdrawals: 5000, validBet: 123456, profitLoss: -2500, betCount: 9 };

function contract(o: Partial<Contract> = {}): Contract {
  return {
    id: 5,
    kind: 'hourly_salary',
    period: 'hourly',
    upline: { id: 1, username: 'boss' },
    member: { id: 2, username: 'me' },
    tiers: [{ validBet: 100000, activeMembers: 2, loss: 0, rate: 150 }],
    activeMinBet: 1000,
    topRate: 150,
    state: 'offered',
    offeredAt: Date.UTC(2026, 10, 1),
    decidedAt: 0,
    startsAt: 0,
    endsAt: 0,
    endedReason: '',
    replacesId: 0,
    ...o,
  };
}

beforeEach(() => {
  calls = [];
  answers = {
    'GET /wps/member/info': { id: 2, account: 'me', nickname: '', type: 1, isAgent: true, isTrial: false, passwordChangeRequired: false },
    'GET /wps/v2/wallets/balance': { balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2 },
    'GET /wps/member/info/funds/consolidated': { dailysalreq: standing(), divtypereq: standing(), contracthoursalreq: standing({ offers: 1, period: 'hourly' }), realtimesalreqtype: standing({ enabled: false }) },
  };
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://x');
    const method = init?.method ?? 'GET';
    const call = { method, url, body: init?.body ? JSON.parse(init.body as string) : undefined };
    calls.push(call);
    let value = answers[`${method} ${url.pathname}`];
    if (typeof value === 'function') value = (value as (c: Call) => unknown)(call);
    if (value instanceof Error) return Promise.resolve({ status: 400, json: () => Promise.resolve({ success: false, code: value.message, message: '', value: null }) });
    if (value === undefined) return Promise.resolve({ status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'nope', value: null }) });
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter>{node}</MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

const callsTo = (path: string, method = 'GET') => calls.filter((c) => c.url.pathname === path && c.method === method);

describe('team overview', () => {
  it('shows the team, six periods and when the figures were rolled up', async () => {
    const periods = { today: figures, yesterday: figures, thisWeek: figures, lastWeek: figures, thisMonth: figures, lastMonth: figures };
    answers['GET /wps/agent/overview'] = { asOf: Date.UTC(2026, 10, 25, 8, 5), teamSize: 42, directCount: 7, periods, chart: [] };
    show(<TeamOverview />);
    expect(await screen.findByRole('region', { name: 'agent.overview.period.lastMonth' })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(6);
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('agent.overview.asOf');
  });

  it('offers a retry when the call fails', async () => {
    answers['GET /wps/agent/overview'] = new Error('member.not_agent');
    show(<TeamOverview />);
    expect(await screen.findByRole('button', { name: 'common.retry' })).toBeInTheDocument();
  });
});

describe('downline management', () => {
  const row = (id: number, username: string, depth: number, directCount = 0) => ({ id, username, nickname: '', type: 1, isAgent: true, status: 'active', balance: 500, lastLoginAt: 0, createdAt: 0, teamSize: 1, directCount, depth });

  it('drills into a downline’s downlines and back through the path', async () => {
    answers['GET /wps/agent/downlines'] = (c: Call) =>
      c.url.searchParams.get('parent') === '11'
        ? { list: [row(21, 'grandkid', 2)], total: 1, page: 1, pageSize: 20, path: [{ id: 2, username: 'me' }, { id: 11, username: 'kid' }] }
        : { list: [row(11, 'kid', 1, 1)], total: 1, page: 1, pageSize: 20, path: [{ id: 2, username: 'me' }] };
    show(<DownlineManagement />);
    fireEvent.click(await screen.findByRole('button', { name: 'agent.downlines.open' }));
    expect(await screen.findByText('grandkid')).toBeInTheDocument();
    // Money goes to direct downlines only.
    expect(screen.queryByRole('button', { name: 'agent.downlines.transferTo' })).toBeNull();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'agent.downlines.path' })).getByRole('button', { name: 'me' }));
    expect(await screen.findByText('kid')).toBeInTheDocument();
    expect(callsTo('/wps/agent/downlines').map((c) => c.url.searchParams.get('parent'))).toEqual([null, '11']);
  });

  it('transfers with the payment password and one request id per dialog', async () => {
    answers['GET /wps/agent/downlines'] = { list: [row(11, 'kid', 1)], total: 1, page: 1, pageSize: 20, path: [{ id: 2, username: 'me' }] };
    let refuse = true;
    answers['POST /wps/agent/transfer'] = () => (refuse ? new Error('cashier.payment_password_incorrect') : { id: 1, downline: { id: 11, username: 'kid' }, amount: 1250, balance: 100, createdAt: 0 });
    show(<DownlineManagement />);
    fireEvent.click(await screen.findByRole('button', { name: 'agent.downlines.transferTo' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('agent.transfer.amount'), { target: { value: '12.50' } });
    fireEvent.change(within(dialog).getByLabelText('agent.transfer.paymentPassword'), { target: { value: '12a3456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'agent.transfer.submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('agent.errors.paymentPasswordIncorrect');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'agent.transfer.submit' }));
    expect(await within(dialog).findByText('agent.transfer.done')).toBeInTheDocument();
    const [first, second] = callsTo('/wps/agent/transfer', 'POST').map((c) => c.body as { downlineId: number; amount: number; paymentPassword: string; requestId: string });
    expect(first).toMatchObject({ downlineId: 11, amount: 1250, paymentPassword: '123456' });
    expect(first.requestId).toMatch(/^[\w-]{32,}$/);
    // A refused try paid nothing: the next one is a new request.
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('offers a contract with percent rates sent as basis points, after checking the tiers', async () => {
    answers['GET /wps/agent/downlines'] = { list: [row(11, 'kid', 1)], total: 1, page: 1, pageSize: 20, path: [{ id: 2, username: 'me' }] };
    answers['POST /wps/agent/contracts'] = (c: Call) => contract({ ...(c.body as object), id: 9 });
    show(<DownlineManagement />);
    fireEvent.click(await screen.findByRole('button', { name: 'agent.downlines.offerTo' }));
    const dialog = await screen.findByRole('dialog');
    // Only kinds the agent may offer (enabled and canOffer): not real-time.
    const kinds = within(dialog).getByLabelText('agent.contract.kind');
    expect([...(kinds as HTMLSelectElement).options].map((o) => o.value)).toEqual(['dividend', 'daily_salary', 'hourly_salary']);
    fireEvent.change(kinds, { target: { value: 'daily_salary' } });
    fireEvent.change(within(dialog).getByLabelText('agent.tier.validBetN'), { target: { value: '1000' } });
    fireEvent.change(within(dialog).getByLabelText('agent.tier.rateN'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'agent.offer.submit' }));
    expect(await within(dialog).findByText('agent.offer.rateInvalid')).toBeInTheDocument();
    expect(callsTo('/wps/agent/contracts', 'POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('agent.tier.rateN'), { target: { value: '1.25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'agent.offer.submit' }));
    expect(await within(dialog).findByText('agent.offer.done')).toBeInTheDocument();
    expect(callsTo('/wps/agent/contracts', 'POST')[0].body).toEqual({ memberId: 11, kind: 'daily_salary', period: 'daily', activeMinBet: 0, tiers: [{ validBet: 100000, activeMembers: 0, loss: 0, rate: 125 }] });
  });
});

describe('team reports', () => {
  it('refuses more than 31 days of team bets without asking', async () => {
    answers['GET /wps/agent/bets'] = { list: [], total: 0, page: 1, pageSize: 20, summary: { stake: 0, payout: 0, profitLoss: 0 } };
    show(<TeamBets />);
    expect(await screen.findByText('records.noBets')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('records.from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('records.to'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('agent.username'), { target: { value: 'amy' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('records.rangeTooLong');
    fireEvent.change(screen.getByLabelText('records.to'), { target: { value: '2026-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    await waitFor(() => expect(callsTo('/wps/agent/bets')).toHaveLength(2));
    expect(Object.fromEntries(callsTo('/wps/agent/bets')[1].url.searchParams)).toMatchObject({ from: '2026-01-01', to: '2026-01-31', username: 'amy', page: '1', pageSize: '20' });
  });

  it('asks for a downline’s transactions only once a username is given', async () => {
    answers['GET /wps/agent/transactions'] = { list: [{ id: 1, kind: 'bet', amount: -500, createdAt: Date.UTC(2026, 10, 1), reference: 'R1' }], total: 1, page: 1, pageSize: 20 };
    show(<DownlineTransactions />);
    expect(screen.getByText('agent.transactions.askUsername')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('agent.usernameRequired');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(callsTo('/wps/agent/transactions')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('agent.username'), { target: { value: 'kid' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    expect(await screen.findByText('R1')).toBeInTheDocument();
    expect(callsTo('/wps/agent/transactions')[0].url.searchParams.get('username')).toBe('kid');
  });
});

describe('contract pages', () => {
  beforeEach(() => {
    answers['GET /wps/agent/contracts'] = { mine: [contract()], offered: [contract({ id: 6, member: { id: 11, username: 'kid' }, upline: { id: 2, username: 'me' }, state: 'active', startsAt: Date.UTC(2026, 10, 2) })] };
    answers['GET /wps/agent/payouts'] = { list: [], total: 0, page: 1, pageSize: 20, summary: { amount: 0 } };
  });

  it('signs an offer, then reloads the contracts and the consolidated standing', async () => {
    answers['POST /wps/agent/contracts/5/sign'] = contract({ state: 'active' });
    show(<ContractPage kind="hourly_salary" />);
    const [mine] = await screen.findAllByRole('article', { name: 'agent.contract.label' });
    expect(within(mine).getByRole('button', { name: 'agent.contract.refuseNamed' })).toBeInTheDocument();
    const consolidatedBefore = callsTo('/wps/member/info/funds/consolidated').length;
    fireEvent.click(within(mine).getByRole('button', { name: 'agent.contract.signNamed' }));
    await waitFor(() => expect(callsTo('/wps/agent/contracts/5/sign', 'POST')).toHaveLength(1));
    await waitFor(() => expect(callsTo('/wps/agent/contracts').length).toBeGreaterThan(1));
    await waitFor(() => expect(callsTo('/wps/member/info/funds/consolidated').length).toBeGreaterThan(consolidatedBefore));
  });

  it('asks before ending a contract and lets the upline end what it offered', async () => {
    answers['POST /wps/agent/contracts/6/terminate'] = contract({ id: 6, state: 'active', endsAt: Date.UTC(2026, 10, 30) });
    show(<ContractPage kind="hourly_salary" />);
    await screen.findAllByRole('article');
    const buttons = screen.getAllByRole('button', { name: 'agent.contract.terminateNamed' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('agent.contract.confirm.terminate');
    fireEvent.click(within(dialog).getByRole('button', { name: 'common.confirm' }));
    await waitFor(() => expect(callsTo('/wps/agent/contracts/6/terminate', 'POST')).toHaveLength(1));
  });

  it('processes the hourly salary with POST and reloads the payouts', async () => {
    answers['POST /wps/agent/process-contract-hour-salary'] = { processed: [] };
    show(<ContractPage kind="hourly_salary" />);
    await screen.findByText('agent.payout.empty');
    fireEvent.click(screen.getByRole('button', { name: 'agent.payout.processNow' }));
    await waitFor(() => expect(callsTo('/wps/agent/process-contract-hour-salary', 'POST')).toHaveLength(1));
    await waitFor(() => expect(callsTo('/wps/agent/payouts').length).toBeGreaterThan(1));
    expect(callsTo('/wps/agent/payouts')[0].url.searchParams.get('kind')).toBe('hourly_salary');
    expect(callsTo('/wps/agent/payouts')[0].url.searchParams.get('role')).toBe('received');
  });

  it('shows the figures behind a payout', async () => {
    const payout = { id: 77, contractId: 5, kind: 'hourly_salary', period: 'hourly', periodStart: 0, periodEnd: 0, payer: null, member: { id: 2, username: 'me' }, teamSize: 3, activeMembers: 2, validBet: 100000, profitLoss: 0, base: 100000, tier: 0, rate: 150, amount: 1500, state: 'paid', attempts: 1, paidAt: 1, createdAt: 1 };
    answers['GET /wps/agent/payouts'] = { list: [payout], total: 1, page: 1, pageSize: 20, summary: { amount: 1500 } };
    answers['GET /wps/agent/payouts/77/figures'] = { payout, contract: contract(), list: [{ memberId: 3, username: 'punter', depth: 1, validBet: 100000, profitLoss: -100, active: true }], total: 1, page: 1, pageSize: 20 };
    show(<ContractPage kind="hourly_salary" />);
    fireEvent.click(await screen.findByRole('button', { name: 'agent.payout.figuresTitle' }));
    expect(await screen.findByText('punter')).toBeInTheDocument();
  });
});

describe('contract popup', () => {
  it('lists the offers awaiting an answer with sign and refuse', async () => {
    answers['GET /wps/agent/contracts'] = { mine: [contract(), contract({ id: 4, state: 'active' })], offered: [] };
    show(<ContractPopup onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findAllByRole('article')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'agent.contract.signNamed' })).toBeInTheDocument();
    // Only the kind with offers is asked for.
    expect(callsTo('/wps/agent/contracts').map((c) => c.url.searchParams.get('kind'))).toEqual(['hourly_salary']);
  });
});
