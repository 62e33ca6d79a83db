// The reports' part of the back-office API (GET /admin/api/reports/...).
// Amounts are decimal strings in major units of the merchant's currency.

/** ReportPage is one server page of a report with its totals over every
 * row (not only this page), the currency and the local days it covers. */
export type ReportPage<Row, Totals> = {
  content: Row[];
  pageNum: number;
  pageSize: number;
  totalPages: number;
  total: number;
  totals: Totals;
  currency: string;
  timezone: string;
  from: string;
  to: string;
};

/** GgrTotals are a GGR report's figures over all its rows. */
export type GgrTotals = { betCount: number; bets: string; wins: string; ggr: string; margin: string | null };

/** GgrRow is a day, vendor, game or game type. vendor and gameType are
 * filled for game rows only. */
export type GgrRow = GgrTotals & { key: string; label: string; vendor: string; gameType: string };

/** ProfitLossTotals: ggr is the house's result (bets - wins), profit the
 * players' (wins - bets). */
export type ProfitLossTotals = { betCount: number; bets: string; wins: string; ggr: string; profit: string };

/** ProfitLossRow is one player's result over the range. */
export type ProfitLossRow = ProfitLossTotals & { memberId: number; username: string };

/** ActivityTotals: activePlayers is the distinct players over the whole
 * range, not the sum of the days. */
export type ActivityTotals = { registrations: number; firstDeposits: number; activePlayers: number; betCount: number; bets: string; wins: string; ggr: string };

/** ActivityRow is one local day. */
export type ActivityRow = ActivityTotals & { day: string };
