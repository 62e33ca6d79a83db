import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMoney } from '../../../data/wallet';
import { PeriodForm } from './PeriodForm';
import { useProfit, type Totals } from './reports';
import { Amount, ReportTable, type Column } from './ReportTable';
import { Summary } from './Summary';
import { usePeriodFilter } from './usePeriodFilter';

// ProfitReport is profit and loss (member page personalProfit): a
// period's totals, then the same by game type and by day.
export function ProfitReport() {
  const { t } = useTranslation();
  const money = useMoney();
  const f = usePeriodFilter<{ range: { start: string; end: string } }>({});
  const q = useProfit(f.applied.range);

  const figures = <R extends Totals>(): Column<R>[] => [
    { key: 'count', label: t('records.count'), numeric: true, cell: (r) => money.count(r.count) },
    { key: 'stake', label: t('records.stake'), numeric: true, cell: (r) => <Amount minor={r.stake} /> },
    { key: 'win', label: t('records.win'), numeric: true, cell: (r) => <Amount minor={r.win} /> },
    { key: 'profit', label: t('records.profit'), numeric: true, cell: (r) => <Amount minor={r.profit} signed /> },
  ];

  const d = q.data;
  return (
    <div className="report">
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ range })}
        onShortcut={(range) => {
          f.setDraft({ range });
          f.apply({ range });
        }}
        onSubmit={() => f.apply()}
        error={f.error}
        busy={q.isFetching}
      />
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.total.count === 0 ? (
        <EmptyState title={t('records.noBets')} />
      ) : (
        <>
          <Summary totals={d.total} />
          <h3 className="report-heading">{t('records.byType')}</h3>
          <ReportTable
            caption={t('records.byType')}
            columns={[{ key: 'type', label: t('records.gameType'), cell: (r) => t(`type.${r.gameType}`, { defaultValue: r.gameType }) }, ...figures<Totals & { gameType: string }>()]}
            rows={d.byType}
            rowKey={(r) => r.gameType}
          />
          <h3 className="report-heading">{t('records.byDay')}</h3>
          <ReportTable
            caption={t('records.byDay')}
            columns={[{ key: 'date', label: t('records.date'), cell: (r) => <time dateTime={r.date}>{r.date}</time> }, ...figures<Totals & { date: string }>()]}
            rows={d.days.filter((x) => x.count > 0)}
            rowKey={(r) => r.date}
          />
        </>
      )}
    </div>
  );
}
