import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useMoney } from '../../../data/wallet';
import { downloadCsv, useProfitLoss, type TeamFilter } from '../api';
import { agentErrorText } from '../errors';
import { usePeriodFilter } from '../period';
import { PeriodForm, UsernameField } from '../PeriodForm';
import { Amount, Facts, Table } from '../Table';

// MemberProfitLoss is the team's profit and loss by member, the biggest
// loss first, with the same rows as a CSV file.
export function MemberProfitLoss() {
  const { t } = useTranslation();
  const money = useMoney();
  const f = usePeriodFilter<TeamFilter>({ username: '' });
  const q = useProfitLoss(f.applied, f.page);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const d = q.data;

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      await downloadCsv(f.applied);
    } catch (err) {
      setExportError(err);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="agent-report">
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ ...f.draft, range })}
        onShortcut={(range) => {
          f.setDraft({ ...f.draft, range });
          f.apply({ ...f.draft, range });
        }}
        onSubmit={() => f.apply()}
        error={f.error}
        maxDays={f.maxDays}
        busy={q.isFetching}
      >
        <UsernameField value={f.draft.username} onChange={(username) => f.setDraft({ ...f.draft, username })} />
      </PeriodForm>
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.list.length === 0 ? (
        <EmptyState title={t('agent.profitLoss.empty')} />
      ) : (
        <>
          <div className="agent-report-head">
            <Facts
              label={t('agent.summary')}
              items={[
                { key: 'count', label: t('records.count'), value: money.count(d.summary.betCount) },
                { key: 'validBet', label: t('agent.figures.validBet'), value: <Amount minor={d.summary.validBet} /> },
                { key: 'wins', label: t('records.win'), value: <Amount minor={d.summary.wins} /> },
                { key: 'pl', label: t('agent.figures.profitLoss'), value: <Amount minor={d.summary.profitLoss} signed /> },
              ]}
            />
            <button type="button" className="button" disabled={exporting} onClick={() => void exportCsv()}>
              {t('agent.profitLoss.export')}
            </button>
          </div>
          {!!exportError && (
            <p className="form-error" role="alert">
              {agentErrorText(t, exportError)}
            </p>
          )}
          <Table
            caption={t('agent.page.palStatementsAgentCopy')}
            rows={d.list}
            rowKey={(r) => r.memberId}
            columns={[
              { key: 'user', label: t('agent.username'), cell: (r) => <span dir="ltr">{r.username}</span> },
              { key: 'depth', label: t('agent.profitLoss.depth'), numeric: true, cell: (r) => r.depth },
              { key: 'count', label: t('records.count'), numeric: true, cell: (r) => money.count(r.betCount) },
              { key: 'validBet', label: t('agent.figures.validBet'), numeric: true, cell: (r) => <Amount minor={r.validBet} /> },
              { key: 'wins', label: t('records.win'), numeric: true, cell: (r) => <Amount minor={r.wins} /> },
              { key: 'pl', label: t('agent.figures.profitLoss'), numeric: true, cell: (r) => <Amount minor={r.profitLoss} signed /> },
            ]}
          />
          <Pagination page={f.page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={f.setPage} range={5} />
        </>
      )}
    </div>
  );
}
