// The back office's agent centre shapes (issue 15, the agent contract's
// "Back-office calls"). Amounts are integer minor units, times Unix
// milliseconds, rates basis points.

export const contractKinds = ['daily_salary', 'hourly_salary', 'realtime_salary', 'dividend'] as const;
export type ContractKind = (typeof contractKinds)[number];

export const contractStates = ['offered', 'active', 'refused', 'terminated', 'expired'] as const;
export type ContractState = (typeof contractStates)[number];

export const dividendPeriods = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
export type Period = 'daily' | 'hourly' | 'realtime' | 'weekly' | 'semimonthly' | 'monthly';

/** salaryPeriod is the one period each salary kind has. */
export const salaryPeriod: Record<Exclude<ContractKind, 'dividend'>, Period> = {
  daily_salary: 'daily',
  hourly_salary: 'hourly',
  realtime_salary: 'realtime',
};

export const payoutStates = ['paid', 'insufficient', 'nothing'] as const;
export type PayoutState = (typeof payoutStates)[number];

/** Money is how the answer's amounts are written: the merchant's currency
 * and its decimals. The contract's shapes leave them out; the section asks
 * the server to send them with every answer (see the report). */
export type Money = { currency?: string; decimals?: number };

/** AgentPage is one server page of a list (the agent contract's Page). */
export type AgentPage<T> = { list: T[]; total: number; page: number; pageSize: number } & Money;

export type MemberRef = { id: number; username: string };

export type Downline = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  status: 'active' | 'frozen';
  balance: number;
  lastLoginAt: number;
  createdAt: number;
  teamSize: number;
  directCount: number;
  depth: number;
};

export type TreeAnswer = { member: Downline; path: MemberRef[]; children: Downline[] } & Money;

export type Tier = { validBet: number; activeMembers: number; loss: number; rate: number };

export type Contract = {
  id: number;
  kind: ContractKind;
  period: Period;
  upline: MemberRef | null;
  member: MemberRef;
  tiers: Tier[];
  activeMinBet: number;
  topRate: number;
  state: ContractState;
  offeredAt: number;
  decidedAt: number;
  startsAt: number;
  endsAt: number;
  endedReason: '' | 'upline' | 'member' | 'operator' | 'replaced' | 'upline_ended' | 'moved' | 'expired';
  replacesId: number;
};

export type Run = {
  id: number;
  kind: ContractKind;
  period: Period;
  periodStart: number;
  periodEnd: number;
  state: 'running' | 'done' | 'failed';
  contracts: number;
  paid: number;
  insufficient: number;
  nothing: number;
  amount: number;
  error: string;
  startedAt: number;
  finishedAt: number;
  trigger: 'schedule' | 'operator';
};

export type Payout = {
  id: number;
  contractId: number;
  kind: ContractKind;
  period: Period;
  periodStart: number;
  periodEnd: number;
  payer: MemberRef | null;
  member: MemberRef;
  teamSize: number;
  activeMembers: number;
  validBet: number;
  profitLoss: number;
  base: number;
  tier: number;
  rate: number;
  amount: number;
  state: PayoutState;
  attempts: number;
  paidAt: number;
  createdAt: number;
};

export type RunAnswer = { run: Run } & AgentPage<Payout>;

export type FigureRow = { memberId: number; username: string; depth: number; validBet: number; profitLoss: number; active: boolean };

export type FiguresAnswer = { payout: Payout; contract: Contract } & AgentPage<FigureRow>;

export type CommissionRow = { member: MemberRef; received: number; paid: number; net: number; byKind: Partial<Record<ContractKind, number>> };

export type CommissionAnswer = AgentPage<CommissionRow> & { summary: { platformPaid: number; received: number; paid: number } };

/** agentsApi is the section's API root. */
export const agentsApi = '/admin/api/agents';

/** totalPages is how many pages a contract page has. */
export function totalPages(p: { total: number; pageSize: number } | undefined): number {
  if (!p || p.pageSize <= 0) return 0;
  return Math.ceil(p.total / p.pageSize);
}

/** rerunnable tells a run with something left to pay: it failed, or some
 * payer lacked the balance. */
export function rerunnable(run: Run): boolean {
  return run.state === 'failed' || run.insufficient > 0;
}
