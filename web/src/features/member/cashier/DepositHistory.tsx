import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { formatTime } from '../../../lib/format';
import { ReportTable, type Column } from '../records/ReportTable';
import { depositStatuses, useDepositHistory, type Deposit, type DepositStatus } from './api';
import { useCashierMoney } from './format';

/** DepositHistory is "My deposits": the member's orders, newest first,
 * paged by the server, each one openable. */
export function DepositHistory({ current, onOpen }: { current: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DepositStatus | ''>('');
  const q = useDepositHistory(page, status);

  const columns: Column<Deposit>[] = [
    { key: 'time', label: t('cashier.history.time'), cell: (d) => <time dateTime={d.createdAt}>{formatTime(d.createdAt)}</time> },
    { key: 'channel', label: t('cashier.order.channel'), cell: (d) => <span dir="auto">{d.channelName}</span> },
    { key: 'amount', label: t('cashier.order.amount'), numeric: true, cell: (d) => <span className="amount">{money(d.amount, d.decimals, d.currency)}</span> },
    {
      key: 'status',
      label: t('cashier.history.status'),
      cell: (d) => (
        <span className="cashier-badge" data-status={d.status}>
          {t(`cashier.status.${d.status}`)}
        </span>
      ),
    },
    {
      key: 'open',
      label: t('cashier.history.order'),
      cell: (d) => (
        <button type="button" className="link-button" aria-current={d.id === current || undefined} onClick={() => onOpen(d.id)}>
          {t('cashier.history.view', { id: d.id })}
        </button>
      ),
    },
  ];

  return (
    <section className="cashier-history" aria-labelledby="cashier-history-title">
      <div className="cashier-history-head">
        <h3 id="cashier-history-title">{t('cashier.history.title')}</h3>
        <label className="cashier-filter">
          <span>{t('cashier.history.status')}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as DepositStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('cashier.history.all')}</option>
            {depositStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`cashier.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <EmptyState title={t('cashier.history.empty')} />
      ) : (
        <>
          <ReportTable caption={t('cashier.history.title')} columns={columns} rows={q.data.content} rowKey={(d) => String(d.id)} />
          <Pagination page={q.data.pageNum || page} totalPages={q.data.totalPages} onPage={setPage} range={5} />
        </>
      )}
    </section>
  );
}
