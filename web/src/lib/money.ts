import { keys } from './storage';
import { createStore } from './store';

// Amounts travel as integer minor units (api-conventions); the client turns
// them into the currency's decimals only for display.

// MASK is what a hidden balance shows (spec §2: asterisks).
export const MASK = '****';

function numberFormat(locale: string, decimals: number, signed: boolean): Intl.NumberFormat {
  const opts: Intl.NumberFormatOptions = { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true };
  if (signed) opts.signDisplay = 'exceptZero';
  try {
    return new Intl.NumberFormat(locale, opts);
  } catch {
    // An unknown tag must not break the header: fall back to English digits.
    return new Intl.NumberFormat('en', opts);
  }
}

// toMajor divides by 10^decimals; integers stay exact up to 2^53.
function toMajor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}

// formatMinor shows minor units with the currency's decimals and the
// language's thousands separators.
export function formatMinor(minor: number, decimals: number, locale: string): string {
  return numberFormat(locale, decimals, false).format(toMajor(minor, decimals));
}

// formatSigned is formatMinor with an explicit + or − so a profit or loss
// is not told by colour alone.
export function formatSigned(minor: number, decimals: number, locale: string): string {
  return numberFormat(locale, decimals, true).format(toMajor(minor, decimals));
}

// The show/hide choice survives reloads (spec §2 balance show/hide) and is
// shared by every place that shows the balance.
const hidden = createStore<boolean>(typeof localStorage !== 'undefined' && localStorage.getItem(keys.balanceHidden) === '1');

export function useBalanceHidden(): boolean {
  return hidden.use((h) => h);
}

export function setBalanceHidden(value: boolean): void {
  localStorage.setItem(keys.balanceHidden, value ? '1' : '0');
  hidden.set(value);
}

// balanceText is what a balance display reads: the amount with its symbol,
// or the mask when hidden.
export function balanceText(minor: number, decimals: number, symbol: string, locale: string, hide: boolean): string {
  return hide ? MASK : `${symbol}${formatMinor(minor, decimals, locale)}`;
}

// parseMajor reads "12", "12.5", "1,234.56" or "12,5" as minor units with
// the given decimals; null when it is not such a number or has more
// decimals than the currency allows (never rounded silently). It works on
// the text, never on floats, so 0.29 is 29 and not 28.999….
export function parseMajor(text: string, decimals: number): number | null {
  let s = text.trim().replace(/\s/g, '');
  if (!s) return null;
  // One comma and no dot is a decimal comma (12,5); otherwise commas group.
  if (/^\d+,\d+$/.test(s) && s.split(',')[1].length <= decimals && s.split(',')[1].length !== 3) s = s.replace(',', '.');
  else s = s.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  const minor = Number(m[1]) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}
