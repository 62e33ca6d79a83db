import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberPromoState, Promo } from './api';
import { PromoAction } from './PromoAction';
import { ProgressBar } from './ProgressBar';
import { useFigures, useRewardText, useWindowText } from './reward';
import { progressPercent } from './states';

// PromoCard is one promotion in the list: image, title, summary, reward,
// window, the member's state, progress while counting and the budget left.
export function PromoCard({ promo: p, state, loggedIn }: { promo: Promo; state: MemberPromoState | undefined; loggedIn: boolean }) {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const windowText = useWindowText();
  const fig = useFigures();
  const href = `/promotionDetail?id=${p.id}`;
  return (
    <article className="card promo-card" data-testid={`promo-${p.id}`}>
      {p.imageUrl && <img src={p.imageUrl} alt="" loading="lazy" />}
      <h2>
        <Link to={href}>{p.title}</Link>
      </h2>
      {p.summary && <p className="muted">{p.summary}</p>}
      <p className="promo-reward">{rewardText(p.reward)}</p>
      <p className="promo-window muted">{windowText(p)}</p>
      {state?.state === 'in_progress' && state.progress && (
        <div className="promo-meter">
          <span>{t('promo.progress', { current: fig('cash', state.progress.current), target: fig('cash', state.progress.target) })}</span>
          <ProgressBar percent={progressPercent(state.progress)} label={t('promo.progressLabel')} />
        </div>
      )}
      {p.budgetLeftPercent !== null && p.budgetLeftPercent !== undefined && (
        <div className="promo-meter">
          <span>{t('promo.budgetLeft', { percent: p.budgetLeftPercent })}</span>
          <ProgressBar percent={p.budgetLeftPercent} label={t('promo.budgetLabel')} tone="budget" />
        </div>
      )}
      <PromoAction promo={p} state={state} loggedIn={loggedIn} />
    </article>
  );
}
