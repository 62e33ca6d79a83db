import { useState } from 'react';

// The agent reports' periods: local calendar days (YYYY-MM-DD) the server
// reads in the merchant's reporting zone. The team's betting records are
// limited to 31 days by the server; the other reports to 90 here.

export type DateRange = { start: string; end: string };

export const TEAM_BETS_MAX_DAYS = 31;
export const REPORT_MAX_DAYS = 90;

export const shortcuts = ['today', 'yesterday', 'last7', 'last30'] as const;
export type Shortcut = (typeof shortcuts)[number];

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// shortcutRange: both ends included, moved by calendar days so a
// daylight-saving change does not skip a date.
export function shortcutRange(s: Shortcut, today: Date = new Date()): DateRange {
  const day = (n: number) => isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + n));
  switch (s) {
    case 'today':
      return { start: day(0), end: day(0) };
    case 'yesterday':
      return { start: day(-1), end: day(-1) };
    case 'last7':
      return { start: day(-6), end: day(0) };
    case 'last30':
      return { start: day(-29), end: day(0) };
  }
}

function dayNumber(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const back = new Date(Date.UTC(y, mo - 1, d));
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN;
  return back.getTime() / 86_400_000;
}

// rangeError names the i18n key of what is wrong with a range, or null.
export function rangeError(r: DateRange, maxDays: number): string | null {
  const a = dayNumber(r.start);
  const b = dayNumber(r.end);
  if (Number.isNaN(a) || Number.isNaN(b)) return 'records.dateMissing';
  const days = b - a + 1;
  if (days < 1) return 'records.dateOrder';
  if (days > maxDays) return 'records.rangeTooLong';
  return null;
}

// usePeriodFilter holds the filters the form edits (draft) apart from the
// ones the query reads (applied); a valid search starts again at page 1.
export function usePeriodFilter<F extends { range: DateRange }>(rest: Omit<F, 'range'>, maxDays = REPORT_MAX_DAYS, initial: Shortcut = 'last7') {
  const [draft, setDraft] = useState<F>(() => ({ ...rest, range: shortcutRange(initial) }) as F);
  const [applied, setApplied] = useState<F>(draft);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  function apply(next: F = draft) {
    const problem = rangeError(next.range, maxDays);
    setError(problem);
    if (problem) return false;
    setApplied(next);
    setPage(1);
    return true;
  }

  return { draft, setDraft, applied, apply, error, page, setPage, maxDays };
}
