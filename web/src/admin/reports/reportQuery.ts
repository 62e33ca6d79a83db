import { withQuery, type Query } from '../lib/api';
import { pageSizes } from '../components/Pager';

// The reports' state lives in the address (?tab=ggr&by=vendor&from=...), so
// a report can be linked, reloaded and gone back to. This module reads it,
// writes it back without the defaults, and turns it into the API's query.

/** The reports' tabs (sections.reports.parts). */
export const reportTabs = ['ggr', 'profitLoss', 'players'] as const;
export type ReportTab = (typeof reportTabs)[number];

/** What a GGR report is broken down by. */
export const ggrBys = ['day', 'vendor', 'game', 'gameType'] as const;
export type GgrBy = (typeof ggrBys)[number];

export type SortOrder = 'asc' | 'desc';

/** ReportState is everything the address says about the report shown. */
export type ReportState = {
  tab: ReportTab;
  by: GgrBy;
  // from and to are local days (YYYY-MM-DD); empty lets the server pick
  // its default (the last 30 days in the reporting zone).
  from: string;
  to: string;
  vendor: string;
  gameType: string;
  q: string;
  sort: string;
  order: SortOrder;
  page: number;
  size: number;
};

/** qMax is the longest prefix filter the API takes. */
export const qMax = 40;

/** sortKeys are the columns each report can be sorted by on the server. */
export function sortKeys(tab: ReportTab): string[] {
  if (tab === 'ggr') return ['key', 'betCount', 'bets', 'wins', 'ggr'];
  if (tab === 'profitLoss') return ['username', 'betCount', 'bets', 'wins', 'ggr'];
  return ['day'];
}

/** defaultSort is the API's own default: newest day first for days, the
 * largest GGR first otherwise. */
export function defaultSort(tab: ReportTab, by: GgrBy): string {
  if (tab === 'ggr') return by === 'day' ? 'key' : 'ggr';
  if (tab === 'profitLoss') return 'ggr';
  return 'day';
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** isDay tells a real calendar day written YYYY-MM-DD. */
export function isDay(s: string): boolean {
  if (!dayPattern.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

function pick<T extends string>(v: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(v as T) ? (v as T) : fallback;
}

function whole(v: string | null, fallback: number, max: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

/** readReportState reads the address; anything malformed falls back to
 * its default rather than reaching the server. */
export function readReportState(p: URLSearchParams): ReportState {
  const tab = pick(p.get('tab'), reportTabs, 'ggr');
  const by = pick(p.get('by'), ggrBys, 'day');
  const day = (k: string) => {
    const v = p.get(k) ?? '';
    return isDay(v) ? v : '';
  };
  const text = (k: string) => (p.get(k) ?? '').trim().slice(0, qMax);
  return {
    tab,
    by,
    from: day('from'),
    to: day('to'),
    vendor: tab === 'ggr' ? text('vendor') : '',
    gameType: tab === 'ggr' ? text('gameType') : '',
    q: tab === 'players' ? '' : text('q'),
    sort: pick(p.get('sort'), sortKeys(tab), defaultSort(tab, by)),
    order: pick(p.get('order'), ['asc', 'desc'] as const, 'desc'),
    page: whole(p.get('page'), 1, 100000),
    size: pageSizes.includes(Number(p.get('size'))) ? Number(p.get('size')) : pageSizes[0],
  };
}

/** writeReportState is the address for s, leaving out what is default. */
export function writeReportState(s: ReportState): URLSearchParams {
  const p = new URLSearchParams();
  const put = (k: string, v: string | number, empty: string | number) => {
    if (v !== empty && v !== '') p.set(k, String(v));
  };
  put('tab', s.tab, 'ggr');
  if (s.tab === 'ggr') put('by', s.by, 'day');
  put('from', s.from, '');
  put('to', s.to, '');
  if (s.tab === 'ggr') {
    put('vendor', s.vendor, '');
    put('gameType', s.gameType, '');
  }
  if (s.tab !== 'players') put('q', s.q, '');
  put('sort', s.sort, defaultSort(s.tab, s.by));
  put('order', s.order, 'desc');
  put('page', s.page, 1);
  put('size', s.size, pageSizes[0]);
  return p;
}

/** reportPath is the API path of a tab's report. */
export function reportPath(tab: ReportTab): string {
  if (tab === 'ggr') return '/admin/api/reports/ggr';
  if (tab === 'profitLoss') return '/admin/api/reports/players';
  return '/admin/api/reports/activity';
}

/** Range is the days a report covers when the address names none: the
 * server's answer, so an export holds exactly the days on screen. */
export type Range = { from: string; to: string };

/** filterQuery is the report's filters and order, shared by the page call
 * and the CSV export so the file holds what the table shows. */
export function filterQuery(s: ReportState, shown?: Range): Query {
  const q: Query = { from: s.from || shown?.from, to: s.to || shown?.to, sort: s.sort, order: s.order };
  if (s.tab === 'ggr') {
    q.by = s.by;
    q.vendor = s.vendor;
    q.gameType = s.gameType;
    // A day's key is the date: a prefix filter on it would only confuse.
    if (s.by !== 'day') q.q = s.q;
  }
  if (s.tab === 'profitLoss') q.q = s.q;
  return q;
}

/** pageQuery is the page call's query: the filters and the page. The days
 * are sent only when the address has them; otherwise the server's
 * default range applies and comes back in the answer. */
export function pageQuery(s: ReportState): Query {
  return { ...filterQuery(s), pageNum: s.page, pageSize: s.size };
}

/** csvHref is the export's address: a plain GET the browser downloads
 * with the session cookie (a GET needs no CSRF token). */
export function csvHref(s: ReportState, shown?: Range): string {
  return withQuery(`${reportPath(s.tab)}.csv`, filterQuery(s, shown));
}

/** rangeProblem is what is wrong with a range typed in the form, as a
 * catalogue key, or '' when it may be sent (the server checks again). */
export function rangeProblem(from: string, to: string): string {
  if ((from && !isDay(from)) || (to && !isDay(to))) return 'reports.range.invalid';
  if (from && to && from > to) return 'reports.range.order';
  // The longest range allowed is the server's to judge: it answers
  // admin.range_invalid, shown as it comes.
  return '';
}
