import { useTranslation } from 'react-i18next';
import { adminLanguages } from '../lib/i18n';
import { formatAmount } from '../lib/format';
import { changePercent, decSign, decSub } from './decimal';
import type { Figures } from './dashboardTypes';

type Metric = {
  id: 'registrations' | 'firstDeposits' | 'activePlayers' | 'bets' | 'wins' | 'ggr' | 'margin';
  kind: 'count' | 'amount' | 'percent';
  // upIsGood: whether a rise is good news for the house (players' wins
  // going up is not); it only picks the colour, the arrow and the sign
  // say the direction.
  upIsGood: boolean;
};

const metrics: Metric[] = [
  { id: 'registrations', kind: 'count', upIsGood: true },
  { id: 'firstDeposits', kind: 'count', upIsGood: true },
  { id: 'activePlayers', kind: 'count', upIsGood: true },
  { id: 'bets', kind: 'amount', upIsGood: true },
  { id: 'wins', kind: 'amount', upIsGood: false },
  { id: 'ggr', kind: 'amount', upIsGood: true },
  { id: 'margin', kind: 'percent', upIsGood: true },
];

/** formatCount writes a whole number with the language's grouping. */
export function formatCount(n: number, language: string, signed = false): string {
  const locale = adminLanguages.find((l) => l.code === language)?.bcp47 ?? 'en';
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.abs(n));
  if (n < 0) return `-${text}`;
  return signed && n > 0 ? `+${text}` : text;
}

type Props = {
  today: Figures;
  base: Figures;
  // baseLabel names what today is compared with ("yesterday to 14:59").
  baseLabel: string;
  currency: string;
};

/** FigureCards are today's figures, each against the comparison base: the
 * difference with its sign, an arrow and words for screen readers, so the
 * colour is never the only cue. Zeros are real figures and are shown. */
export function FigureCards({ today, base, baseLabel, currency }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;

  const show = (m: Metric, f: Figures): string => {
    if (m.kind === 'count') return formatCount(f[m.id as 'registrations'], lang);
    if (m.kind === 'amount') return `${formatAmount(f[m.id as 'bets'], lang)} ${currency}`;
    return f.margin === null ? t('dashboard.noMargin') : `${formatAmount(f.margin, lang)}%`;
  };

  return (
    <ul className="dash-cards" aria-label={t('sections.dashboard.parts.today')}>
      {metrics.map((m) => {
        const delta = difference(m, today, base);
        let change = '';
        if (delta) {
          if (m.kind === 'count') change = formatCount(Number(delta.diff), lang, true);
          else if (m.kind === 'amount') change = `${formatAmount(delta.diff, lang, true)} ${currency}`;
          else change = t('dashboard.points', { value: formatAmount(delta.diff, lang, true) });
          if (delta.percent !== null) change += ` (${formatAmount(delta.percent, lang, true)}%)`;
        }
        const direction = delta ? (delta.sign > 0 ? 'up' : delta.sign < 0 ? 'down' : 'flat') : 'none';
        const mood = direction === 'up' || direction === 'down' ? ((direction === 'up') === m.upIsGood ? 'good' : 'bad') : 'flat';
        return (
          <li key={m.id} className="dash-card" data-testid={`card-${m.id}`}>
            <h3 className="dash-card-title">{t(`dashboard.metrics.${m.id}`)}</h3>
            <p className="dash-card-value">{show(m, today)}</p>
            {m.id === 'bets' && <p className="dash-card-sub muted">{t('dashboard.betCount', { value: formatCount(today.betCount, lang) })}</p>}
            <p className={`dash-delta dash-delta-${mood}`} data-testid={`delta-${m.id}`}>
              {direction === 'none' ? (
                <span>{t('dashboard.delta.none')}</span>
              ) : (
                <>
                  <span aria-hidden="true" className="dash-arrow">
                    {direction === 'up' ? '▲' : direction === 'down' ? '▼' : '='}
                  </span>{' '}
                  <span className="visually-hidden">{t(`dashboard.delta.${direction}`)} </span>
                  <span>{direction === 'flat' ? t('dashboard.delta.flat') : change}</span>
                </>
              )}
            </p>
            <p className="dash-card-base muted">
              {baseLabel}: {show(m, base)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** difference is today less the base, its sign and its size in percent of
 * the base; null for a margin when either day had no bets. */
function difference(m: Metric, today: Figures, base: Figures): { diff: string; sign: number; percent: string | null } | null {
  if (m.kind === 'percent') {
    if (today.margin === null || base.margin === null) return null;
    const diff = decSub(today.margin, base.margin);
    return { diff, sign: decSign(diff), percent: null };
  }
  const now = String(today[m.id as 'bets' | 'registrations']);
  const before = String(base[m.id as 'bets' | 'registrations']);
  const diff = decSub(now, before);
  return { diff, sign: decSign(diff), percent: changePercent(now, before) };
}
