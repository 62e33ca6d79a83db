import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';
import { tzOffset, type DateRange } from './dates';

// The member's reports (checklist D-032..D-034). Amounts are integer minor
// units, times milliseconds since the epoch.

export const REPORT_PAGE_SIZE = 20;

export type Totals = { count: number; stake: number; win: number; profit: number };

export type BetStatus = 'open' | 'settled' | 'rolled_back';
export type Bet = {
  roundId: string;
  gameCode: string;
  gameName: string;
  vassalage: string;
  vendorName: string;
  gameType: string;
  stake: number;
  win: number;
  profit: number;
  status: BetStatus;
  betTime: number;
  settleTime: number;
};
export type BetPage = { content: Bet[]; pageNum: number; totalPages: number; totalElements: number; summary: Totals };

export const transactionTypes = ['all', 'bet', 'win', 'rollback', 'adjust'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export type Transaction = { id: string; time: number; type: string; amount: number; reference: string; gameName: string };
export type TransactionPage = { content: Transaction[]; pageNum: number; totalPages: number; totalElements: number };

export type Profit = { days: (Totals & { date: string })[]; byType: (Totals & { gameType: string })[]; total: Totals };

export type BetFilter = { range: DateRange; gameType: string; vassalage: string };
export type TransactionFilter = { range: DateRange; type: TransactionType };

// period is the query of a date range: the member's dates as picked, and
// the zone to read them in.
function period(r: DateRange) {
  return { startDate: r.start, endDate: r.end, tz: tzOffset() };
}

function useReport<T>(name: string, path: string, query: Record<string, string | number>, enabled: boolean) {
  const token = useSessionToken();
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['report', name, token, lang, query],
    queryFn: ({ signal }) => get<T>(path, query, signal),
    enabled: enabled && !!token,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useBetHistory(f: BetFilter, pageNo: number, enabled = true) {
  return useReport<BetPage>('bets', '/wps/report/accountGameBetHistory', { ...period(f.range), gameType: f.gameType, vassalage: f.vassalage, pageNo, pageSize: REPORT_PAGE_SIZE }, enabled);
}

export function useTransactions(f: TransactionFilter, pageNo: number, enabled = true) {
  return useReport<TransactionPage>('transactions', '/wps/report/transactionHistory', { ...period(f.range), type: f.type, pageNo, pageSize: REPORT_PAGE_SIZE }, enabled);
}

export function useProfit(range: DateRange, enabled = true) {
  return useReport<Profit>('profit', '/wps/report/personalProfit', period(range), enabled);
}
