import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useMember } from '../../../data/member';
import { useMoney } from '../../../data/wallet';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { Rate, Table } from '../../agent/Table';
import { newRequestId } from '../cashier/format';
import { loyaltyErrorText } from '../../promotions/errors';
import { useRebate, useRebateClaim, useRebateHistory, type RebatePayout } from './api';
import '../../../styles/data.css';
import '../../promotions/loyalty.css';
import '../../promotions/strings';

// ManualRebate is the member centre's manualRebate (E-012): the rates of
// the member's level, what has accrued this period, the claim, and the
// rebate and cashback paid so far.
export function ManualRebate() {
  const { t } = useTranslation();
  const { member } = useMember();
  if (member?.isTrial) return <EmptyState title={t('errors.realAccount')} />;
  return (
    <div className="loyalty-section">
      <Current />
      <History />
    </div>
  );
}

function Current() {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useRebate();
  const claim = useRebateClaim();
  const [requestId, setRequestId] = useState(newRequestId);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const r = q.data;

  async function go() {
    if (claim.isPending) return;
    try {
      await claim.mutateAsync(requestId);
      setRequestId(newRequestId());
    } catch (err) {
      if (err instanceof ApiError && err.code !== 'network.abnormal') setRequestId(newRequestId());
    }
  }

  return (
    <section className="loyalty-running" aria-labelledby="rebate-current">
      <h3 id="rebate-current">{t('rebate.period', { from: formatTime(r.period.start), to: formatTime(r.period.end) })}</h3>
      <dl className="data-facts">
        <div>
          <dt>{t('rebate.accruedRebate')}</dt>
          <dd>{money.format(r.accrued.rebate)}</dd>
        </div>
        <div>
          <dt>{t('rebate.accruedCashback')}</dt>
          <dd>{money.format(r.accrued.cashback)}</dd>
        </div>
        <div>
          <dt>{t('rebate.claimable')}</dt>
          <dd data-testid="rebate-claimable">{money.format(r.claimable)}</dd>
        </div>
        {r.lastPaid && (
          <div>
            <dt>{t('rebate.lastPaid')}</dt>
            <dd>
              {money.format(r.lastPaid.amount)} <span className="muted">{formatTime(r.lastPaid.at)}</span>
            </dd>
          </div>
        )}
      </dl>
      <div className="promo-actions">
        <button type="button" className="button button-primary" disabled={r.claimable <= 0 || claim.isPending} onClick={() => void go()}>
          {t('rebate.claim')}
        </button>
      </div>
      {claim.isSuccess && (
        <p className="form-success" role="status">
          {t('rebate.claimed', { amount: money.format(claim.data.amount) })}
        </p>
      )}
      {claim.isError && (
        <p className="form-error" role="alert">
          {loyaltyErrorText(t, claim.error)}
        </p>
      )}
      <h3>{t('rebate.rates')}</h3>
      {r.rates.length === 0 ? (
        <EmptyState title={t('rebate.noRates')} />
      ) : (
        <Table
          caption={t('rebate.rates')}
          rowKey={(x) => x.id}
          rows={r.rates}
          columns={[
            { key: 'kind', label: t('rebate.col.kind'), cell: (x) => t(`rebate.kind.${x.kind}`) },
            { key: 'type', label: t('rebate.col.gameType'), cell: (x) => (x.gameType ? t(`type.${x.gameType}`, { defaultValue: x.gameType }) : t('rebate.allGames')) },
            { key: 'rate', label: t('rebate.col.rate'), numeric: true, cell: (x) => <Rate bp={x.rateBp} /> },
            { key: 'period', label: t('rebate.col.period'), cell: (x) => t(`rebate.periodKind.${x.period}`) },
            { key: 'mode', label: t('rebate.col.mode'), cell: (x) => t(`rebate.mode.${x.mode}`) },
            { key: 'min', label: t('rebate.col.minPayout'), numeric: true, cell: (x) => money.format(x.minPayout) },
          ]}
        />
      )}
    </section>
  );
}

function History() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const q = useRebateHistory(page);
  return (
    <section className="loyalty-section" aria-labelledby="rebate-history">
      <h3 id="rebate-history">{t('rebate.history')}</h3>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <EmptyState title={t('rebate.noHistory')} />
      ) : (
        <>
          <Table<RebatePayout>
            caption={t('rebate.history')}
            rowKey={(x) => x.id}
            rows={q.data.content}
            columns={[
              { key: 'paid', label: t('rebate.col.paidAt'), cell: (x) => <time dateTime={x.paidAt}>{formatTime(x.paidAt)}</time> },
              { key: 'kind', label: t('rebate.col.kind'), cell: (x) => t(`rebate.kind.${x.kind}`) },
              { key: 'mode', label: t('rebate.col.mode'), cell: (x) => t(`rebate.mode.${x.mode}`) },
              { key: 'period', label: t('rebate.col.period'), cell: (x) => `${formatTime(x.periodStart)} – ${formatTime(x.periodEnd)}` },
              { key: 'base', label: t('rebate.col.base'), numeric: true, cell: (x) => money.format(x.base) },
              { key: 'amount', label: t('rebate.col.amount'), numeric: true, cell: (x) => money.format(x.amount) },
            ]}
          />
          <Pagination page={page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
        </>
      )}
    </section>
  );
}
