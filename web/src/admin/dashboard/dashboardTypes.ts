// The dashboard's part of the back-office API (GET /admin/api/dashboard).

/** Figures are one period's figures: counts as numbers, amounts as decimal
 * strings in major units of the merchant's currency. margin is
 * ggr / bets * 100 with two decimals, null when nothing was bet. */
export type Figures = {
  registrations: number;
  firstDeposits: number;
  activePlayers: number;
  betCount: number;
  bets: string;
  wins: string;
  ggr: string;
  margin: string | null;
};

/** HourFigures is one local hour of today and of yesterday; today is null
 * for the hours that have not begun. activePlayers counts the players whose
 * first bet of the day fell in the hour, so the hours add up to the day. */
export type HourFigures = { hour: number; today: Figures | null; yesterday: Figures };

/** Dashboard is the dashboard call's value. timezone is the merchant's
 * reporting zone as a fixed offset ("+07:00"); days are local to it. */
export type Dashboard = {
  currency: string;
  timezone: string;
  generatedAt: string;
  today: Figures;
  yesterday: Figures;
  hours: HourFigures[];
};
