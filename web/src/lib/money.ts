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
