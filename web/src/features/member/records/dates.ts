// The reports' periods: local calendar dates (YYYY-MM-DD) the member
// picks; the server reads them in the member's zone from the tz offset
// sent alongside.

export type DateRange = { start: string; end: string };

// A report covers at most 90 days; longer ranges are refused before asking.
export const MAX_RANGE_DAYS = 90;

// The date picker shortcuts of spec §9 (next and last 7 and 30 days) and
// the two most asked-for days.
export const shortcuts = ['today', 'yesterday', 'last7', 'last30', 'next7', 'next30'] as const;
export type Shortcut = (typeof shortcuts)[number];

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

// addDays moves by calendar days, so a daylight-saving change does not
// skip or repeat a date.
export function addDays(d: Date, n: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n);
}

// shortcutRange answers a shortcut's first and last day, both included:
// "last 7 days" is today and the six days before it.
export function shortcutRange(s: Shortcut, today: Date = new Date()): DateRange {
  const day = (n: number) => isoDate(addDays(today, n));
  switch (s) {
    case 'today':
      return { start: day(0), end: day(0) };
    case 'yesterday':
      return { start: day(-1), end: day(-1) };
    case 'last7':
      return { start: day(-6), end: day(0) };
    case 'last30':
      return { start: day(-29), end: day(0) };
    case 'next7':
      return { start: day(0), end: day(6) };
    case 'next30':
      return { start: day(0), end: day(29) };
  }
}

// dayNumber counts days since the epoch for a YYYY-MM-DD, or NaN.
function dayNumber(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  // 2024-02-31 is not a date.
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return NaN;
  return t / 86_400_000;
}

// rangeDays is the number of days a range covers, both ends included.
export function rangeDays(r: DateRange): number {
  return dayNumber(r.end) - dayNumber(r.start) + 1;
}

// rangeError names the i18n key of what is wrong with a range, or null.
export function rangeError(r: DateRange): string | null {
  if (Number.isNaN(dayNumber(r.start)) || Number.isNaN(dayNumber(r.end))) return 'records.dateMissing';
  const days = rangeDays(r);
  if (days < 1) return 'records.dateOrder';
  if (days > MAX_RANGE_DAYS) return 'records.rangeTooLong';
  return null;
}

// tzOffset is Date.getTimezoneOffset(): minutes to add to local time to
// get UTC (-420 in Bangkok).
export function tzOffset(now: Date = new Date()): number {
  return now.getTimezoneOffset();
}
