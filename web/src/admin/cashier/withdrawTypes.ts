// The back office's withdrawal answers (issue 14). Amounts are major-unit
// decimal strings ("100.00"), like the deposits' (the contract said minor
// units; the server answers the back office's usual strings).

/** WithdrawalStatus is a withdrawal's state. */
export type WithdrawalStatus = 'pending' | 'matching' | 'paying' | 'paid' | 'completed' | 'disputed' | 'rejected' | 'cancelled' | 'failed';

/** withdrawalStatuses are every status, for the queue's filter. */
export const withdrawalStatuses: WithdrawalStatus[] = ['pending', 'matching', 'paying', 'paid', 'completed', 'disputed', 'rejected', 'cancelled', 'failed'];

/** AdminWithdrawal is one row of the withdrawal queue, and its detail. */
export type AdminWithdrawal = {
  id: number;
  memberId: number;
  username: string;
  bankAccountId: number;
  bankName: string;
  accountName: string;
  // accountNumber is whole for an operator who may decide (and so pays),
  // masked otherwise.
  accountNumber: string;
  accountMasked: string;
  amount: string;
  currency: string;
  status: WithdrawalStatus;
  reason: string;
  payout: 'manual' | 'sim' | 'p2p';
  payoutRef?: string;
  receipt: '' | 'received' | 'partial' | 'not_received' | 'auto';
  receiptRemaining: string;
  receiptNote: string;
  proofUrls: string[];
  resolution: '' | 'confirmed' | 'refunded';
  turnover?: { required: string; done: string } | null;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string;
  paidAt: string | null;
  receiptDueAt: string | null;
  receiptAt: string | null;
  resolvedAt: string | null;
  resolvedBy: string;
};

/** WithdrawPolicy is the merchant's rules for money going out; amounts in
 * major units, 0 on a limit means none. */
export type WithdrawPolicy = {
  turnoverPct: number;
  min: string;
  max: string;
  dailyCount: number;
  dailyAmount: string;
  maxOpen: number;
  receiptMinutes: number;
  payout: 'manual' | 'sim' | 'p2p';
  uplineMin: string;
  uplineMax: string;
  uplineDaily: string;
  currency?: string;
  decimals?: number;
};
