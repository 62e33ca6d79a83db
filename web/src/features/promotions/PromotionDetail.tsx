import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { SafeHtml } from '../../components/SafeHtml';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { formatTime } from '../../lib/format';
import { useSessionToken } from '../../lib/session';
import { usePromotion, useStates, useTrial, type Promo } from './api';
import { ApplyForm } from './ApplyForm';
import { PromoAction } from './PromoAction';
import { ProgressBar } from './ProgressBar';
import { useFigures, useRewardText } from './reward';
import { progressPercent, visitorState } from './states';

// PromotionDetail is one promotion: its body, its rules and the member's
// action (join, claim, or the application form).
export function PromotionDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = !!useSessionToken();
  const q = usePromotion(id);
  const states = useStates();
  const trial = useTrial();
  const ownStates = loggedIn && !trial;
  const [applying, setApplying] = useState(params.get('apply') === '1');
  const [sent, setSent] = useState(false);
  const back = (
    <Link to="/promotions" className="link-button">
      {t('promo.back')}
    </Link>
  );
  if (id <= 0 || (q.error instanceof ApiError && q.error.code === 'promo.not_found'))
    return (
      <div className="page">
        {back}
        <EmptyState title={t('promo.error.notFound')} />
      </div>
    );
  if (q.isError)
    return (
      <div className="page">
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  if (!q.data) return <Spinner />;
  const p = q.data;
  const state = ownStates ? states.data?.states[String(p.id)] : { state: visitorState(p), progress: null, claimable: null, reason: '', claims: 0 };
  const canApply = loggedIn && p.kind === 'application' && (state?.state === 'claim' || state?.state === 'join' || state?.state === 'rejected');
  return (
    <div className="page promo-detail">
      {back}
      <h1 className="page-title">{p.title}</h1>
      {p.imageUrl && <img className="promo-detail-image" src={p.imageUrl} alt="" />}
      {p.body ? <SafeHtml className="rich" html={p.body} /> : p.summary && <p>{p.summary}</p>}
      <Rules promo={p} />
      {state?.state === 'in_progress' && state.progress && <ProgressBar percent={progressPercent(state.progress)} label={t('promo.progressLabel')} />}
      {sent ? (
        <p className="form-success" role="status">
          {t('promo.apply.sent')}
        </p>
      ) : applying && canApply ? (
        <ApplyForm promotionId={p.id} onDone={() => setSent(true)} />
      ) : (
        <PromoAction promo={p} state={state} loggedIn={loggedIn} onApply={() => setApplying(true)} />
      )}
    </div>
  );
}

// Rules are the conditions a member reads before acting.
function Rules({ promo: p }: { promo: Promo }) {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const fig = useFigures();
  const rows: [string, string][] = [
    ['promo.rule.kind', t(`promo.kind.${p.kind}`)],
    ['promo.rule.reward', rewardText(p.reward)],
    ['promo.rule.starts', formatTime(p.startsAt)],
    ['promo.rule.ends', p.endsAt ? formatTime(p.endsAt) : t('promo.noEnd')],
  ];
  if (p.minDeposit > 0) rows.push(['promo.rule.minDeposit', fig('cash', p.minDeposit)]);
  if (p.target > 0) rows.push(['promo.rule.target', fig('cash', p.target)]);
  if (p.gameTypes.length > 0) rows.push(['promo.rule.gameTypes', p.gameTypes.join(', ')]);
  if (p.reward.kind === 'bonus') {
    rows.push(['promo.rule.wagering', t('promo.times', { n: p.reward.wagering })]);
    rows.push(['promo.rule.expiry', t('promo.days', { n: p.reward.expiryDays })]);
  }
  rows.push(['promo.rule.perMember', String(p.perMemberLimit)]);
  if (p.vipMin > 0 || p.vipMax < 99) rows.push(['promo.rule.vip', `${p.vipMin}–${p.vipMax}`]);
  return (
    <section aria-labelledby="promo-rules-title">
      <h2 id="promo-rules-title">{t('promo.rules')}</h2>
      <dl className="promo-rules">
        {rows.map(([k, v]) => (
          <div key={k} style={{ display: 'contents' }}>
            <dt>{t(k)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
