import { adminLanguages } from '../lib/i18n';

/** offsetMinutes reads a fixed offset like "+07:00" or "-03:30"; null for
 * anything else. */
export function offsetMinutes(zone: string): number | null {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(zone);
  if (!m || Number(m[2]) > 14 || Number(m[3]) > 59) return null;
  const n = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -n : n;
}

/** zoneClock writes an instant's wall-clock time (hours, minutes, seconds)
 * in the reporting zone, so "updated at" reads on the same clock as the
 * dashboard's hours whatever zone the operator's computer is in. With an
 * unreadable zone it falls back to the computer's own. */
export function zoneClock(iso: string, zone: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = adminLanguages.find((l) => l.code === language)?.bcp47 ?? 'en';
  const offset = offsetMinutes(zone);
  const opts: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };
  if (offset === null) return new Intl.DateTimeFormat(locale, opts).format(d);
  // Shift the instant by the offset and read it as UTC: that is the wall
  // clock in a fixed-offset zone.
  return new Intl.DateTimeFormat(locale, { ...opts, timeZone: 'UTC' }).format(new Date(d.getTime() + offset * 60_000));
}

/** hourLabel is an hour of the day as "07:00". */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** zoneLabel is the zone as operators read it: "UTC+07:00". */
export function zoneLabel(zone: string): string {
  return `UTC${zone}`;
}
