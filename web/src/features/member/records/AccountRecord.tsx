import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { formatEpoch } from '../../../lib/format';
import { PeriodForm } from './PeriodForm';
import { transactionTypes, useTransactions, type Transaction, type TransactionFilter, type TransactionType } from './reports';
import { Amount, ReportTable, type Column } from './ReportTable';
import { usePeriodFilter } from './usePeriodFilter';

// AccountRecord is the account record (member page transactionHistory):
// every movement of the member's balance in a period, credits with +,
// debits with −.
export function AccountRecord() {
  const { t } = useTranslation();
  const f = usePeriodFilter<TransactionFilter>({ type: 'all' });
  const q = useTransactions(f.applied, f.page);

  const columns: Column<Transaction>[] = [
    { key: 'time', label: t('records.time'), cell: (r) => <time dateTime={new Date(r.time).toISOString()}>{formatEpoch(r.time)}</time> },
    { key: 'type', label: t('records.type.label'), cell: (r) => t(`records.type.${r.type}`, { defaultValue: r.type }) },
    { key: 'amount', label: t('records.amount'), numeric: true, cell: (r) => <Amount minor={r.amount} signed /> },
    { key: 'game', label: t('records.game'), cell: (r) => <span dir="auto">{r.gameName || '—'}</span> },
    { key: 'reference', label: t('records.reference'), cell: (r) => <span className="report-id">{r.reference}</span> },
  ];

  return (
    <div className="report">
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ ...f.draft, range })}
        onShortcut={(range) => {
          const next = { ...f.draft, range };
          f.setDraft(next);
          f.apply(next);
        }}
        onSubmit={() => f.apply()}
        error={f.error}
        busy={q.isFetching}
      >
        <div className="field">
          <label htmlFor="tx-type">{t('records.type.label')}</label>
          <select id="tx-type" className="input" value={f.draft.type} onChange={(e) => f.setDraft({ ...f.draft, type: e.target.value as TransactionType })}>
            {transactionTypes.map((ty) => (
              <option key={ty} value={ty}>
                {t(`records.type.${ty}`)}
              </option>
            ))}
          </select>
        </div>
      </PeriodForm>
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.content.length === 0 ? (
        <EmptyState title={t('records.noTransactions')} />
      ) : (
        <>
          <ReportTable caption={t('member.page.transactionHistory')} columns={columns} rows={q.data.content} rowKey={(r) => String(r.id)} />
          <Pagination page={q.data.pageNum || f.page} totalPages={q.data.totalPages} onPage={f.setPage} range={5} />
        </>
      )}
    </div>
  );
}
