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

/** formatAmount writes a decimal amount from the API (major units, as a
 * string) with the language's separators and an explicit sign when signed,
 * exactly: the digits are never passed through a float. At least two
 * decimals are shown; more when the amount carries them. */
export function formatAmount(amount: string | number | null | undefined, language: string, signed = false): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const text = String(amount).trim();
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign, whole, frac = ''] = m;
  const locale = adminLanguages.find((l) => l.code === language)?.bcp47 ?? 'en';
  let nf: Intl.NumberFormat;
  try {
    nf = new Intl.NumberFormat(locale, { useGrouping: true, minimumFractionDigits: 1, maximumFractionDigits: 1 });
  } catch {
    nf = new Intl.NumberFormat('en', { useGrouping: true, minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  // The grouped whole part and the decimal mark, from the language.
  const parts = nf.formatToParts(BigInt(whole));
  const grouped = parts.filter((p) => p.type !== 'decimal' && p.type !== 'fraction').map((p) => p.value).join('');
  const mark = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const decimals = frac.padEnd(2, '0');
  const zero = /^0*$/.test(whole + frac);
  const minus = nf.formatToParts(-1).find((p) => p.type === 'minusSign')?.value ?? '-';
  const shownSign = zero ? '' : sign === '-' ? minus : signed ? '+' : '';
  return `${shownSign}${grouped}${mark}${decimals}`;
}

/** remaining splits the time from now until iso into hours, minutes and
 * seconds; null once it has passed. */
export function remaining(iso: string, now: number): { h: number; m: number; s: number } | null {
  const left = Math.floor((new Date(iso).getTime() - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  return { h: Math.floor(left / 3600), m: Math.floor((left % 3600) / 60), s: left % 60 };
}
