import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { CashierPage } from './CashierPage';
import type { AdminWithdrawal, WithdrawPolicy } from './withdrawTypes';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const withdrawal = (id: number, extra: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id,
  memberId: 7,
  username: `player${id}`,
  bankAccountId: 3,
  bankName: 'ABA Bank',
  accountName: 'Sok Dara',
  accountNumber: '000123456789',
  accountMasked: '•••• 6789',
  amount: '25.00',
  currency: 'USD',
  status: 'pending',
  reason: '',
  payout: 'manual',
  receipt: '',
  receiptRemaining: '0.00',
  receiptNote: '',
  proofUrls: [],
  resolution: '',
  turnover: { required: '200.00', done: '250.00' },
  createdAt: '2026-11-25T04:00:00Z',
  decidedAt: null,
  decidedBy: '',
  paidAt: null,
  receiptDueAt: null,
  receiptAt: null,
  resolvedAt: null,
  resolvedBy: '',
  ...extra,
});

const policy: WithdrawPolicy = { turnoverPct: 100, min: '10.00', max: '50000.00', dailyCount: 5, dailyAmount: '0.00', maxOpen: 1, receiptMinutes: 30, payout: 'manual', uplineMin: '1.00', uplineMax: '10000.00', uplineDaily: '0.00', currency: 'USD', decimals: 2 };

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  const rows = new Map<number, AdminWithdrawal>([
    [5, withdrawal(5)],
    [6, withdrawal(6, { status: 'disputed', receipt: 'partial', receiptRemaining: '5.00', receiptNote: 'Only 20 arrived', proofUrls: ['/admin/api/cashier/withdrawals/6/proofs/0'], paidAt: '2026-11-25T04:10:00Z', receiptAt: '2026-11-25T04:20:00Z' })],
  ]);
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const path = c.url.pathname;
    if (path === '/admin/api/cashier/deposits') return { value: { content: [], pageNum: 1, pageSize: 20, total: 0, totalPages: 0 } };
    if (path === '/admin/api/cashier/channels') return { value: { channels: [] } };
    if (path === '/admin/api/cashier/withdrawals') return { value: { content: [...rows.values()], pageNum: 1, pageSize: 20, total: rows.size, totalPages: 1 } };
    const one = /^\/admin\/api\/cashier\/withdrawals\/(\d+)(?:\/(approve|reject|resolve))?$/.exec(path);
    if (one) {
      const w = rows.get(Number(one[1]));
      if (!w) return { status: 404, code: 'resource.not_found' };
      if (!one[2]) return { value: w };
      const body = c.body as { reason: string; outcome?: string };
      const status = one[2] === 'approve' ? 'paid' : one[2] === 'reject' ? 'rejected' : 'completed';
      const next = { ...w, status, reason: body.reason, resolution: (body.outcome ?? '') as AdminWithdrawal['resolution'] } as AdminWithdrawal;
      rows.set(w.id, next);
      return { value: next };
    }
    if (path === '/admin/api/cashier/withdraw-policy' && c.method === 'GET') return { value: policy };
    if (path === '/admin/api/cashier/withdraw-policy' && c.method === 'PUT') {
      const b = c.body as WithdrawPolicy;
      if (b.turnoverPct > 10000) return { status: 422, code: 'cashier.policy_invalid', message: 'turnover' };
      return { value: b };
    }
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/cashier/withdrawals');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const finance = ['cashier.read', 'cashier.decide', 'cashier.channels'];

describe('CashierPage: withdrawals', { timeout: 20_000 }, () => {
  it('is a tab beside deposits that opens on the pending queue, with filters, sort and the CSV of the same rows', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier');
    await user.click(await screen.findByRole('tab', { name: 'sections.cashier.parts.withdrawals' }));
    expect(await screen.findByText('player5')).toBeInTheDocument();
    expect(lastList(calls)).toEqual({ status: 'pending', sort: 'createdAt', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' });
    expect(within(screen.getByTestId('withdrawal-5')).getByText('25.00 USD')).toBeInTheDocument();
    expect(within(screen.getByTestId('withdrawal-5')).getByText('000123456789')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('cashier.deposits.status'), 'disputed');
    await user.type(screen.getByLabelText('cashier.deposits.search'), 'alice');
    await user.type(screen.getByLabelText('cashier.from'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'cashier.apply' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ status: 'disputed', q: 'alice', from: '2026-11-01' }));
    const csv = new URL(screen.getByTestId('withdrawals-csv').getAttribute('href')!, 'http://portal.test');
    expect(csv.pathname).toBe('/admin/api/cashier/withdrawals.csv');
    expect(Object.fromEntries(csv.searchParams)).toMatchObject({ status: 'disputed', q: 'alice', from: '2026-11-01' });
    await user.click(screen.getByRole('button', { name: /cashier\.deposits\.amount/ }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'amount', order: 'desc' }));
  });

  it('shows the detail with the turnover and approves with an optional payout reference', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=withdrawals');
    await user.click(within(await screen.findByTestId('withdrawal-5')).getByRole('button'));
    const detail = await screen.findByTestId('withdrawal-detail');
    expect(within(detail).getByTestId('withdrawal-account-number')).toHaveTextContent('000123456789');
    expect(within(detail).getByTestId('withdrawal-turnover')).toHaveTextContent('cashier.withdrawals.turnoverIs');
    await user.click(within(detail).getByRole('button', { name: 'cashier.decide.approve' }));
    await user.type(screen.getByLabelText('cashier.withdrawals.reference'), 'FT-9981');
    await user.click(screen.getByRole('button', { name: 'cashier.withdrawals.effect.approveTitle' }));
    expect(await screen.findByTestId('withdraw-outcome')).toHaveTextContent('cashier.withdrawals.done.approve');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/api/cashier/withdrawals/5/approve');
    expect(post.body).toEqual({ reason: '', payoutReference: 'FT-9981' });
  });

  it('rejects only with a reason', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=withdrawals');
    await user.click(within(await screen.findByTestId('withdrawal-5')).getByRole('button'));
    await user.click(within(await screen.findByTestId('withdrawal-detail')).getByRole('button', { name: 'cashier.decide.reject' }));
    await user.click(screen.getByRole('button', { name: 'cashier.withdrawals.effect.rejectTitle' }));
    expect(await screen.findByText('cashier.decide.reasonRequired')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.type(screen.getByLabelText('cashier.decide.reasonNeeded'), 'Name does not match');
    await user.click(screen.getByRole('button', { name: 'cashier.withdrawals.effect.rejectTitle' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.url.pathname).toBe('/admin/api/cashier/withdrawals/5/reject');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Name does not match' });
  });

  it('shows a dispute with the remaining amount, the note and the proofs, and resolves it with a reason', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=withdrawals');
    await user.click(within(await screen.findByTestId('withdrawal-6')).getByRole('button'));
    const receipt = await screen.findByTestId('withdrawal-receipt');
    expect(receipt).toHaveTextContent('cashier.withdrawals.receiptIs.partial');
    expect(receipt).toHaveTextContent('cashier.withdrawals.missing');
    expect(receipt).toHaveTextContent('cashier.withdrawals.note');
    // The proof is the admin route, fetched with the operator's cookie.
    expect(within(receipt).getByRole('img')).toHaveAttribute('src', '/admin/api/cashier/withdrawals/6/proofs/0');
    const detail = screen.getByTestId('withdrawal-detail');
    expect(within(detail).queryByRole('button', { name: 'cashier.decide.approve' })).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'cashier.withdrawals.resolve.refunded' }));
    expect(screen.getByTestId('withdraw-effect')).toHaveTextContent('cashier.withdrawals.effect.refunded');
    await user.type(screen.getByLabelText('cashier.decide.reasonNeeded'), 'Bank statement shows 20.00');
    await user.click(screen.getByRole('button', { name: 'cashier.withdrawals.effect.refundedTitle' }));
    expect(await screen.findByTestId('withdraw-outcome')).toHaveTextContent('cashier.withdrawals.done.refunded');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/api/cashier/withdrawals/6/resolve');
    expect(post.body).toEqual({ outcome: 'refunded', reason: 'Bank statement shows 20.00' });
  });

  it('offers a reader no decisions and the policy read-only', async () => {
    serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(['cashier.read']), '/cashier?tab=withdrawals');
    await user.click(within(await screen.findByTestId('withdrawal-5')).getByRole('button'));
    const detail = await screen.findByTestId('withdrawal-detail');
    expect(within(detail).queryByRole('button', { name: 'cashier.decide.approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'cashier.close' }));
    await user.click(screen.getByRole('tab', { name: 'sections.cashier.parts.withdrawSettings' }));
    expect(await screen.findByText('cashier.policy.readOnly')).toBeInTheDocument();
    expect(screen.getByLabelText('cashier.policy.turnoverPct')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'cashier.channels.save' })).toBeNull();
  });

  it('edits the withdrawal policy, checks numbers first and shows the server refusal', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<CashierPage />, operator(finance), '/cashier?tab=withdrawSettings');
    const pct = await screen.findByLabelText('cashier.policy.turnoverPct');
    expect(pct).toHaveValue('100');
    await user.clear(pct);
    await user.type(pct, 'abc');
    await user.click(screen.getByRole('button', { name: 'cashier.channels.save' }));
    expect(await screen.findByText('cashier.policy.invalid')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.clear(pct);
    await user.type(pct, '20000');
    await user.click(screen.getByRole('button', { name: 'cashier.channels.save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.clear(pct);
    await user.type(pct, '150');
    await user.selectOptions(screen.getByLabelText('cashier.policy.payout'), 'sim');
    await user.click(screen.getByRole('button', { name: 'cashier.channels.save' }));
    expect(await screen.findByText('cashier.policy.saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ turnoverPct: 150, min: '10.00', max: '50000.00', dailyCount: 5, dailyAmount: '0.00', maxOpen: 1, receiptMinutes: 30, payout: 'sim', uplineMin: '1.00', uplineMax: '10000.00', uplineDaily: '0.00' });
  });
});
