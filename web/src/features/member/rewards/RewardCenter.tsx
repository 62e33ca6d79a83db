import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { Table } from '../../agent/Table';
import { newRequestId } from '../cashier/format';
import { claimKey, useClaim, useClaims, usePromotions, useRewardsSummary, useTrial, type Claim, type RewardsSummary } from '../../promotions/api';
import { loyaltyErrorText } from '../../promotions/errors';
import { StateBadge } from '../../promotions/PromoAction';
import { useRewardText } from '../../promotions/reward';
import '../../../styles/data.css';
import '../../promotions/loyalty.css';
import '../../promotions/strings';

type Claimable = RewardsSummary['claimable'][number];

// RewardCenter is the member centre's rewardCenter (E-008): rewards waiting
// for a claim, and the member's claims and applications so far.
export function RewardCenter() {
  const { t } = useTranslation();
  // The reward calls are real accounts only.
  if (useTrial()) return <EmptyState title={t('errors.realAccount')} />;
  return (
    <div className="loyalty-section">
      <Waiting />
      <History />
    </div>
  );
}

function Waiting() {
  const { t } = useTranslation();
  const q = useRewardsSummary();
  return (
    <section className="loyalty-section" aria-labelledby="rewards-waiting">
      <h3 id="rewards-waiting">{t('rewards.waiting')}</h3>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.claimable.length === 0 ? (
        <EmptyState title={t('rewards.none')} />
      ) : (
        <ul className="loyalty-list">
          {q.data.claimable.map((c) => (
            <ClaimRow key={c.promotionId} item={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

// ClaimRow claims one reward after a confirm; a bonus's confirm names its
// wagering and expiry, read from the promotion.
function ClaimRow({ item }: { item: Claimable }) {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const promos = usePromotions();
  const claim = useClaim();
  const [asking, setAsking] = useState(false);
  const [requestId, setRequestId] = useState(newRequestId);
  const promo = promos.data?.content.find((p) => p.id === item.promotionId);
  const text =
    item.reward.kind === 'bonus' && promo
      ? t('promo.confirmBonus', { reward: rewardText(item.reward), wagering: promo.reward.wagering, days: promo.reward.expiryDays })
      : t('promo.confirmClaim', { reward: rewardText(item.reward) });

  async function go() {
    try {
      await claim.mutateAsync({ id: item.promotionId, requestId });
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    } finally {
      setAsking(false);
    }
  }

  return (
    <li>
      <span>
        <strong>{item.title}</strong>
        <br />
        <span className="promo-reward">{rewardText(item.reward)}</span>
      </span>
      <button type="button" className="button button-primary" onClick={() => setAsking(true)} disabled={claim.isPending}>
        {t('promo.state.claim')}
      </button>
      {claim.isError && (
        <p className="form-error" role="alert">
          {loyaltyErrorText(t, claim.error)}
        </p>
      )}
      {asking && <ConfirmDialog text={text} busy={claim.isPending} onCancel={() => setAsking(false)} onConfirm={() => void go()} />}
    </li>
  );
}

function History() {
  const { t } = useTranslation();
  const rewardText = useRewardText();
  const [page, setPage] = useState(1);
  const q = useClaims(page);
  return (
    <section className="loyalty-section" aria-labelledby="rewards-history">
      <h3 id="rewards-history">{t('rewards.history')}</h3>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <EmptyState title={t('rewards.noHistory')} />
      ) : (
        <>
          <Table<Claim>
            caption={t('rewards.history')}
            rowKey={claimKey}
            rows={q.data.content}
            columns={[
              { key: 'time', label: t('rewards.col.time'), cell: (r) => <time dateTime={r.createdAt}>{formatTime(r.createdAt)}</time> },
              { key: 'title', label: t('rewards.col.title'), cell: (r) => r.title },
              { key: 'reward', label: t('rewards.col.reward'), cell: (r) => (r.reward.amount > 0 ? rewardText(r.reward) : '–') },
              { key: 'state', label: t('rewards.col.state'), cell: (r) => <StateBadge state={r.state} /> },
              { key: 'decided', label: t('rewards.col.decidedAt'), cell: (r) => (r.decidedAt ? <time dateTime={r.decidedAt}>{formatTime(r.decidedAt)}</time> : '–') },
              { key: 'reason', label: t('rewards.col.reason'), cell: (r) => r.reason || '–' },
            ]}
          />
          <Pagination page={page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
        </>
      )}
    </section>
  );
}
