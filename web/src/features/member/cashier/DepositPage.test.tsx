import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { parseMessage } from '../../../lib/socket';
import { MemberPage } from '../MemberPage';
import type { Channel, Deposit } from './api';

// t() puts the interpolated values after the key, so a test sees both the
// key a string comes from and what was put into it.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const permission = { referral: false, merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;

const bank = { bankName: 'ABA', accountName: 'Demo Co', accountNumber: '000123456' };
const channels: Channel[] = [
  { id: 1, code: 'aba', kind: 'bank', gateway: 'manual', name: 'ABA Bank', currency: 'USD', decimals: 2, min: 1000, max: 500000, feeBps: 0, feeFixed: 0, instructions: 'Transfer, then upload the receipt.', bank },
  { id: 2, code: 'sim', kind: 'ewallet', gateway: 'sim', name: 'SimPay', currency: 'USD', decimals: 2, min: 100, max: 1000000, feeBps: 100, feeFixed: 0, instructions: '', bank: null },
];

const order = (id: number, extra: Partial<Deposit> = {}): Deposit => ({
  id,
  channelId: 2,
  channelName: 'SimPay',
  kind: 'ewallet',
  gateway: 'sim',
  amount: 2550,
  fee: 25,
  credit: 2525,
  currency: 'USD',
  decimals: 2,
  status: 'pending',
  reference: '',
  proofUrl: '',
  payUrl: `/paysim/pay/psp${id}`,
  reason: '',
  createdAt: '2026-11-25T04:00:00Z',
  expiresAt: '2026-11-25T04:30:00Z',
  creditedAt: null,
  ...extra,
});

type Call = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | undefined };
type Refusal = { status: number; code: string };

let trial = false;
let orders: Map<number, Deposit>;
let calls: Call[] = [];
let refuseCreate: Refusal | null = null;
let nextId = 12;

beforeAll(() => import('./DepositPage'));
const slow = { timeout: 5000 };

beforeEach(() => {
  trial = false;
  orders = new Map();
  calls = [];
  refuseCreate = null;
  nextId = 12;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: u.pathname, query: u.searchParams, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    const fail = (r: Refusal) => Promise.resolve({ status: r.status, json: () => Promise.resolve({ success: false, code: r.code, message: `server says ${r.code}`, value: null }) });
    const p = u.pathname;
    if (p === '/wps/member/info') return ok({ id: 7, account: 'player01', isTrial: trial, type: trial ? 4 : 0, hasVip: false, mobileNum: '', email: '' });
    if (p === '/wps/v2/wallets/balance') return ok({ balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2 });
    if (p === '/wps/member/messages/unread') return ok({ unread: 0 });
    if (p === '/wps/cashier/channels') return ok({ channels });
    if (p === '/wps/cashier/deposits' && init.method === 'POST') {
      if (refuseCreate) return fail(refuseCreate);
      const existing = [...orders.values()].find((o) => (o as Deposit & { requestId?: string }).requestId === body!.requestId);
      if (existing) return ok(existing);
      const c = channels.find((x) => x.id === body!.channelId)!;
      const fee = Math.floor(((body!.amount as number) * c.feeBps) / 10000) + c.feeFixed;
      const d = { ...order(nextId++, { channelId: c.id, channelName: c.name, gateway: c.gateway, kind: c.kind, amount: body!.amount as number, fee, credit: (body!.amount as number) - fee, bank: c.bank, payUrl: c.gateway === 'sim' ? '/paysim/pay/pspX' : undefined }), requestId: body!.requestId };
      orders.set(d.id, d);
      return ok(d);
    }
    if (p === '/wps/cashier/deposits') {
      const all = [...orders.values()].reverse();
      return ok({ content: all, pageNum: 1, pageSize: 10, total: all.length, totalPages: all.length ? 1 : 0 });
    }
    const one = /^\/wps\/cashier\/deposits\/(\d+)(\/submit)?$/.exec(p);
    if (one) {
      const d = orders.get(Number(one[1]));
      if (!d) return fail({ status: 404, code: 'resource.not_found' });
      if (one[2]) {
        if (!String(body!.proof).startsWith('data:image/png;base64,')) return fail({ status: 422, code: 'cashier.proof_invalid' });
        const next = { ...d, status: 'submitted' as const, reference: String(body!.reference) };
        orders.set(d.id, next);
        return ok(next);
      }
      return ok(d);
    }
    return fail({ status: 404, code: 'resource.not_found' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show(route = '/member?page=depositv2') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter initialEntries={[route]}>
          <MemberPage />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
  return client;
}

const creates = () => calls.filter((c) => c.method === 'POST' && c.path === '/wps/cashier/deposits');
const amountBox = () => screen.getByRole('textbox', { name: /^cashier\.amount/ });
const confirm = () => screen.getByRole('button', { name: 'cashier.confirm' });

describe('deposit page (depositv2)', { timeout: 20_000 }, () => {
  it('lists the channels, checks the amount, previews the fee, creates the order and shows it', async () => {
    show();
    const sim = await screen.findByRole('radio', { name: /SimPay/ }, slow);
    const card = sim.closest('label')!;
    expect(card).toHaveTextContent('cashier.kind.ewallet');
    expect(card).toHaveTextContent('cashier.limits 1.00 USD 10,000.00 USD');
    expect(card).toHaveTextContent('cashier.feeRule 1%');
    expect(screen.getByRole('radio', { name: /ABA Bank/ }).closest('label')).toHaveTextContent('cashier.feeNone');
    fireEvent.click(sim);

    // Below the minimum, and too many decimals: refused here, nothing sent.
    fireEvent.change(amountBox(), { target: { value: '0.50' } });
    fireEvent.click(confirm());
    expect(await screen.findByText('cashier.amountProblem.belowMin 1.00 USD 10,000.00 USD 2')).toBeInTheDocument();
    fireEvent.change(amountBox(), { target: { value: '12.345' } });
    expect(screen.getByText(/^cashier\.amountProblem\.invalid/)).toBeInTheDocument();
    fireEvent.change(amountBox(), { target: { value: '20000' } });
    expect(screen.getByText(/^cashier\.amountProblem\.aboveMax/)).toBeInTheDocument();
    expect(creates()).toHaveLength(0);

    // 25.50 at 1%: a fee of 0.25, 25.25 credited.
    fireEvent.change(amountBox(), { target: { value: '25.50' } });
    const preview = screen.getByTestId('cashier-preview');
    expect(preview).toHaveTextContent('0.25 USD');
    expect(preview).toHaveTextContent('25.25 USD');
    // A double click asks once.
    fireEvent.click(confirm());
    fireEvent.click(confirm());
    const status = await screen.findByTestId('cashier-status');
    expect(creates()).toHaveLength(1);
    expect(creates()[0].body).toMatchObject({ channelId: 2, amount: 2550 });
    expect(String(creates()[0].body!.requestId)).toMatch(/^[\w-]{16,64}$/);
    expect(status).toHaveTextContent('cashier.status.pending');
    expect(screen.getByRole('heading', { name: 'cashier.order.title 12' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'cashier.payNow' })).toHaveAttribute('href', '/paysim/pay/pspX');
    // The history lists it.
    expect(await screen.findByRole('button', { name: 'cashier.history.view 12' })).toHaveAttribute('aria-current', 'true');
  });

  it('sends the same requestId again when the first answer was lost, and a new one for a new amount', async () => {
    show();
    fireEvent.click(await screen.findByRole('radio', { name: /SimPay/ }, slow));
    fireEvent.change(amountBox(), { target: { value: '5' } });
    refuseCreate = { status: 0, code: 'network' };
    vi.stubGlobal('fetch', ((orig) => (url: string, init: RequestInit) => {
      if (init.method === 'POST' && refuseCreate) {
        calls.push({ method: 'POST', path: new URL(url, 'http://site').pathname, query: new URLSearchParams(), body: JSON.parse(init.body as string) });
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return orig(url, init);
    })(globalThis.fetch as (url: string, init: RequestInit) => Promise<unknown>));
    fireEvent.click(confirm());
    expect(await screen.findByText('errors.network')).toBeInTheDocument();
    await waitFor(() => expect(confirm()).toBeEnabled());
    fireEvent.click(confirm());
    await waitFor(() => expect(creates()).toHaveLength(2));
    expect(creates()[1].body!.requestId).toBe(creates()[0].body!.requestId);
    // Another amount is another attempt.
    await waitFor(() => expect(confirm()).toBeEnabled());
    fireEvent.change(amountBox(), { target: { value: '6' } });
    refuseCreate = null;
    fireEvent.click(confirm());
    await screen.findByTestId('cashier-status');
    expect(creates()).toHaveLength(3);
    expect(creates()[2].body!.requestId).not.toBe(creates()[0].body!.requestId);
    expect(creates()[2].body).toMatchObject({ amount: 600 });
  });

  it('words the server refusals from its own catalogue', async () => {
    show();
    fireEvent.click(await screen.findByRole('radio', { name: /ABA Bank/ }, slow));
    fireEvent.change(amountBox(), { target: { value: '50' } });
    refuseCreate = { status: 409, code: 'cashier.too_many_pending' };
    fireEvent.click(confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('cashier.errors.tooManyPending');
    refuseCreate = { status: 422, code: 'cashier.daily_limit' };
    fireEvent.change(amountBox(), { target: { value: '60' } });
    // A changed amount clears the old refusal.
    expect(screen.queryByText('cashier.errors.tooManyPending')).toBeNull();
    fireEvent.click(confirm());
    expect(await screen.findByText('cashier.errors.dailyLimit')).toBeInTheDocument();
  });

  it('shows the bank details of a manual order and sends the reference and the receipt', async () => {
    orders.set(5, order(5, { channelId: 1, channelName: 'ABA Bank', kind: 'bank', gateway: 'manual', amount: 5000, fee: 0, credit: 5000, payUrl: undefined, bank }));
    show('/member?page=depositv2&order=5');
    expect(await screen.findByTestId('bank-accountNumber', {}, slow)).toHaveTextContent('000123456');
    expect(screen.getByTestId('bank-amount')).toHaveTextContent('50.00 USD');
    expect(screen.getByRole('button', { name: 'cashier.bank.copy cashier.bank.accountNumber' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'cashier.payNow' })).toBeNull();

    const send = screen.getByRole('button', { name: 'cashier.submit.send' });
    fireEvent.click(send);
    expect(await screen.findByText('cashier.submit.referenceProblem')).toBeInTheDocument();
    expect(screen.getByText('cashier.submit.proofProblem.required')).toBeInTheDocument();

    const file = screen.getByLabelText('cashier.submit.proof');
    // Too large, then not an image: refused before anything is sent.
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(file, { target: { files: [big] } });
    expect(await screen.findByText('cashier.submit.proofProblem.size')).toBeInTheDocument();
    fireEvent.change(file, { target: { files: [new File(['GIF89a'], 'r.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('cashier.submit.proofProblem.type')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'cashier.submit.reference' }), { target: { value: 'FT2611250001' } });
    fireEvent.change(file, { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'r.png', { type: 'image/png' })] } });
    fireEvent.click(send);
    await waitFor(() => expect(screen.getByTestId('cashier-status')).toHaveTextContent('cashier.status.submitted'));
    const submit = calls.find((c) => c.path === '/wps/cashier/deposits/5/submit')!;
    expect(submit.body).toMatchObject({ reference: 'FT2611250001' });
    expect(String(submit.body!.proof)).toMatch(/^data:image\/png;base64,/);
    expect(screen.queryByRole('button', { name: 'cashier.submit.send' })).toBeNull();
  });

  it('follows the order live when the socket says it changed, and says what happened', async () => {
    orders.set(7, order(7));
    const client = show('/member?page=depositv2&order=7');
    expect(await screen.findByText(/^cashier\.explain\.pending/, {}, slow)).toBeInTheDocument();
    orders.set(7, order(7, { status: 'credited', creditedAt: '2026-11-25T04:05:00Z' }));
    // What Startup does on {"type":"deposit"}.
    expect(parseMessage('{"type":"deposit","orderId":7,"status":"credited"}')).toEqual({ type: 'deposit', orderId: 7, status: 'credited' });
    act(() => void client.invalidateQueries({ queryKey: ['deposits', 'T'] }));
    await waitFor(() => expect(screen.getByTestId('cashier-status')).toHaveTextContent('cashier.status.credited'));
    expect(screen.getByTestId('cashier-status')).toHaveTextContent('cashier.explain.credited 25.25 USD');
    expect(screen.queryByRole('link', { name: 'cashier.payNow' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'cashier.order.newDeposit' }));
    expect(await screen.findByRole('radio', { name: /SimPay/ })).toBeInTheDocument();
  });

  it('shows a rejected order with its reason', async () => {
    orders.set(8, order(8, { status: 'rejected', reason: 'Receipt unreadable' }));
    show('/member?page=depositv2&order=8');
    const status = await screen.findByTestId('cashier-status', {}, slow);
    expect(status).toHaveTextContent('cashier.status.rejected');
    expect(within(status).getByText(/cashier\.explain\.rejected .*Receipt unreadable/)).toBeInTheDocument();
  });

  it('answers another member\'s order or none with not found', async () => {
    show('/member?page=depositv2&order=99');
    expect(await screen.findByText('cashier.errors.notFound', {}, slow)).toBeInTheDocument();
  });

  it('asks the cashier nothing for a trial user', async () => {
    trial = true;
    show();
    expect(await screen.findByText('errors.realAccount', {}, slow)).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(calls.filter((c) => c.path.startsWith('/wps/cashier'))).toEqual([]);
  });
});
