import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { parseMessage } from '../../../lib/socket';
import { MemberPage } from '../MemberPage';
import type { BankAccount, WithdrawInfo, Withdrawal } from './withdrawApi';

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

const account: BankAccount = { id: 3, bankName: 'ABA Bank', accountName: 'Sok Dara', accountMasked: '•••• 6789', createdAt: '2026-11-20T04:00:00Z' };

const baseInfo = (): WithdrawInfo => ({
  currency: 'USD',
  decimals: 2,
  balance: 50000,
  min: 1000,
  max: 100000,
  dailyCount: 3,
  dailyAmount: 0,
  usedToday: { count: 1, amount: 2000 },
  turnover: { multiplePct: 100, required: 20000, done: 20000, remaining: 0 },
  maxOpen: 2,
  openCount: 0,
  receiptMinutes: 60,
  accounts: [account],
  paymentPasswordSet: true,
  realName: 'Sok Dara',
});

const withdrawal = (id: number, extra: Partial<Withdrawal> = {}): Withdrawal => ({
  id,
  bankAccountId: 3,
  bankName: 'ABA Bank',
  accountName: 'Sok Dara',
  accountMasked: '•••• 6789',
  amount: 2500,
  currency: 'USD',
  decimals: 2,
  status: 'pending',
  reason: '',
  payout: 'manual',
  receipt: '',
  receiptRemaining: 0,
  receiptNote: '',
  proofUrls: [],
  resolution: '',
  createdAt: '2026-11-25T04:00:00Z',
  decidedAt: null,
  paidAt: null,
  receiptDueAt: null,
  receiptAt: null,
  resolvedAt: null,
  ...extra,
});

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
type Refusal = { status: number; code: string; value?: unknown };

let info: WithdrawInfo;
let list: Map<number, Withdrawal>;
let calls: Call[] = [];
let refuse: Refusal | null = null;

beforeAll(() => import('./WithdrawPage'));
const slow = { timeout: 5000 };
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

beforeEach(() => {
  info = baseInfo();
  list = new Map();
  calls = [];
  refuse = null;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    const fail = (r: Refusal) => Promise.resolve({ status: r.status, json: () => Promise.resolve({ success: false, code: r.code, message: `server says ${r.code}`, value: r.value ?? null }) });
    const p = u.pathname;
    if (p === '/wps/member/info') return ok({ id: 7, account: 'player01', isTrial: false, type: 0, hasVip: false, mobileNum: '', email: '' });
    if (p === '/wps/v2/wallets/balance') return ok({ balance: info.balance, currency: 'USD', currencySymbol: '$', decimals: 2 });
    if (p === '/wps/member/messages/unread') return ok({ unread: 0 });
    if (p === '/wps/cashier/withdraw/info') return ok(info);
    if (p === '/wps/cashier/withdrawals' && init.method === 'POST') {
      if (refuse) return fail(refuse);
      const w = withdrawal(40 + list.size, { amount: body!.amount as number });
      list.set(w.id, w);
      return ok(w);
    }
    if (p === '/wps/cashier/withdrawals') {
      const all = [...list.values()].reverse();
      return ok({ content: all, pageNum: 1, pageSize: 10, total: all.length, totalPages: all.length ? 1 : 0 });
    }
    const one = /^\/wps\/cashier\/withdrawals\/(\d+)\/(cancel|receipt)$/.exec(p);
    if (one) {
      const w = list.get(Number(one[1]));
      if (!w) return fail({ status: 404, code: 'resource.not_found' });
      if (refuse) return fail(refuse);
      const next: Withdrawal =
        one[2] === 'cancel'
          ? { ...w, status: 'cancelled' }
          : body!.result === 'received'
            ? { ...w, status: 'completed', receipt: 'received' }
            : { ...w, status: 'disputed', receipt: body!.result as Withdrawal['receipt'], receiptRemaining: (body!.remaining as number) ?? 0, receiptNote: (body!.note as string) ?? '' };
      list.set(w.id, next);
      return ok(next);
    }
    return fail({ status: 404, code: 'resource.not_found' });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show(route = '/member?page=withdraw') {
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

const creates = () => calls.filter((c) => c.method === 'POST' && c.path === '/wps/cashier/withdrawals');
const amountBox = () => screen.getByRole('textbox', { name: /^cashier\.amount/ });
const passwordBox = () => screen.getByLabelText('cashier.paymentPassword.label');
const submit = () => screen.getByRole('button', { name: 'cashier.withdraw.submit' });

describe('withdraw page', { timeout: 20_000 }, () => {
  it('shows the balance, limits and turnover, checks the form and withdraws once', async () => {
    show();
    expect(await screen.findByTestId('withdraw-summary', {}, slow)).toHaveTextContent('500.00 USD');
    expect(screen.getByTestId('withdraw-summary')).toHaveTextContent('cashier.limits 10.00 USD 1,000.00 USD');
    expect(screen.getByTestId('withdraw-summary')).toHaveTextContent('cashier.withdraw.usedOf 1 3');
    expect(screen.getByTestId('withdraw-turnover-explain')).toHaveTextContent('cashier.turnover.met');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    // The only account is picked; the password is digits only, 6 at most.
    expect(screen.getByRole('radio', { name: /ABA Bank/ })).toBeChecked();
    const pw = passwordBox();
    expect(pw).toHaveAttribute('inputmode', 'numeric');
    expect(pw).toHaveAttribute('autocomplete', 'off');
    expect(pw).toHaveAttribute('type', 'password');
    fireEvent.change(pw, { target: { value: '12a34567' } });
    expect(pw).toHaveValue('123456');

    fireEvent.change(amountBox(), { target: { value: '5' } });
    fireEvent.click(submit());
    expect(await screen.findByText(/^cashier\.amountProblem\.belowMin/)).toBeInTheDocument();
    fireEvent.change(amountBox(), { target: { value: '600' } });
    expect(screen.getByText(/^cashier\.amountProblem\.aboveBalance/)).toBeInTheDocument();
    fireEvent.change(pw, { target: { value: '123' } });
    expect(screen.getByText('cashier.paymentPassword.sixDigits')).toBeInTheDocument();
    expect(creates()).toHaveLength(0);

    fireEvent.change(amountBox(), { target: { value: '25' } });
    fireEvent.change(pw, { target: { value: '135790' } });
    fireEvent.click(submit());
    fireEvent.click(submit());
    expect(await screen.findByRole('heading', { name: 'cashier.withdraw.made' })).toBeInTheDocument();
    expect(creates()).toHaveLength(1);
    expect(creates()[0].body).toMatchObject({ bankAccountId: 3, amount: 2500, paymentPassword: '135790' });
    expect(String(creates()[0].body!.requestId)).toMatch(/^[\w-]{16,64}$/);
    const made = within(screen.getByRole('region', { name: 'cashier.withdraw.made' }));
    expect(made.getByText(/^cashier\.wExplain\.pending/)).toHaveTextContent('25.00 USD');
  });

  it('blocks the submit while the turnover requirement is not met, and says why', async () => {
    info.turnover = { multiplePct: 100, required: 20000, done: 5000, remaining: 15000 };
    show();
    expect(await screen.findByTestId('withdraw-turnover-explain', {}, slow)).toHaveTextContent('cashier.turnover.notMet 150.00 USD 1×');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByTestId('withdraw-turnover')).toHaveTextContent('200.00 USD');
    expect(screen.getByTestId('withdraw-blocked')).toHaveTextContent('cashier.withdraw.blockedTurnover 150.00 USD');
    expect(submit()).toBeDisabled();
    fireEvent.change(amountBox(), { target: { value: '25' } });
    fireEvent.change(passwordBox(), { target: { value: '135790' } });
    fireEvent.submit(submit().closest('form')!);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(creates()).toHaveLength(0);
  });

  it('words the server refusal of an unmet turnover with what remains', async () => {
    show();
    fireEvent.change(await screen.findByRole('textbox', { name: /^cashier\.amount/ }, slow), { target: { value: '25' } });
    fireEvent.change(passwordBox(), { target: { value: '135790' } });
    refuse = { status: 409, code: 'cashier.turnover_incomplete', value: { required: 20000, done: 19000, remaining: 1000 } };
    fireEvent.click(submit());
    expect(await screen.findByText('cashier.wErrors.turnoverIncomplete 10.00 USD')).toBeInTheDocument();
    refuse = { status: 429, code: 'cashier.payment_password_locked', value: { retryAfter: 600 } };
    fireEvent.change(passwordBox(), { target: { value: '135791' } });
    fireEvent.click(submit());
    expect(await screen.findByText('cashier.wErrors.passwordLocked 10')).toBeInTheDocument();
  });

  it('sends a member without a payment password or an account to the security centre', async () => {
    info.paymentPasswordSet = false;
    show();
    const prompt = await screen.findByTestId('withdraw-prompt', {}, slow);
    expect(prompt).toHaveTextContent('cashier.withdraw.needPassword');
    expect(within(prompt).getByRole('link')).toHaveAttribute('href', '/member?page=securityCenter');
    expect(screen.queryByRole('button', { name: 'cashier.withdraw.submit' })).toBeNull();
  });

  it('asks about a paid withdrawal: shows the three choices and the deadline, refuses not received without proof', async () => {
    const due = inAnHour();
    list.set(9, withdrawal(9, { status: 'paid', paidAt: '2026-11-25T04:10:00Z', receiptDueAt: due }));
    show();
    const card = await screen.findByTestId('withdrawal-9', {}, slow);
    const form = within(card).getByTestId('receipt-form');
    expect(within(form).getByRole('radio', { name: 'cashier.receipt.choice.received' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'cashier.receipt.choice.partial' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'cashier.receipt.choice.not_received' })).toBeInTheDocument();
    expect(within(form).getByTestId('receipt-due')).toHaveTextContent(/^cashier\.receipt\.due \d{2}:\d{2}$/);

    fireEvent.click(within(form).getByRole('radio', { name: 'cashier.receipt.choice.not_received' }));
    fireEvent.click(within(form).getByRole('button', { name: 'cashier.receipt.send' }));
    expect(await within(form).findByText('cashier.receipt.problem.proofRequired')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/receipt'))).toHaveLength(0);

    // A GIF and an oversized PNG are refused before anything is sent.
    const picker = within(form).getByLabelText(/^cashier\.receipt\.proofsRequired/);
    fireEvent.change(picker, { target: { files: [new File(['GIF89a'], 'r.gif', { type: 'image/gif' })] } });
    expect(await within(form).findByText('cashier.submit.proofProblem.type')).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'cashier.receipt.removeProof 1' }));
    fireEvent.change(within(form).getByLabelText(/^cashier\.receipt\.proofsRequired/), { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'r.png', { type: 'image/png' })] } });
    fireEvent.change(within(form).getByLabelText(/^cashier\.receipt\.note/), { target: { value: 'Nothing arrived at ABA' } });
    fireEvent.click(within(form).getByRole('button', { name: 'cashier.receipt.send' }));
    await waitFor(() => expect(within(screen.getByTestId('withdrawal-9')).getByText('cashier.receipt.checking')).toBeInTheDocument());
    const sent = calls.find((c) => c.path === '/wps/cashier/withdrawals/9/receipt')!;
    expect(sent.body).toMatchObject({ result: 'not_received', note: 'Nothing arrived at ABA' });
    expect((sent.body!.proofs as string[])[0]).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('withdrawal-9')).toHaveTextContent('cashier.wStatus.disputed');
  });

  it('takes a partly received answer with the missing amount, checked against the whole', async () => {
    list.set(9, withdrawal(9, { status: 'paid', receiptDueAt: inAnHour() }));
    show();
    const form = within(await screen.findByTestId('receipt-form', {}, slow));
    fireEvent.click(form.getByRole('radio', { name: 'cashier.receipt.choice.partial' }));
    const remaining = form.getByRole('textbox', { name: /^cashier\.receipt\.remaining/ });
    fireEvent.change(remaining, { target: { value: '25' } });
    fireEvent.click(form.getByRole('button', { name: 'cashier.receipt.send' }));
    expect(await form.findByText('cashier.receipt.problem.remaining 25.00 USD')).toBeInTheDocument();
    fireEvent.change(remaining, { target: { value: '5' } });
    fireEvent.click(form.getByRole('button', { name: 'cashier.receipt.send' }));
    await waitFor(() => expect(screen.getByTestId('receipt-answer')).toHaveTextContent('cashier.receipt.answer.partial 5.00 USD'));
    expect(calls.find((c) => c.path.endsWith('/receipt'))!.body).toEqual({ result: 'partial', remaining: 500 });
  });

  it('cancels a pending withdrawal and follows changes pushed by the socket', async () => {
    list.set(5, withdrawal(5));
    list.set(6, withdrawal(6, { status: 'disputed', receipt: 'not_received' }));
    const client = show();
    const card = await screen.findByTestId('withdrawal-5', {}, slow);
    fireEvent.click(within(card).getByRole('button', { name: 'cashier.withdraw.cancel' }));
    await waitFor(() => expect(screen.getByTestId('withdrawal-5')).toHaveTextContent('cashier.wStatus.cancelled'));
    expect(screen.getByTestId('withdrawal-6')).toHaveTextContent('cashier.receipt.checking');

    list.set(6, withdrawal(6, { status: 'completed', receipt: 'not_received', resolution: 'refunded', reason: 'Bank confirmed', resolvedAt: '2026-11-25T05:00:00Z' }));
    // What Startup does on {"type":"withdrawal"}.
    expect(parseMessage('{"type":"withdrawal","orderId":6,"status":"completed"}')).toEqual({ type: 'withdrawal', orderId: 6, status: 'completed' });
    act(() => void client.invalidateQueries({ queryKey: ['withdrawals', 'T'] }));
    await waitFor(() => expect(screen.getByTestId('withdrawal-6')).toHaveTextContent('cashier.receipt.resolution.refunded 25.00 USD Bank confirmed'));
    expect(screen.getByTestId('withdrawal-6')).not.toHaveTextContent('cashier.receipt.checking');
  });
});
