import { formatAmount, formatTime } from '../lib/format';
import { adminLanguages } from '../lib/i18n';
import type { Money, RewardKind } from './types';

// Exact conversions between the API's integers and what an operator reads
// and types: money in minor units, points whole, rates in basis points.
// No float touches an amount.

export const fallbackDecimals = 2;

export function decimalsOf(m: Money | undefined): number {
  return m?.decimals ?? fallbackDecimals;
}

/** major writes minor units as a decimal string in major units. */
export function major(minor: number, decimals: number): string {
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, '0');
  return decimals === 0 ? sign + digits : `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** minor reads a typed non-negative amount in major units; null when it is
 * not one or has more decimals than the currency. */
export function minor(text: string, decimals: number): number | null {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const n = Number(m[1] + frac.padEnd(decimals, '0'));
  return Number.isSafeInteger(n) ? n : null;
}

/** whole reads a typed non-negative whole number; null otherwise. */
export function whole(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) ? n : null;
}

export function bcp47Of(language: string): string {
  return adminLanguages.find((l) => l.code === language)?.bcp47 ?? 'en';
}

/** count writes a whole number with the language's grouping. */
export function count(n: number, language: string): string {
  return new Intl.NumberFormat(bcp47Of(language), { maximumFractionDigits: 0 }).format(n);
}

/** moneyText is an amount for the screen: separators and currency code. */
export function moneyText(amount: number, m: Money | undefined, language: string): string {
  const text = formatAmount(major(amount, decimalsOf(m)), language);
  return m?.currency ? `${text} ${m.currency}` : text;
}

/** amountText writes a reward figure in its unit: points are whole, the
 * rest money. */
export function amountText(amount: number, kind: RewardKind | string | undefined, m: Money | undefined, language: string, pts = 'PTS'): string {
  return kind === 'points' ? `${count(amount, language)} ${pts}` : moneyText(amount, m, language);
}

/** toInput is an amount as the form's text: points whole, money major. */
export function toInput(amount: number, points: boolean, m: Money | undefined): string {
  return points ? String(amount) : major(amount, decimalsOf(m));
}

/** fromInput reads the form's text back; null when it is not an amount. */
export function fromInput(text: string, points: boolean, m: Money | undefined): number | null {
  return points ? whole(text) : minor(text, decimalsOf(m));
}

/** rateText writes basis points as "1.50 %". */
export function rateText(bp: number, language: string): string {
  return `${formatAmount(major(bp, 2), language)} %`;
}

/** basisPoints reads a percent with at most two decimals ("1.5" → 150). */
export function basisPoints(text: string): number | null {
  return minor(text, 2);
}

/** when writes an RFC 3339 time; empty is a dash. */
export function when(iso: string | null | undefined, language: string): string {
  return iso ? formatTime(iso, language) : '—';
}

/** localInput turns an RFC 3339 time into a datetime-local value in the
 * operator's zone; localToIso does the reverse (UTC, as the API wants). */
export function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function localToIso(local: string): string | null {
  if (!local) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
