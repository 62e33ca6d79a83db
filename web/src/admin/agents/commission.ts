import { csvText } from './csv';
import { decimalsOf, major } from './figures';
import { contractKinds, type CommissionRow, type Money } from './types';

/** localDay is a date's day in the browser's zone, YYYY-MM-DD. */
function localDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** thisMonth is the first day of the month to today. */
export function thisMonth(now = new Date()): { from: string; to: string } {
  return { from: localDay(new Date(now.getFullYear(), now.getMonth(), 1)), to: localDay(now) };
}

/** commissionCsv is the loaded rows as CSV: amounts in major units with a
 * dot (what a spreadsheet reads as a number), one column per kind. */
export function commissionCsv(header: string[], rows: CommissionRow[], money: Money): string {
  const d = decimalsOf(money);
  return csvText(
    header,
    rows.map((r) => [r.member.username, major(r.received, d), major(r.paid, d), major(r.net, d), ...contractKinds.map((k) => major(r.byKind[k] ?? 0, d))]),
  );
}
