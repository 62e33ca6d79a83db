import { formatAmount, formatTime } from '../lib/format';
import type { Money } from './types';

// Exact conversions between the API's integers and what an operator reads
// and types: money in minor units, rates in basis points. No float ever
// touches an amount.

/** fallbackDecimals is used only while an answer does not name its
 * currency's decimals (the usual two). */
const fallbackDecimals = 2;

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

/** moneyText is an amount for the screen: the language's separators and
 * the currency's code. */
export function moneyText(amount: number, m: Money | undefined, language: string, signed = false): string {
  const text = formatAmount(major(amount, decimalsOf(m)), language, signed);
  return m?.currency ? `${text} ${m.currency}` : text;
}

/** percentOf writes basis points as a percent with two decimals (150 → "1.50"). */
export function percentOf(bp: number): string {
  return major(bp, 2);
}

/** rateText is a rate for the screen, "1.50 %". */
export function rateText(bp: number, language: string): string {
  return `${formatAmount(percentOf(bp), language)} %`;
}

/** basisPoints reads a percent typed with at most two decimals ("1.5" →
 * 150); null when it is not one. */
export function basisPoints(text: string): number | null {
  return minor(text, 2);
}

/** when writes a Unix-millisecond instant; 0 is "not set". */
export function when(ms: number, language: string): string {
  return ms ? formatTime(new Date(ms).toISOString(), language) : '—';
}

/** count writes a whole number with the language's grouping. */
export function count(n: number, bcp47: string): string {
  return new Intl.NumberFormat(bcp47, { maximumFractionDigits: 0 }).format(n);
}
