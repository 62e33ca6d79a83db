import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useDownlineTransactions, type TeamFilter } from '../api';
import { usePeriodFilter } from '../period';
import { PeriodForm, UsernameField } from '../PeriodForm';
import { Amount, Table, When } from '../Table';

// DownlineTransactions is one team member's account movements: the
// username is required, so nothing is asked until one is given.
export function DownlineTransactions() {
  const { t } = useTranslation();
  const f = usePeriodFilter<TeamFilter>({ username: '' });
  const asked = f.applied.username.trim() !== '';
  const q = useDownlineTransactions(f.applied, f.page);
  const d = q.data;
  const [missing, setMissing] = useState(false);
  const search = (next = f.draft) => {
    const none = next.username.trim() === '';
    setMissing(none);
    if (!none) f.apply(next);
  };
  return (
    <div className="agent-report">
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ ...f.draft, range })}
        onShortcut={(range) => {
          f.setDraft({ ...f.draft, range });
          if (f.draft.username.trim()) search({ ...f.draft, range });
        }}
        onSubmit={() => search()}
        error={f.error}
        maxDays={f.maxDays}
        busy={q.isFetching}
      >
        <UsernameField required value={f.draft.username} onChange={(username) => f.setDraft({ ...f.draft, username })} />
      </PeriodForm>
      {missing && (
        <p className="form-error" role="alert">
          {t('agent.usernameRequired')}
        </p>
      )}
      {!asked ? (
        <EmptyState title={t('agent.transactions.askUsername')} />
      ) : q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.list.length === 0 ? (
        <EmptyState title={t('records.noTransactions')} />
      ) : (
        <>
          <Table
            caption={t('agent.page.agentDownlineTransactionDetailsCopy')}
            rows={d.list}
            rowKey={(r) => r.id}
            columns={[
              { key: 'time', label: t('records.time'), cell: (r) => <When ms={r.createdAt} /> },
              { key: 'kind', label: t('records.type.label'), cell: (r) => t(`records.type.${r.kind}`, { defaultValue: r.kind }) },
              { key: 'amount', label: t('records.amount'), numeric: true, cell: (r) => <Amount minor={r.amount} signed /> },
              { key: 'ref', label: t('records.reference'), cell: (r) => <span dir="ltr">{r.reference}</span> },
            ]}
          />
          <Pagination page={f.page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={f.setPage} range={5} />
        </>
      )}
    </div>
  );
}
