import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { CashierPage } from './CashierPage';
import type { AdminChannel, AdminDeposit } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const deposit = (id: number, extra: Partial<AdminDeposit> = {}): AdminDeposit => ({
  id,
  memberId: 7,
  username: `player${id}`,
  channelId: 1,
  channelName: 'ABA Bank',
  gateway: 'manual',
  amount: '100.00',
  fee: '0.00',
  credit: '100.00',
  currency: 'USD',
  status: 'submitted',
  reference: `FT${id}`,
  proofUrl: `/admin/api/cashier/proofs/${id}`,
  pspOrderId: '',
  reason: '',
  createdAt: '2026-11-25T04:00:00Z',
  decidedAt: null,
  decidedBy: '',
  ...extra,
});

const channel = (id: number, extra: Partial<AdminChannel> = {}): AdminChannel => ({
  id,
  code: id === 1 ? 'aba' : 'sim',
  name: id === 1 ? 'ABA Bank' : 'SimPay',
  kind: id === 1 ? 'bank' : 'ewallet',
  gateway: id === 1 ? 'manual' : 'sim',
  currency: 'USD',
  min: '10.00',
  max: '5000.00',
  feeBps: id === 1 ? 0 : 100,
  feeFixed: '0.00',
  dailyCount: 0,
  dailyAmount: '0.00',
  displayOrder: id,
  vipLevels: [],
  enabled: true,
  instructions: { EN: 'Transfer, then upload the receipt.' },
  bank: id === 1 ? { bankName: 'ABA', accountName: 'Demo Co', accountNumber: '000123456' } : null,
  hasSecret: id !== 1,
  ...extra,
});

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  const rows = new Map<number, AdminDeposit>([
    [5, deposit(5)],
    [6, deposit(6, { status: 'pending', proofUrl: '', reference: '' })],
    [7, deposit(7, { status: 'review', gateway: 'sim', channelId: 2, channelName: 'SimPay', pspOrderId: 'psp-7', proofUrl: '', paidAmount: '100.01' })],
  ]);
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const path = c.url.pathname;
    if (path === '/admin/api/cashier/channels' && c.method === 'GET') return { value: { channels: [channel(1), channel(2)] } };
    if (path === '/admin/api/cashier/deposits') return { value: { content: [...rows.values()], pageNum: Number(c.url.searchParams.get('pageNum')), pageSize: 20, total: 45, totalPages: 3 } };
    const m = /^\/admin\/api\/cashier\/deposits\/(\d+)\/(approve|reject)$/.exec(path);
    if (m && c.method === 'POST') {
      const d = rows.get(Number(m[1]))!;
      const next = { ...d, status: m[2] === 'approve' ? ('credited' as const) : ('rejected' as const), reason: (c.body as { reason: string }).reason };
      rows.set(d.id, next);
      return { value: next };
    }
    if (path === '/admin/api/cashier/report') {
      const f = { deposits: 2, depositAmount: '150.00', fees: '0.50', withdrawals: 0, withdrawalAmount: '0.00', net: '149.50' };
      return { value: { content: [{ day: '2026-11-25', channelId: 2, channelName: 'SimPay', ...f }], totals: f } };
    }
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/cashier/deposits');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const row = (id: number) => screen.getByTestId(`deposit-${id}`);
const finance = ['cashier.read', 'cashier.decide', 'cashier.channels'];

describe('CashierPage: deposits', () => {
  it('opens on the submitted queue, newest first, and builds the query from the filters', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier');
    expect(await screen.findByText('player5')).toBeInTheDocument();
    expect(lastList(calls)).toEqual({ status: 'submitted', sort: 'createdAt', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' });
    // Amount and credit (no fee on this channel).
    expect(within(row(5)).getAllByText('100.00 USD')).toHaveLength(2);
    // A gateway that reported another amount says so beside the order's.
    expect(within(row(7)).getByText('cashier.deposits.paid')).toBeInTheDocument();
    expect(within(row(5)).queryByText('cashier.deposits.paid')).toBeNull();

    await user.selectOptions(screen.getByLabelText('cashier.deposits.status'), 'all');
    await user.selectOptions(await screen.findByLabelText('cashier.deposits.channel'), '2');
    await user.type(screen.getByLabelText('cashier.deposits.search'), ' alice ');
    await user.type(screen.getByLabelText('cashier.from'), '2026-11-01');
    await user.type(screen.getByLabelText('cashier.to'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'cashier.apply' }));
    await waitFor(() => expect(lastList(calls)).toEqual({ channelId: '2', q: 'alice', from: '2026-11-01', to: '2026-11-25', sort: 'createdAt', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' }));
    // The export holds the same filters, every page.
    const csv = new URL(screen.getByTestId('deposits-csv').getAttribute('href')!, 'http://portal.test');
    expect(csv.pathname).toBe('/admin/api/cashier/deposits.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ channelId: '2', q: 'alice', from: '2026-11-01', to: '2026-11-25', sort: 'createdAt', order: 'desc', language: 'EN' });

    // Sort by amount, largest first, then the other way; then page on.
    await user.click(screen.getByRole('button', { name: /cashier\.deposits\.amount/ }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'amount', order: 'desc', pageNum: '1' }));
    await user.click(screen.getByRole('button', { name: /cashier\.deposits\.amount/ }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'amount', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'amount', pageNum: '2' }));
  });

  it('refuses a backwards range before asking the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier');
    await screen.findByText('player5');
    const before = lists(calls).length;
    await user.type(screen.getByLabelText('cashier.from'), '2026-11-25');
    await user.type(screen.getByLabelText('cashier.to'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'cashier.apply' }));
    expect(await screen.findByText('cashier.range.order')).toBeInTheDocument();
    expect(lists(calls)).toHaveLength(before);
  });

  it('approves with an optional reason and rejects only with one, each at its own endpoint', async () => {
    const calls = serve();
    const user = userEvent.setup();
    setCsrfToken('csrf-1');
    renderAsOperator(<CashierPage />, operator(finance), '/cashier');
    await screen.findByText('player5');
    // Approve only what was submitted or is in review; reject anything open.
    expect(within(row(6)).queryByRole('button', { name: 'cashier.decide.approve' })).toBeNull();
    expect(within(row(6)).getByRole('button', { name: 'cashier.decide.reject' })).toBeInTheDocument();
    expect(within(row(7)).getByRole('button', { name: 'cashier.decide.approve' })).toBeInTheDocument();

    await user.click(within(row(5)).getByRole('button', { name: 'cashier.decide.approve' }));
    let dialog = await screen.findByRole('dialog', { name: 'cashier.decide.approveTitle' });
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts(calls).map((c) => [c.url.pathname, c.body])).toEqual([['/admin/api/cashier/deposits/5/approve', { reason: '' }]]);
    expect(screen.getByTestId('cashier-outcome')).toHaveTextContent('cashier.decide.done.approve');

    await user.click(within(row(6)).getByRole('button', { name: 'cashier.decide.reject' }));
    dialog = await screen.findByRole('dialog', { name: 'cashier.decide.rejectTitle' });
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.reject' }));
    expect(await within(dialog).findByText('cashier.decide.reasonRequired')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.reject' }));
    expect(posts(calls)).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox'), 'No transfer arrived');
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.reject' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].url.pathname).toBe('/admin/api/cashier/deposits/6/reject');
    expect(posts(calls)[1].body).toEqual({ reason: 'No transfer arrived' });
    expect(posts(calls)[1].headers['X-CSRF-Token']).toBe('csrf-1');
  });

  it('says a held decision was sent for approval, and shows a refusal in the dialog', async () => {
    let answer: Reply = { status: 202, code: 'admin.approval_requested' };
    const calls = serve((c) => (c.method === 'POST' ? answer : undefined));
    vi.stubGlobal('fetch', ((inner) => async (input: string, init: RequestInit = {}) => {
      const res = (await inner(input, init)) as Response;
      // The harness answers failures as success:false; a held action is a
      // 202 with success:true.
      if (res.status === 202) return new Response(JSON.stringify({ success: true, code: 'admin.approval_requested', message: 'Held', value: { id: 3 } }), { status: 202 });
      return res;
    })(globalThis.fetch as (input: string, init?: RequestInit) => Promise<unknown>));
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier');
    await screen.findByText('player5');
    await user.click(within(row(5)).getByRole('button', { name: 'cashier.decide.approve' }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.approve' }));
    await waitFor(() => expect(screen.getByTestId('cashier-outcome')).toHaveTextContent('cashier.decide.held'));
    expect(screen.queryByRole('dialog')).toBeNull();

    answer = { status: 409, code: 'cashier.order_state', message: 'Already decided' };
    await user.click(within(row(7)).getByRole('button', { name: 'cashier.decide.approve' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'cashier.decide.approve' }));
    expect(await within(dialog).findByText('Already decided')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });

  it('shows the proof in a dialog', async () => {
    serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(['cashier.read']), '/cashier');
    await screen.findByText('player5');
    expect(within(row(7)).queryByRole('button', { name: 'cashier.deposits.proof' })).toBeNull();
    await user.click(within(row(5)).getByRole('button', { name: 'cashier.deposits.proof' }));
    const dialog = await screen.findByRole('dialog', { name: 'cashier.deposits.proofTitle' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/admin/api/cashier/proofs/5');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers a reader no decisions and no channel editing', async () => {
    serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(['cashier.read']), '/cashier');
    await screen.findByText('player5');
    expect(screen.queryByRole('button', { name: 'cashier.decide.approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'cashier.decide.reject' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'sections.cashier.parts.channels' }));
    expect(await screen.findByTestId('channel-aba')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'cashier.channels.new' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'cashier.channels.edit' })).toBeNull();
  });

  it('opens the tab the address names, and none without cashier.read', async () => {
    const calls = serve();
    const { unmount } = renderAsOperator(<CashierPage />, operator(['cashier.read']), '/cashier?tab=report');
    expect(screen.getByRole('tab', { name: 'sections.cashier.parts.report' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('SimPay')).toBeInTheDocument();
    unmount();
    const before = calls.length;
    renderAsOperator(<CashierPage />, operator(['cashier.decide', 'cashier.channels']), '/cashier');
    expect(screen.queryAllByRole('tab')).toEqual([]);
    expect(screen.getByText('cashier.needsRead')).toBeInTheDocument();
    expect(calls).toHaveLength(before);
  });
});

describe('CashierPage: channels', () => {
  it('creates a manual channel, blocking bad input first, and shows a server refusal at its field', async () => {
    let refuse = true;
    const calls = serve((c) => {
      if (c.method !== 'POST' || c.url.pathname !== '/admin/api/cashier/channels') return undefined;
      if (refuse) return { status: 422, code: 'cashier.channel_invalid', message: 'Code already used' };
      return { value: channel(3, c.body as Partial<AdminChannel>) };
    });
    // The harness drops an error's value; this one names the field.
    vi.stubGlobal('fetch', ((inner) => async (input: string, init: RequestInit = {}) => {
      const res = (await inner(input, init)) as Response;
      if (res.status === 422) return new Response(JSON.stringify({ success: false, code: 'cashier.channel_invalid', message: 'Code already used', value: { field: 'code' } }), { status: 422 });
      return res;
    })(globalThis.fetch as (input: string, init?: RequestInit) => Promise<unknown>));
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=channels');
    await user.click(await screen.findByRole('button', { name: 'cashier.channels.new' }));
    const form = screen.getByRole('form', { name: 'cashier.channels.newTitle' });
    await user.click(within(form).getByRole('button', { name: 'cashier.channels.create' }));
    expect(within(form).getByLabelText('cashier.channels.code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('cashier.channels.bankName')).toHaveAccessibleDescription('cashier.channels.problem.required');
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(form).getByLabelText('cashier.channels.code'), 'wing');
    await user.type(within(form).getByLabelText('cashier.channels.name'), 'Wing Bank');
    await user.type(within(form).getByLabelText('cashier.channels.min'), '5');
    await user.type(within(form).getByLabelText('cashier.channels.max'), '2500.50');
    await user.clear(within(form).getByLabelText('cashier.channels.vipLevelsInput'));
    await user.type(within(form).getByLabelText('cashier.channels.vipLevelsInput'), '3, 1');
    await user.type(within(form).getByLabelText('cashier.channels.bankName'), 'Wing');
    await user.type(within(form).getByLabelText('cashier.channels.accountName'), 'Demo Co');
    await user.type(within(form).getByLabelText('cashier.channels.accountNumber'), '99887766');
    await user.type(within(form).getAllByLabelText('cashier.channels.instructionText')[0], 'Pay to Wing.');
    await user.click(within(form).getByRole('button', { name: 'cashier.channels.create' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Code already used');
    expect(within(form).getByLabelText('cashier.channels.code')).toHaveAccessibleDescription('Code already used');

    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'cashier.channels.create' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].body).toMatchObject({
      code: 'wing',
      name: 'Wing Bank',
      kind: 'bank',
      gateway: 'manual',
      currency: 'USD',
      min: '5',
      max: '2500.50',
      feeBps: 0,
      vipLevels: [1, 3],
      enabled: true,
      instructions: { EN: 'Pay to Wing.' },
      bank: { bankName: 'Wing', accountName: 'Demo Co', accountNumber: '99887766' },
    });
    expect(await screen.findByText('cashier.channels.created')).toBeInTheDocument();
  });

  it('edits a sim channel without its code or bank details', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { value: channel(2, c.body as Partial<AdminChannel>) } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=channels');
    // Rows in display order: aba, then sim.
    await user.click((await screen.findAllByRole('button', { name: 'cashier.channels.editOne' }))[1]);
    const form = await screen.findByRole('form', { name: 'cashier.channels.editTitle' });
    expect(within(form).getByLabelText('cashier.channels.code')).toHaveAttribute('readonly');
    expect(within(form).queryByLabelText('cashier.channels.bankName')).toBeNull();
    expect(within(form).getByText('cashier.channels.secretKept')).toBeInTheDocument();
    const bps = within(form).getByLabelText('cashier.channels.feeBps');
    await user.clear(bps);
    await user.type(bps, '250');
    await user.click(within(form).getByRole('button', { name: 'cashier.channels.save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/admin/api/cashier/channels/2');
    expect(put.body).toMatchObject({ code: 'sim', feeBps: 250, bank: null, instructions: { EN: 'Transfer, then upload the receipt.' } });
  });
});

describe('CashierPage: report', () => {
  it('shows days by channel with totals, and exports the same days', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(['cashier.read']), '/cashier?tab=report');
    expect(await screen.findByText('SimPay')).toBeInTheDocument();
    expect(screen.getByTestId('report-totals')).toHaveTextContent('+149.50');
    await user.type(screen.getByLabelText('cashier.from'), '2026-11-01');
    await user.type(screen.getByLabelText('cashier.to'), '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'cashier.apply' }));
    await waitFor(() => expect(Object.fromEntries(calls.filter((c) => c.url.pathname === '/admin/api/cashier/report').at(-1)!.url.searchParams)).toMatchObject({ from: '2026-11-01', to: '2026-11-25' }));
    expect(screen.getByTestId('report-csv').getAttribute('href')).toBe('/admin/api/cashier/report.csv?from=2026-11-01&to=2026-11-25&language=EN');
  });
});
