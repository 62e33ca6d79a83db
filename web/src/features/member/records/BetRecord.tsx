import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Pagination } from '../../../components/Pagination';
import { Spinner } from '../../../components/Spinner';
import { useVendors } from '../../../data/catalog';
import { formatEpoch } from '../../../lib/format';
import { FROM_RECORDS, roundVerifyHref } from '../../inhouse/fairness';
import { PeriodForm } from './PeriodForm';
import { useBetHistory, type Bet, type BetFilter } from './reports';
import { Amount, ReportTable, type Column } from './ReportTable';
import { Summary } from './Summary';
import { usePeriodFilter } from './usePeriodFilter';

// INHOUSE_VENDOR is our own games' vendor code.
const INHOUSE_VENDOR = 'PGE';

// BetRecord is the betting record (member page personalHistoryCopy): the
// member's bets in a period, by game type and vendor, with the period's
// totals.
export function BetRecord() {
  const { t } = useTranslation();
  const f = usePeriodFilter<BetFilter>({ gameType: 'ALL', vassalage: '' });
  const q = useBetHistory(f.applied, f.page);
  const lanes = useVendors().data?.data.lanes ?? [];
  const vendors = new Map<string, string>();
  for (const l of lanes) if (f.draft.gameType === 'ALL' || l.gameType === f.draft.gameType) for (const c of l.cards) vendors.set(c.vassalage, c.displayName);

  const columns: Column<Bet>[] = [
    { key: 'time', label: t('records.betTime'), cell: (b) => <time dateTime={new Date(b.betTime).toISOString()}>{formatEpoch(b.betTime)}</time> },
    {
      key: 'game',
      label: t('records.game'),
      cell: (b) => (
        <>
          <span dir="auto">{b.gameName || b.gameCode}</span>
          <span className="muted report-sub">{b.vendorName || b.vassalage}</span>
        </>
      ),
    },
    {
      key: 'round',
      label: t('records.round'),
      cell: (b) => (
        <>
          <span className="report-id">{b.roundId}</span>
          {/* Our own games are provably fair: any round can be checked. */}
          {b.vassalage === INHOUSE_VENDOR && (
            <Link className="report-sub" to={roundVerifyHref(b.roundId)} state={FROM_RECORDS}>
              {t('records.verify')}
            </Link>
          )}
        </>
      ),
    },
    { key: 'stake', label: t('records.stake'), numeric: true, cell: (b) => <Amount minor={b.stake} /> },
    { key: 'win', label: t('records.win'), numeric: true, cell: (b) => <Amount minor={b.win} /> },
    { key: 'profit', label: t('records.profit'), numeric: true, cell: (b) => (b.status === 'open' ? '—' : <Amount minor={b.profit} signed />) },
    { key: 'status', label: t('records.status.label'), cell: (b) => <span className="report-status" data-status={b.status}>{t(`records.status.${b.status}`)}</span> },
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
          <label htmlFor="bet-type">{t('records.gameType')}</label>
          <select id="bet-type" className="input" value={f.draft.gameType} onChange={(e) => f.setDraft({ ...f.draft, gameType: e.target.value, vassalage: '' })}>
            <option value="ALL">{t('lobby.all')}</option>
            {lanes.map((l) => (
              <option key={l.gameType} value={l.gameType}>
                {t(`type.${l.gameType}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bet-vendor">{t('records.vendor')}</label>
          <select id="bet-vendor" className="input" value={f.draft.vassalage} onChange={(e) => f.setDraft({ ...f.draft, vassalage: e.target.value })}>
            <option value="">{t('lobby.all')}</option>
            {[...vendors].map(([code, name]) => (
              <option key={code} value={code}>
                {name}
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
        <EmptyState title={t('records.noBets')} />
      ) : (
        <>
          {q.data.summary && <Summary totals={q.data.summary} />}
          <ReportTable caption={t('member.page.personalHistoryCopy')} columns={columns} rows={q.data.content} rowKey={(b) => b.roundId} />
          <Pagination page={q.data.pageNum || f.page} totalPages={q.data.totalPages} onPage={f.setPage} range={5} />
        </>
      )}
    </div>
  );
}
