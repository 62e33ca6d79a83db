/** clockTime is when a deadline falls, for "counts as received at …":
 * the hour and minute on the same day, the date too on another one, in
 * the page's language (its lang attribute, as lib/format does). */
export function clockTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const locale = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
  const sameDay = d.toDateString() === now.toDateString();
  const opts: Intl.DateTimeFormatOptions = sameDay ? { hour: '2-digit', minute: '2-digit', hour12: false } : { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false };
  try {
    return new Intl.DateTimeFormat(locale, opts).format(d);
  } catch {
    return new Intl.DateTimeFormat('en', opts).format(d);
  }
}
