import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { useMoney } from '../../../data/wallet';
import { overviewPeriods, useOverview, type Figures } from '../api';
import { DayChart } from '../DayChart';
import { Amount, Facts, hourMinute } from '../Table';

// TeamOverview is the agent centre's first page: the team's size, its
// figures for six periods and the last 30 days as a chart. The server rolls
// the figures up about every minute; "as of" says when.
export function TeamOverview() {
  const { t } = useTranslation();
  const money = useMoney();
  const q = useOverview();
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const o = q.data;
  return (
    <div className="agent-overview">
      <div className="agent-overview-head">
        <Facts
          label={t('agent.overview.team')}
          items={[
            { key: 'size', label: t('agent.overview.teamSize'), value: money.count(o.teamSize) },
            { key: 'direct', label: t('agent.overview.directCount'), value: money.count(o.directCount) },
          ]}
        />
        <p className="muted" role="status">
          {t('agent.overview.asOf', { time: o.asOf > 0 ? hourMinute(o.asOf) : '–' })}
        </p>
      </div>
      <div className="agent-period-cards">
        {overviewPeriods.map((p) => (
          <PeriodCard key={p} title={t(`agent.overview.period.${p}`)} f={o.periods[p]} />
        ))}
      </div>
      {o.chart.length > 0 && (
        <DayChart
          title={t('agent.overview.chartTitle')}
          days={o.chart.map((d) => d.day)}
          series={[
            { label: t('agent.figures.validBet'), values: o.chart.map((d) => d.validBet), colour: '--accent', text: money.format },
            { label: t('agent.figures.profitLoss'), values: o.chart.map((d) => d.profitLoss), colour: '--loss', dashed: true, text: money.signed },
          ]}
        />
      )}
    </div>
  );
}

function PeriodCard({ title, f }: { title: string; f: Figures | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!f) return null;
  return (
    <section className="card agent-period-card" aria-label={title}>
      <h3>{title}</h3>
      <Facts
        items={[
          { key: 'new', label: t('agent.figures.newMembers'), value: money.count(f.newMembers) },
          { key: 'active', label: t('agent.figures.activeMembers'), value: money.count(f.activeMembers) },
          { key: 'deposits', label: t('agent.figures.deposits'), value: <Amount minor={f.deposits} /> },
          { key: 'withdrawals', label: t('agent.figures.withdrawals'), value: <Amount minor={f.withdrawals} /> },
          { key: 'validBet', label: t('agent.figures.validBet'), value: <Amount minor={f.validBet} /> },
          { key: 'pl', label: t('agent.figures.profitLoss'), value: <Amount minor={f.profitLoss} signed /> },
        ]}
      />
    </section>
  );
}
