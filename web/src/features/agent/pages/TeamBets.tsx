import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useTeamBets, type TeamFilter } from '../api';
import { TEAM_BETS_MAX_DAYS, usePeriodFilter } from '../period';
import { PeriodForm, UsernameField } from '../PeriodForm';
import { Amount, Facts, Table, When } from '../Table';

// TeamBets is the team's betting records: at most 31 days at a time (the
// server's limit), optionally one member's.
export function TeamBets() {
  const { t } = useTranslation();
  const f = usePeriodFilter<TeamFilter>({ username: '' }, TEAM_BETS_MAX_DAYS);
  const q = useTeamBets(f.applied, f.page);
  const d = q.data;
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
        <EmptyState title={t('records.noBets')} />
      ) : (
        <>
          <Facts
            label={t('agent.summary')}
            items={[
              { key: 'count', label: t('records.count'), value: d.total },
              { key: 'stake', label: t('records.stake'), value: <Amount minor={d.summary.stake} /> },
              { key: 'payout', label: t('agent.bets.payout'), value: <Amount minor={d.summary.payout} /> },
              { key: 'pl', label: t('agent.figures.profitLoss'), value: <Amount minor={d.summary.profitLoss} signed /> },
            ]}
          />
          <Table
            caption={t('agent.page.personalHistoryCopy')}
            rows={d.list}
            rowKey={(r) => r.id}
            columns={[
              { key: 'time', label: t('records.betTime'), cell: (r) => <When ms={r.openedAt} /> },
              { key: 'user', label: t('agent.username'), cell: (r) => <span dir="ltr">{r.username}</span> },
              { key: 'game', label: t('records.game'), cell: (r) => r.gameName || r.gameCode },
              { key: 'vendor', label: t('records.vendor'), cell: (r) => r.vendor },
              { key: 'stake', label: t('records.stake'), numeric: true, cell: (r) => <Amount minor={r.stake} /> },
              { key: 'payout', label: t('agent.bets.payout'), numeric: true, cell: (r) => <Amount minor={r.payout} /> },
              { key: 'pl', label: t('agent.figures.profitLoss'), numeric: true, cell: (r) => <Amount minor={r.profitLoss} signed /> },
              { key: 'status', label: t('records.status.label'), cell: (r) => t(`records.status.${r.status}`, { defaultValue: r.status }) },
            ]}
          />
          <Pagination page={f.page} totalPages={Math.ceil(d.total / d.pageSize)} onPage={f.setPage} range={5} />
        </>
      )}
    </div>
  );
}
