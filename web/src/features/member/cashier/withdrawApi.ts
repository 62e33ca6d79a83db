import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';

// The cashier's member API for money going out (issue 14: withdrawals,
// bank accounts, the payment password, receipts, transfer to upline).
// Amounts are integer minor units; decimals says how many make one unit.

/** BankAccount is one of the member's payout accounts; the number only
 * ever comes back masked (•••• 6789). */
export type BankAccount = { id: number; bankName: string; accountName: string; accountMasked: string; createdAt: string };

/** BankAccounts is the security centre's view of the payout accounts. */
export type BankAccounts = { accounts: BankAccount[]; max: number; realName: string; paymentPasswordSet: boolean };

/** Turnover is how much the member must have wagered before withdrawing:
 * remaining 0 means met; multiplePct 100 is 1x the deposits. */
export type Turnover = { multiplePct: number; required: number; done: number; remaining: number };

/** WithdrawInfo is everything the withdraw page needs before the form. */
export type WithdrawInfo = {
  currency: string;
  decimals: number;
  balance: number;
  min: number;
  max: number;
  dailyCount: number;
  dailyAmount: number;
  usedToday: { count: number; amount: number };
  turnover: Turnover;
  maxOpen: number;
  openCount: number;
  receiptMinutes: number;
  accounts: BankAccount[];
  paymentPasswordSet: boolean;
  realName: string;
};

/** WithdrawalStatus is a withdrawal's state (see the contract). */
export type WithdrawalStatus = 'pending' | 'matching' | 'paying' | 'paid' | 'completed' | 'disputed' | 'rejected' | 'cancelled' | 'failed';

/** withdrawalStatuses, in the order a withdrawal goes through them (the
 * history's filter). */
export const withdrawalStatuses: WithdrawalStatus[] = ['pending', 'matching', 'paying', 'paid', 'completed', 'disputed', 'rejected', 'cancelled', 'failed'];

/** ReceiptResult is the member's answer to "did the money arrive?". */
export type ReceiptResult = 'received' | 'partial' | 'not_received';
export const receiptResults: ReceiptResult[] = ['received', 'partial', 'not_received'];

/** Withdrawal is one withdrawal of the member. */
export type Withdrawal = {
  id: number;
  bankAccountId: number;
  bankName: string;
  accountName: string;
  accountMasked: string;
  amount: number;
  currency: string;
  decimals: number;
  status: WithdrawalStatus;
  reason: string;
  payout: 'manual' | 'sim' | 'p2p';
  receipt: '' | ReceiptResult | 'auto';
  receiptRemaining: number;
  receiptNote: string;
  proofUrls: string[];
  resolution: '' | 'confirmed' | 'refunded';
  createdAt: string;
  decidedAt: string | null;
  paidAt: string | null;
  receiptDueAt: string | null;
  receiptAt: string | null;
  resolvedAt: string | null;
};

/** waitingStatuses are those finance (or the gateway) moves on next. */
const waitingStatuses: WithdrawalStatus[] = ['pending', 'matching', 'paying', 'disputed'];

/** WITHDRAW_POLL_MS is how often the history is read again while one of
 * its withdrawals waits on finance. */
export const WITHDRAW_POLL_MS = 15_000;

/** WITHDRAW_PAGE_SIZE: the history sits under the form, so a short page. */
export const WITHDRAW_PAGE_SIZE = 10;

/** canConfirmReceipt: a paid withdrawal whose deadline has not gone by
 * (the server decides again; after it the receipt counts as received). */
export function canConfirmReceipt(w: Pick<Withdrawal, 'status' | 'receiptDueAt'>, now = Date.now()): boolean {
  if (w.status !== 'paid') return false;
  return !w.receiptDueAt || new Date(w.receiptDueAt).getTime() > now;
}

// Every key carries the session token, so another member's data never
// shows after a log-in. The socket's "withdrawal" push invalidates
// ['withdrawals', token] (src/app/Startup), which holds the page's info too
// (a decision moves the balance and the open count).
const withdrawKey = (token: string | null) => ['withdrawals', token] as const;
const accountsKey = (token: string | null) => ['bankAccounts', token] as const;
const uplineKey = (token: string | null) => ['upline', token] as const;

/** useWithdrawInfo is the balance, limits, turnover and accounts. */
export function useWithdrawInfo() {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...withdrawKey(token), 'info'],
    queryFn: ({ signal }) => get<WithdrawInfo>('/wps/cashier/withdraw/info', undefined, signal),
    enabled: !!token,
  });
}

/** WithdrawalList is a page of withdrawals: the contract says {list,
 * total}; the server answers the site's usual Page ({content, total, …}).
 * Both are read. */
export type WithdrawalList = { list?: Withdrawal[]; content?: Withdrawal[]; total: number };

/** pageOf is a page of withdrawals whichever shape it came in. */
export function pageOf(p: WithdrawalList): { list: Withdrawal[]; total: number } {
  return { list: p.content ?? p.list ?? [], total: p.total ?? 0 };
}

/** useWithdrawals is one page of the member's withdrawals, newest first. */
export function useWithdrawals(pageNum: number, status: WithdrawalStatus | '') {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...withdrawKey(token), 'list', pageNum, status],
    queryFn: async ({ signal }) => pageOf(await get<WithdrawalList>('/wps/cashier/withdrawals', { status, pageNum, pageSize: WITHDRAW_PAGE_SIZE }, signal)),
    enabled: !!token,
    placeholderData: keepPreviousData,
    // The socket's push says when one changes; a slow poll covers a push
    // missed while the link was down, only while finance has work to do.
    refetchInterval: (q) => (q.state.data?.list.some((w) => waitingStatuses.includes(w.status)) ? WITHDRAW_POLL_MS : false),
  });
}

// useWithdrawMutation has everything about withdrawals asked again after a
// call that changed one (the balance shown beside comes with the socket).
function useWithdrawMutation<V, R>(call: (v: V) => Promise<R>) {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: withdrawKey(token) });
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}

/** NewWithdrawal is a create call: requestId is made once per attempt, so
 * a double click or a retry after a lost answer gives the same order. */
export type NewWithdrawal = { bankAccountId: number; amount: number; paymentPassword: string; requestId: string };

export function useCreateWithdrawal() {
  return useWithdrawMutation((w: NewWithdrawal) => post<Withdrawal>('/wps/cashier/withdrawals', w));
}

export function useCancelWithdrawal() {
  return useWithdrawMutation((id: number) => post<Withdrawal>(`/wps/cashier/withdrawals/${id}/cancel`));
}

/** Receipt is the member's confirmation of a paid withdrawal. */
export type Receipt = { id: number; result: ReceiptResult; remaining?: number; proofs?: string[]; note?: string };

export function useConfirmReceipt() {
  return useWithdrawMutation(({ id, ...body }: Receipt) => post<Withdrawal>(`/wps/cashier/withdrawals/${id}/receipt`, body));
}

/** useBankAccounts is the member's payout accounts. */
export function useBankAccounts() {
  const token = useSessionToken();
  return useQuery({
    queryKey: accountsKey(token),
    queryFn: ({ signal }) => get<BankAccounts>('/wps/cashier/bank-accounts', undefined, signal),
    enabled: !!token,
  });
}

// useAccountMutation asks the accounts, the withdraw page and the upline
// page again: each shows the accounts or whether a password is set; and
// the profile, whose real name a first bank account sets (the key is
// named, not imported: features do not import each other's files).
function useAccountMutation<V, R>(call: (v: V) => Promise<R>) {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: accountsKey(token) });
      void client.invalidateQueries({ queryKey: withdrawKey(token) });
      void client.invalidateQueries({ queryKey: uplineKey(token) });
      void client.invalidateQueries({ queryKey: ['profile'] });
    },
  });
}

export type NewBankAccount = { bankName: string; accountNumber: string; accountName: string; paymentPassword: string };

export function useAddBankAccount() {
  return useAccountMutation((a: NewBankAccount) => post<BankAccount>('/wps/cashier/bank-accounts', a));
}

export function useRemoveBankAccount() {
  return useAccountMutation(({ id, paymentPassword }: { id: number; paymentPassword: string }) => post<{ removed: boolean }>(`/wps/cashier/bank-accounts/${id}/remove`, { paymentPassword }));
}

export type PaymentPasswordChange = { loginPassword: string; oldPaymentPassword?: string; newPaymentPassword: string };

export function useSetPaymentPassword() {
  return useAccountMutation((b: PaymentPasswordChange) => post<{ set: boolean }>('/wps/member/payment-password', b));
}

/** UplineInfo is the transfer-to-upline page's data; upline is null for a
 * member who has none. */
export type UplineInfo = {
  upline: { account: string } | null;
  currency: string;
  decimals: number;
  balance: number;
  min: number;
  max: number;
  dailyAmount: number;
  usedToday: number | { amount: number };
  paymentPasswordSet: boolean;
  list: { id: number; amount: number; createdAt: string }[];
};

/** usedAmount reads usedToday, which the contract leaves as either the
 * amount or an object holding it. */
export function usedAmount(u: UplineInfo['usedToday']): number {
  return typeof u === 'number' ? u : (u?.amount ?? 0);
}

export type UplineTransfer = { id: number; amount: number; balance: number; createdAt: string };

export function useUpline() {
  const token = useSessionToken();
  return useQuery({
    queryKey: uplineKey(token),
    queryFn: ({ signal }) => get<UplineInfo>('/wps/cashier/upline', undefined, signal),
    enabled: !!token,
  });
}

export function useTransferUpline() {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: { amount: number; paymentPassword: string; requestId: string }) => post<UplineTransfer>('/wps/cashier/upline', b),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: uplineKey(token) });
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}
