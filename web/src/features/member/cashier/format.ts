import { useTranslation } from 'react-i18next';
import { bcp47, rtlLanguages } from '../../../lib/language';
import { formatMinor } from '../../../lib/money';

/** useCashierMoney formats minor units of an order's or a channel's own
 * currency (which need not be the wallet's) in the page's language, the
 * currency code after the figure. */
export function useCashierMoney() {
  const { i18n } = useTranslation();
  const locale = bcp47(i18n.language);
  const rtl = rtlLanguages.includes((i18n.language ?? '').toUpperCase());
  return (minor: number, decimals: number, currency: string) => {
    const text = `${formatMinor(minor, decimals, locale)} ${currency}`;
    return rtl ? `\u2068${text}\u2069` : text;
  };
}

/** newRequestId names one create attempt. crypto.randomUUID exists only
 * on secure pages, so a plain-http test domain falls back to random bytes. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
