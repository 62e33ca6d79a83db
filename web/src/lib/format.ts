// Dates, times and amounts are formatted by the page's language (the lang
// attribute i18n sets), so a Russian reader sees 24.11.2026 and a German one
// 1.234,56 (B-108). Digits stay Latin: amounts sit beside the server's
// figures and codes, and mixed digit systems in one table read badly.
function pageLocale(): string {
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang || 'en';
}

function safe<T>(make: (locale: string) => T): T {
  try {
    return make(pageLocale());
  } catch {
    // An unknown tag must never break a page: fall back to English.
    return make('en');
  }
}

// formatTime shows an RFC 3339 time as a date and a time with seconds in
// the viewer's time zone and language (api-conventions: the client formats
// times).
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return safe((locale) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    } as Intl.DateTimeFormatOptions).format(d),
  );
}

// formatClock is only the time of day of a millisecond timestamp, in the
// viewer's language.
export function formatClock(ms: number): string {
  return safe((locale) =>
    new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' } as Intl.DateTimeFormatOptions).format(new Date(ms)),
  );
}

// formatMoney shows an amount with the merchant's decimals (2 for the demo)
// and the language's separators.
export function formatMoney(amount: number, decimals = 2): string {
  return safe((locale) =>
    amount.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, numberingSystem: 'latn' } as Intl.NumberFormatOptions),
  );
}

// formatEpoch is formatTime for a millisecond timestamp (report rows);
// 0 means "not yet" and shows nothing.
export function formatEpoch(ms: number): string {
  return ms > 0 ? formatTime(new Date(ms).toISOString()) : '';
}
