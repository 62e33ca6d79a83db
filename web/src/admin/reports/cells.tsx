import { useTranslation } from 'react-i18next';
import { adminLanguages } from '../lib/i18n';
import { formatAmount } from '../lib/format';

/** Amount is a decimal amount, exact, with the language's separators. A
 * house loss (negative GGR) is marked by its minus sign, a tint and words
 * for screen readers, so colour is never the only cue. */
export function Amount({ value, signed = false, houseResult = false }: { value: string; signed?: boolean; houseResult?: boolean }) {
  const { t, i18n } = useTranslation();
  const loss = houseResult && value.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(value.trim());
  return (
    <span className={loss ? 'rep-amount rep-loss' : 'rep-amount'} title={loss ? t('reports.houseLoss') : undefined}>
      {formatAmount(value, i18n.language, signed)}
      {loss && <span className="visually-hidden"> ({t('reports.houseLoss')})</span>}
    </span>
  );
}

/** Count is a whole number with the language's grouping. */
export function Count({ value }: { value: number }) {
  const { i18n } = useTranslation();
  const locale = adminLanguages.find((l) => l.code === i18n.language)?.bcp47 ?? 'en';
  return <span className="rep-amount">{new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(value)}</span>;
}

/** Margin is GGR over bets in percent, or a dash when nothing was bet. */
export function Margin({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return <span className="muted" title={t('reports.noMargin')}>–</span>;
  const loss = value.trim().startsWith('-') && !/^-0*(\.0*)?$/.test(value.trim());
  return <span className={loss ? 'rep-amount rep-loss' : 'rep-amount'}>{formatAmount(value, i18n.language)}%</span>;
}
