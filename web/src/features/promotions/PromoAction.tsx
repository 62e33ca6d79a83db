import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ApiError } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { newRequestId } from '../member/cashier/format';
import { useClaim, useJoin, type MemberPromoState, type Promo, type PromoState } from './api';
import { loyaltyErrorText } from './errors';
import { useRewardText } from './reward';
import { actionFor, actionLabel } from './states';

// StateBadge is a state that asks nothing of the member (G-004 labels).
export function StateBadge({ state }: { state: PromoState }) {
  const { t } = useTranslation();
  return (
    <span className="promo-badge" data-state={state}>
      {t(`promo.state.${state}`)}
    </span>
  );
}

// PromoAction is a promotion's button or badge. A visitor's button opens
// the log-in popup; join asks at once; a claim is confirmed first (a
// bonus's wagering and expiry named); an application opens its form on
// the detail page (onApply there).
export function PromoAction({ promo, state, loggedIn, onApply }: { promo: Promo; state: MemberPromoState | undefined; loggedIn: boolean; onApply?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoin();
  const claim = useClaim();
  const rewardText = useRewardText();
  const [confirming, setConfirming] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState('');
  const s: PromoState = state?.state ?? 'closed';
  const action = actionFor(promo.kind, s, loggedIn);
  const error = join.error ?? claim.error;

  async function doClaim() {
    try {
      const r = await claim.mutateAsync({ id: promo.id, requestId });
      setDone(t('promo.claimedDone', { reward: rewardText(r.reward) }));
      setRequestId(newRequestId());
    } catch (err) {
      // A refusal paid nothing, so the next try is a new request; after a
      // lost answer the same id goes again and the server answers the first.
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    } finally {
      setConfirming(false);
    }
  }

  function act() {
    join.reset();
    claim.reset();
    setDone('');
    if (action === 'login') openPopup('login');
    else if (action === 'join') join.mutate(promo.id);
    else if (action === 'claim') setConfirming(true);
    else if (action === 'apply') {
      if (onApply) onApply();
      else void navigate(`/promotionDetail?id=${promo.id}&apply=1`);
    }
  }

  const r = promo.reward;
  // The state's claimable is what this claim pays (a percent reward
  // already worked out on the qualifying figure and its cap).
  const paid = state?.claimable != null ? rewardText({ kind: r.kind, amount: state.claimable }) : rewardText(r);
  const confirmText = r.kind === 'bonus' ? t('promo.confirmBonus', { reward: paid, wagering: r.wagering, days: r.expiryDays }) : t('promo.confirmClaim', { reward: paid });
  const label = actionLabel(promo.kind, s);
  return (
    <div className="promo-actions">
      {action ? (
        <button type="button" className="button button-primary" onClick={act} disabled={join.isPending || claim.isPending}>
          {t(label)}
        </button>
      ) : (
        <StateBadge state={s} />
      )}
      {s === 'rejected' && state?.reason && <span className="muted">{t('promo.reason', { reason: state.reason })}</span>}
      {done && (
        <p className="form-success" role="status">
          {done}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {loyaltyErrorText(t, error)}
        </p>
      )}
      {confirming && <ConfirmDialog text={confirmText} busy={claim.isPending} onCancel={() => setConfirming(false)} onConfirm={() => void doClaim()} />}
    </div>
  );
}
