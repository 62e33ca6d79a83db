import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateConsolidated, type ContractKind } from '../../data/consolidated';
import { get, getBlob, post, del, type Query } from '../../lib/api';
import { useSessionToken } from '../../lib/session';
import type { DateRange } from './period';

// The agent centre's calls (issue 15, agent contract). Amounts are integer
// minor units, times Unix milliseconds, days YYYY-MM-DD in the merchant's
// reporting zone, rates basis points.

export const PAGE_SIZE = 20;

export type MemberRef = { id: number; username: string };
export type Tier = { validBet: number; activeMembers: number; loss: number; rate: number };
export type ContractPeriod = 'daily' | 'hourly' | 'realtime' | 'weekly' | 'semimonthly' | 'monthly';
export type ContractState = 'offered' | 'active' | 'refused' | 'terminated' | 'expired';
export type Contract = {
  id: number;
  kind: ContractKind;
  period: ContractPeriod;
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
export type PayoutState = 'paid' | 'insufficient' | 'nothing';
export type Payout = {
  id: number;
  contractId: number;
  kind: ContractKind;
  period: ContractPeriod;
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
export type Figures = { newMembers: number; activeMembers: number; deposits: number; withdrawals: number; validBet: number; profitLoss: number; betCount: number };
export type Page<T> = { list: T[]; total: number; page: number; pageSize: number };

export const overviewPeriods = ['today', 'yesterday', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type OverviewPeriod = (typeof overviewPeriods)[number];
export type ChartDay = { day: string; validBet: number; profitLoss: number; newMembers: number; activeMembers: number; deposits: number; withdrawals: number };
export type Overview = { asOf: number; teamSize: number; directCount: number; periods: Record<OverviewPeriod, Figures>; chart: ChartDay[] };

export type AgentAnnouncement = { id: number; title: string; content: string; publishedAt: number };

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
export type DownlinePage = Page<Downline> & { path: MemberRef[] };
export type AccountType = 'member' | 'agent';
export type NewDownline = { username: string; password?: string; type: AccountType; nickname?: string };
export type CreatedDownline = { id: number; username: string; type: AccountType; mustChangePassword: boolean };
export type Transfer = { id: number; downline: MemberRef; amount: number; balance: number; createdAt: number };

export type ReferralCode = { id: number; code: string; type: AccountType; registrations: number; createdAt: number; disabled: boolean; registerPath: string };

export type TeamBet = { id: number; username: string; vendor: string; gameCode: string; gameName: string; gameType: string; stake: number; payout: number; profitLoss: number; status: string; openedAt: number };
export type TeamBetPage = Page<TeamBet> & { summary: { stake: number; payout: number; profitLoss: number } };

export type MemberPL = { memberId: number; username: string; depth: number; validBet: number; wins: number; profitLoss: number; betCount: number };
export type ProfitLossPage = Page<MemberPL> & { summary: { validBet: number; wins: number; profitLoss: number; betCount: number } };

export type IncomeRow = { received: number; paid: number; net: number };
export type Income = { byKind: (IncomeRow & { kind: ContractKind })[]; byDay: (IncomeRow & { day: string })[]; summary: IncomeRow };

export type LedgerEntry = { id: number; kind: string; amount: number; createdAt: number; reference: string };

export type Contracts = { mine: Contract[]; offered: Contract[] };
export type ContractOffer = { memberId: number; kind: ContractKind; period: ContractPeriod; tiers: Tier[]; activeMinBet: number };
export type ContractAction = 'sign' | 'refuse' | 'terminate';

export type PayoutRole = 'received' | 'paid';
export type PayoutPage = Page<Payout> & { summary: { amount: number } };
export type PayoutFigure = { memberId: number; username: string; depth: number; validBet: number; profitLoss: number; active: boolean };
export type PayoutFigures = { payout: Payout; contract: Contract } & Page<PayoutFigure>;

// ---- Query parameters (pure, so tests hold them to the contract) ----

export type TeamFilter = { range: DateRange; username: string };

export function periodParams(r: DateRange): Query {
  return { from: r.start, to: r.end };
}

export function downlineParams(parent: number | null, username: string, page: number): Query {
  const name = username.trim();
  // A search by username covers the whole team: the parent does not apply.
  return name ? { username: name, page, pageSize: PAGE_SIZE } : { parent: parent ?? undefined, page, pageSize: PAGE_SIZE };
}

export function teamParams(f: TeamFilter, page: number): Query {
  return { ...periodParams(f.range), username: f.username.trim() || undefined, page, pageSize: PAGE_SIZE };
}

export function payoutParams(kind: ContractKind, role: PayoutRole, r: DateRange, page: number): Query {
  return { kind, role, ...periodParams(r), page, pageSize: PAGE_SIZE };
}

// csvPath is the CSV export's address with the same filter as the table
// (no paging: the server sends up to 10,000 rows).
export function csvPath(f: TeamFilter): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...periodParams(f.range), username: f.username.trim() })) if (v) q.set(k, String(v));
  return `/wps/agent/profit-loss.csv?${q.toString()}`;
}

// processCall is how each kind's "process now" is asked (the spec's names
// and methods).
export const processCall: Record<ContractKind, { method: 'GET' | 'POST'; path: string }> = {
  dividend: { method: 'GET', path: '/wps/agent/process-dividend' },
  daily_salary: { method: 'GET', path: '/wps/agent/process-daily-salary' },
  hourly_salary: { method: 'POST', path: '/wps/agent/process-contract-hour-salary' },
  realtime_salary: { method: 'POST', path: '/wps/agent/real-time-salary-contract' },
};

// ---- Hooks ----

function useAgentQuery<T>(name: string, path: string, query: Query | undefined, opts: { enabled?: boolean; staleTime?: number } = {}) {
  const token = useSessionToken();
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['agent', name, token, lang, query ?? {}],
    queryFn: ({ signal }) => get<T>(path, query, signal),
    enabled: (opts.enabled ?? true) && !!token,
    staleTime: opts.staleTime ?? 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useOverview() {
  return useAgentQuery<Overview>('overview', '/wps/agent/overview', undefined, { staleTime: 60_000 });
}

export function useAgentAnnouncements() {
  // The api client adds the page's language to every call.
  return useAgentQuery<{ list: AgentAnnouncement[] }>('announcements', '/wps/agent/announcements', undefined, { staleTime: 300_000 });
}

export function useDownlines(parent: number | null, username: string, page: number) {
  return useAgentQuery<DownlinePage>('downlines', '/wps/agent/downlines', downlineParams(parent, username, page));
}

export function useReferralCodes() {
  return useAgentQuery<{ list: ReferralCode[] }>('referralCodes', '/wps/agent/referral-codes', undefined);
}

export function useTeamBets(f: TeamFilter, page: number) {
  return useAgentQuery<TeamBetPage>('bets', '/wps/agent/bets', teamParams(f, page));
}

export function useProfitLoss(f: TeamFilter, page: number) {
  return useAgentQuery<ProfitLossPage>('profitLoss', '/wps/agent/profit-loss', teamParams(f, page));
}

export function useIncome(r: DateRange) {
  return useAgentQuery<Income>('income', '/wps/agent/income', periodParams(r));
}

export function useDownlineTransactions(f: TeamFilter, page: number) {
  // The username is required: nothing is asked before one is given.
  return useAgentQuery<Page<LedgerEntry>>('transactions', '/wps/agent/transactions', teamParams(f, page), { enabled: f.username.trim() !== '' });
}

export function useContracts(kind: ContractKind) {
  return useAgentQuery<Contracts>('contracts', '/wps/agent/contracts', { kind });
}

export function usePayouts(kind: ContractKind, role: PayoutRole, r: DateRange, page: number) {
  return useAgentQuery<PayoutPage>('payouts', '/wps/agent/payouts', payoutParams(kind, role, r, page));
}

export function usePayoutFigures(id: number, page: number) {
  return useAgentQuery<PayoutFigures>('payoutFigures', `/wps/agent/payouts/${id}/figures`, { page, pageSize: PAGE_SIZE });
}

// refreshAgent reloads the agent centre's lists after a change.
function useRefresh() {
  const client = useQueryClient();
  return (names: string[], consolidated = false) => {
    for (const n of names) void client.invalidateQueries({ queryKey: ['agent', n] });
    if (consolidated) void invalidateConsolidated(client);
  };
}

export function useCreateDownline() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (d: NewDownline) => post<CreatedDownline>('/wps/agent/downlines', { ...d, password: d.password || undefined, nickname: d.nickname?.trim() || undefined }),
    onSuccess: () => refresh(['downlines', 'overview']),
  });
}

export function useTransfer() {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (b: { downlineId: number; amount: number; paymentPassword: string; requestId: string }) => post<Transfer>('/wps/agent/transfer', b),
    onSuccess: () => {
      refresh(['downlines']);
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}

export function useCreateCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: { type: AccountType; code?: string }) => post<ReferralCode>('/wps/agent/referral-codes', { type: b.type, code: b.code?.trim() || undefined }),
    onSuccess: () => refresh(['referralCodes']),
  });
}

export function useDisableCode() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => del<ReferralCode>(`/wps/agent/referral-codes/${id}`),
    onSuccess: () => refresh(['referralCodes']),
  });
}

export function useOfferContract() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (o: ContractOffer) => post<Contract>('/wps/agent/contracts', o),
    onSuccess: () => refresh(['contracts'], true),
  });
}

export function useContractAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: ContractAction }) => post<Contract>(`/wps/agent/contracts/${id}/${action}`),
    // A refusal (agent.contract_state) means the list is stale: reload it too.
    onSettled: () => refresh(['contracts', 'payouts'], true),
  });
}

export function useProcess(kind: ContractKind) {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => {
      const c = processCall[kind];
      return c.method === 'GET' ? get<{ processed: Payout[] }>(c.path) : post<{ processed: Payout[] }>(c.path);
    },
    onSuccess: () => {
      refresh(['payouts', 'income']);
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}

// downloadCsv fetches the export with the session header (a plain link
// cannot carry it) and hands it to the browser as a file.
export async function downloadCsv(f: TeamFilter): Promise<void> {
  const blob = await getBlob(csvPath(f));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `profit-loss-${f.range.start}-${f.range.end}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
