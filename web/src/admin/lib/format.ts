import { adminLanguages } from './i18n';

/** formatTime writes an instant from the API in the operator's language and
 * time zone, to the second (an audit line needs the second). */
export function formatTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const locale = adminLanguages.find((l) => l.code === language)?.bcp47 ?? 'en';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'medium' }).format(d);
}

/** formatValue shows an audit before/after value as one line of text. */
export function formatValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}
