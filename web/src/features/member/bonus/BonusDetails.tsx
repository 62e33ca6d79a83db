import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { useMoney } from '../../../data/wallet';
import { formatTime } from '../../../lib/format';
import { Table } from '../../agent/Table';
import { loyaltyErrorText } from '../../promotions/errors';
import { ProgressBar } from '../../promotions/ProgressBar';
import { useBonus, useContributions, useForfeit, useGrants, type GrantView } from './api';
import { remaining, useNow } from './countdown';
import '../../../styles/data.css';
import '../../promotions/loyalty.css';
import '../../promotions/strings';

// BonusDetails is the member centre's bonusDetails page (E-007): the bonus
// balance, the running grant and its wagering, the grants so far, and how
// much each game type counts toward wagering.
export function BonusDetails() {
  const { t } = useTranslation();
  const { member } = useMember();
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  return (
    <div className="loyalty-section">
      <Running />
      <Grants />
      <Contributions />
    </div>
  );
}

function Running() {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useBonus();
  const forfeit = useForfeit();
  const now = useNow();
  const [asking, setAsking] = useState(false);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const { bonusBalance, active: g } = q.data;
  const left = g ? remaining(g.expiresAt, now) : null;
  return (
    <section className="loyalty-running" aria-labelledby="bonus-running">
      <div className="loyalty-head">
        <h3 id="bonus-running">{t('bonus.balance')}</h3>
        <strong className="amount" data-testid="bonus-balance">
          {money.format(bonusBalance)}
        </strong>
      </div>
      {!g ? (
        <p className="muted">{t('bonus.noneRunning')}</p>
      ) : (
        <>
          <p>{g.title}</p>
          <ProgressBar percent={g.progressPercent} label={t('bonus.wageringLabel')} />
          <p>{t('bonus.wagered', { wagered: money.format(g.wagered), required: money.format(g.required), percent: g.progressPercent })}</p>
          <p className="muted" data-testid="bonus-expiry">
            {left && !left.over ? t('bonus.expiresIn', { d: left.d, h: left.h, m: left.m }) : t('bonus.expiring')}
          </p>
          <div className="promo-actions">
            <button type="button" className="button button-ghost" onClick={() => setAsking(true)} disabled={forfeit.isPending}>
              {t('bonus.forfeit')}
            </button>
          </div>
          {forfeit.isError && (
            <p className="form-error" role="alert">
              {loyaltyErrorText(t, forfeit.error)}
            </p>
          )}
        </>
      )}
      {forfeit.isSuccess && (
        <p className="form-success" role="status">
          {t('bonus.forfeited', { amount: money.format(forfeit.data.forfeited) })}
        </p>
      )}
      {asking && g && (
        <ConfirmDialog
          text={t('bonus.forfeitConfirm', { amount: money.format(bonusBalance) })}
          busy={forfeit.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() => forfeit.mutate(undefined, { onSettled: () => setAsking(false) })}
        />
      )}
    </section>
  );
}

function Grants() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const q = useGrants(page);
  return (
    <section className="loyalty-section" aria-labelledby="bonus-grants">
      <h3 id="bonus-grants">{t('bonus.grants')}</h3>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <EmptyState title={t('bonus.noGrants')} />
      ) : (
        <>
          <Table<GrantView>
            caption={t('bonus.grants')}
            rowKey={(r) => r.id}
            rows={q.data.content}
            columns={[
              { key: 'title', label: t('bonus.col.title'), cell: (r) => r.title },
              { key: 'amount', label: t('bonus.col.amount'), numeric: true, cell: (r) => money.format(r.amount) },
              { key: 'wagered', label: t('bonus.col.wagered'), numeric: true, cell: (r) => `${money.format(r.wagered)} / ${money.format(r.required)}` },
              { key: 'state', label: t('bonus.col.state'), cell: (r) => <GrantBadge state={r.state} /> },
              { key: 'converted', label: t('bonus.col.converted'), numeric: true, cell: (r) => money.format(r.converted) },
              { key: 'forfeited', label: t('bonus.col.forfeited'), numeric: true, cell: (r) => money.format(r.forfeited) },
              { key: 'granted', label: t('bonus.col.grantedAt'), cell: (r) => <time dateTime={r.grantedAt}>{formatTime(r.grantedAt)}</time> },
              { key: 'expires', label: t('bonus.col.expiresAt'), cell: (r) => <time dateTime={r.expiresAt}>{formatTime(r.expiresAt)}</time> },
            ]}
          />
          <Pagination page={page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
        </>
      )}
    </section>
  );
}

function GrantBadge({ state }: { state: GrantView['state'] }) {
  const { t } = useTranslation();
  return (
    <span className="promo-badge" data-state={state}>
      {t(`bonus.state.${state}`)}
    </span>
  );
}

function Contributions() {
  const { t } = useTranslation();
  const q = useContributions();
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return null;
  if (q.data.length === 0) return null;
  return (
    <section className="loyalty-section" aria-labelledby="bonus-contrib">
      <h3 id="bonus-contrib">{t('bonus.contributions')}</h3>
      <dl className="data-facts">
        {q.data.map((c) => (
          <div key={c.gameType}>
            <dt>{t(`type.${c.gameType}`, { defaultValue: c.gameType })}</dt>
            <dd>{c.percent} %</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

