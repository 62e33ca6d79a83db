import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMoney } from '../../../data/wallet';
import { useIncome } from '../api';
import { DayChart } from '../DayChart';
import { usePeriodFilter, type DateRange } from '../period';
import { PeriodForm } from '../PeriodForm';
import { Amount, Facts, Table } from '../Table';

// Income is what the agent's contracts brought in and cost: received from
// the upline or the platform, paid to its own downlines, by kind and by day.
export function Income() {
  const { t } = useTranslation();
  const money = useMoney();
  const f = usePeriodFilter<{ range: DateRange }>({}, undefined, 'last30');
  const q = useIncome(f.applied.range);
  const d = q.data;
  const figures = <R extends { received: number; paid: number; net: number }>() => [
    { key: 'received', label: t('agent.income.received'), numeric: true, cell: (r: R) => <Amount minor={r.received} /> },
    { key: 'paid', label: t('agent.income.paid'), numeric: true, cell: (r: R) => <Amount minor={r.paid} /> },
    { key: 'net', label: t('agent.income.net'), numeric: true, cell: (r: R) => <Amount minor={r.net} signed /> },
  ];
  return (
    <div className="agent-report">
      <PeriodForm
        range={f.draft.range}
        onRange={(range) => f.setDraft({ range })}
        onShortcut={(range) => {
          f.setDraft({ range });
          f.apply({ range });
        }}
        onSubmit={() => f.apply()}
        error={f.error}
        maxDays={f.maxDays}
        busy={q.isFetching}
      />
      {q.isError && !d ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <Spinner />
      ) : d.byKind.length === 0 && d.byDay.length === 0 ? (
        <EmptyState title={t('agent.income.empty')} />
      ) : (
        <>
          <Facts
            label={t('agent.summary')}
            items={[
              { key: 'received', label: t('agent.income.received'), value: <Amount minor={d.summary.received} /> },
              { key: 'paid', label: t('agent.income.paid'), value: <Amount minor={d.summary.paid} /> },
              { key: 'net', label: t('agent.income.net'), value: <Amount minor={d.summary.net} signed /> },
            ]}
          />
          <h3 className="agent-heading">{t('agent.income.byKind')}</h3>
          <Table caption={t('agent.income.byKind')} rows={d.byKind} rowKey={(r) => r.kind} columns={[{ key: 'kind', label: t('agent.contract.kind'), cell: (r) => t(`agent.kind.${r.kind}`) }, ...figures<(typeof d.byKind)[number]>()]} />
          {d.byDay.length > 0 && (
            <>
              <DayChart
                title={t('agent.income.byDay')}
                days={d.byDay.map((r) => r.day)}
                series={[
                  { label: t('agent.income.received'), values: d.byDay.map((r) => r.received), colour: '--gain', text: money.format },
                  { label: t('agent.income.paid'), values: d.byDay.map((r) => r.paid), colour: '--loss', dashed: true, text: money.format },
                ]}
              />
              <Table caption={t('agent.income.byDay')} rows={d.byDay} rowKey={(r) => r.day} columns={[{ key: 'day', label: t('agent.day'), cell: (r) => <time dateTime={r.day}>{r.day}</time> }, ...figures<(typeof d.byDay)[number]>()]} />
            </>
          )}
        </>
      )}
    </div>
  );
}
