import { decSum, ratioPercent } from './decimal';
import type { Dashboard, Figures } from './dashboardTypes';

/** zeroFigures is a period in which nothing happened. */
export const zeroFigures: Figures = { registrations: 0, firstDeposits: 0, activePlayers: 0, betCount: 0, bets: '0', wins: '0', ggr: '0', margin: null };

/** sumFigures adds periods that follow each other (hours of one day): the
 * counts and amounts add up, the margin is worked out again from the sums.
 * activePlayers adds up too because the API counts a player in the hour of
 * their first bet of the day only. */
export function sumFigures(list: Figures[]): Figures {
  if (list.length === 0) return zeroFigures;
  const bets = decSum(list.map((f) => f.bets));
  const ggr = decSum(list.map((f) => f.ggr));
  return {
    registrations: list.reduce((n, f) => n + f.registrations, 0),
    firstDeposits: list.reduce((n, f) => n + f.firstDeposits, 0),
    activePlayers: list.reduce((n, f) => n + f.activePlayers, 0),
    betCount: list.reduce((n, f) => n + f.betCount, 0),
    bets,
    wins: decSum(list.map((f) => f.wins)),
    ggr,
    margin: ratioPercent(ggr, bets, 2),
  };
}

/** currentHour is today's latest begun hour (0..23), or -1 when the answer
 * holds no begun hour. */
export function currentHour(d: Dashboard): number {
  return d.hours.reduce((h, x) => (x.today !== null && x.hour > h ? x.hour : h), -1);
}

/** Basis is what today is compared with: yesterday up to the same hour
 * (a fair comparison while today is still running) or all of yesterday. */
export type Basis = 'sameHour' | 'day';

/** comparedWith is the yesterday figures today is set against. */
export function comparedWith(d: Dashboard, basis: Basis): Figures {
  const now = currentHour(d);
  if (basis === 'day' || now < 0 || now >= 23) return d.yesterday;
  return sumFigures(d.hours.filter((x) => x.hour <= now).map((x) => x.yesterday));
}

/** isQuiet tells two days in which nothing at all was recorded. */
export function isQuiet(d: Dashboard): boolean {
  const empty = (f: Figures) => f.registrations === 0 && f.firstDeposits === 0 && f.activePlayers === 0 && f.betCount === 0;
  return empty(d.today) && empty(d.yesterday);
}
