// The back office's cashier answers (issue 14, deposits). Amounts are
// major-unit decimal strings ("100.00"), like the approvals'.

/** DepositStatus is a deposit order's state. */
export type DepositStatus = 'pending' | 'submitted' | 'review' | 'credited' | 'rejected' | 'expired' | 'failed';

/** depositStatuses are every status, for the queue's filter. */
export const depositStatuses: DepositStatus[] = ['pending', 'submitted', 'review', 'credited', 'rejected', 'expired', 'failed'];

/** approvable: finance credits only what a member submitted or the
 * gateway sent for review. */
export const approvable: DepositStatus[] = ['submitted', 'review'];

/** rejectable: anything not yet final. */
export const rejectable: DepositStatus[] = ['pending', 'submitted', 'review'];

/** AdminDeposit is one row of the finance queue. */
export type AdminDeposit = {
  id: number;
  memberId: number;
  username: string;
  channelId: number;
  channelName: string;
  gateway: 'manual' | 'sim';
  amount: string;
  fee: string;
  credit: string;
  // paidAmount is what the gateway said was paid, when it said so; an
  // order in review is one where it differs from amount.
  paidAmount?: string;
  currency: string;
  status: DepositStatus;
  reference: string;
  proofUrl: string;
  pspOrderId: string;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string;
};

/** ChannelKind is what a member pays with; p2p goes with the match
 * gateway only. */
export type ChannelKind = 'bank' | 'ewallet' | 'qr' | 'p2p';
/** channelKinds are the kinds the form offers. */
export const channelKinds: ChannelKind[] = ['bank', 'ewallet', 'qr', 'p2p'];
/** Gateway is who confirms the payment: finance (manual) or the
 * simulator's signed webhook (sim). */
export type Gateway = 'manual' | 'sim' | 'match';
/** gateways are the gateways the form offers. */
export const gateways: Gateway[] = ['manual', 'sim', 'match'];

/** BankDetails is the account members of a manual channel transfer to. */
export type BankDetails = { bankName: string; accountName: string; accountNumber: string };

/** AdminChannel is a payment channel as the back office edits it; its
 * webhook secret never leaves the server (hasSecret says one exists). */
export type AdminChannel = {
  id: number;
  code: string;
  name: string;
  kind: ChannelKind;
  gateway: Gateway;
  currency: string;
  min: string;
  max: string;
  feeBps: number;
  feeFixed: string;
  dailyCount: number;
  dailyAmount: string;
  displayOrder: number;
  vipLevels: number[];
  enabled: boolean;
  instructions: Record<string, string>;
  bank: BankDetails | null;
  hasSecret: boolean;
};

/** ChannelBody is what create and update send. */
export type ChannelBody = Omit<AdminChannel, 'id' | 'hasSecret'>;

/** ReportFigures are one day and channel of the cashier report, or its
 * totals. */
export type ReportFigures = {
  deposits: number;
  depositAmount: string;
  fees: string;
  withdrawals: number;
  withdrawalAmount: string;
  // refunds is what disputes returned to members; net is deposits credited
  // - withdrawals paid + refunds (fees apart).
  refunds?: string;
  net: string;
};

/** ReportRow is one local day and channel. */
export type ReportRow = ReportFigures & { day: string; channelId: number; channelName: string };

/** CashierReport is the report's answer: its rows and their totals. */
export type CashierReport = { content: ReportRow[]; totals: ReportFigures };
