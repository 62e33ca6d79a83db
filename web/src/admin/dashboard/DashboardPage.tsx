import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount } from '../lib/format';
import { comparedWith, currentHour, isQuiet, type Basis } from './figures';
import { FigureCards, formatCount } from './FigureCards';
import { HourlyChart, type ChartSeries } from './HourlyChart';
import type { Dashboard, Figures } from './dashboardTypes';
import { hourLabel, zoneClock, zoneLabel } from './zoneTime';
import './dashboard.css';

/** refreshMs is how often the dashboard asks for fresh figures while it
 * is on screen; react-query stops asking while the tab is hidden. */
export const refreshMs = 10_000;

/** DashboardPage is today's figures against yesterday's, with hourly
 * charts, refreshed every ten seconds. */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const [basis, setBasis] = useState<Basis>('sameHour');
  const live = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => adminGet<Dashboard>('/admin/api/dashboard', undefined, signal),
    refetchInterval: refreshMs,
  });
  const d = live.data;

  return (
    <section className="admin-page" aria-labelledby="page-dashboard">
      <div className="admin-page-head dash-head">
        <div>
          <h1 id="page-dashboard">{t('sections.dashboard.title')}</h1>
          <p className="muted">{t('dashboard.summary')}</p>
        </div>
        {d && (
          <dl className="dash-facts">
            <div>
              <dt>{t('dashboard.currency')}</dt>
              <dd data-testid="dash-currency">{d.currency}</dd>
            </div>
            <div>
              <dt>{t('dashboard.timezone')}</dt>
              <dd data-testid="dash-timezone">{zoneLabel(d.timezone)}</dd>
            </div>
            <div>
              <dt>{t('dashboard.updatedAt')}</dt>
              <dd>
                <time dateTime={d.generatedAt} data-testid="dash-updated">
                  {zoneClock(d.generatedAt, d.timezone, i18n.language)}
                </time>
                <span className="muted"> · {t('dashboard.live', { seconds: refreshMs / 1000 })}</span>
              </dd>
            </div>
          </dl>
        )}
      </div>

      {live.isPending && <p className="muted">{t('common.loading')}</p>}
      {live.isError && (
        <div className="dash-error" role="alert">
          <p className="admin-error">{d ? t('dashboard.stale', { error: errorText(live.error, t) }) : errorText(live.error, t)}</p>
          <button type="button" className="button button-small" onClick={() => void live.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {d && <DashboardBody d={d} basis={basis} onBasis={setBasis} />}
    </section>
  );
}

function DashboardBody({ d, basis, onBasis }: { d: Dashboard; basis: Basis; onBasis: (b: Basis) => void }) {
  const { t } = useTranslation();
  const now = currentHour(d);
  const base = comparedWith(d, basis);
  const untilHour = now >= 0 && now < 23 ? `${hourLabel(now).slice(0, 2)}:59` : '';
  const baseLabel = basis === 'day' || !untilHour ? t('dashboard.basis.dayShort') : t('dashboard.basis.sameHourShort', { time: untilHour });
  const charts = useChartSeries(d);

  return (
    <>
      <div className="admin-panel">
        <div className="dash-panel-head">
          <h2>{t('sections.dashboard.parts.today')}</h2>
          <label className="admin-inline">
            <span>{t('dashboard.basis.label')}</span>
            <select className="input admin-select" value={basis} onChange={(e) => onBasis(e.target.value as Basis)}>
              <option value="sameHour">{t('dashboard.basis.sameHour')}</option>
              <option value="day">{t('dashboard.basis.day')}</option>
            </select>
          </label>
        </div>
        {isQuiet(d) && (
          <p className="admin-empty-row" role="status">
            {t('dashboard.quiet')}
          </p>
        )}
        <FigureCards today={d.today} base={base} baseLabel={baseLabel} currency={d.currency} />
        <p className="muted dash-footnote">{t('dashboard.firstDepositsNote')}</p>
      </div>
      <div className="admin-panel">
        <h2>{t('sections.dashboard.parts.hourly')}</h2>
        <div className="dash-charts">
          <HourlyChart
            title={t('dashboard.chart.money', { currency: d.currency })}
            description={t('dashboard.chart.moneyDescription', { currency: d.currency, zone: zoneLabel(d.timezone) })}
            series={charts.money}
          />
          <HourlyChart
            title={t('dashboard.chart.players')}
            description={t('dashboard.chart.playersDescription', { zone: zoneLabel(d.timezone) })}
            series={charts.players}
            note={t('dashboard.chart.activeNote')}
          />
        </div>
        <p className="muted dash-footnote">{t('dashboard.hoursIn', { zone: zoneLabel(d.timezone) })}</p>
      </div>
    </>
  );
}

type AmountKey = 'bets' | 'wins' | 'ggr';
type CountKey = 'activePlayers' | 'registrations';

/** useChartSeries turns the hours into the two charts' lines: today solid,
 * yesterday dashed, each metric in its own theme colour. The lines are
 * numbers for drawing only; the legend and the table write the exact
 * decimal strings. */
function useChartSeries(d: Dashboard): { money: ChartSeries[]; players: ChartSeries[] } {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const byHour = new Map(d.hours.map((h) => [h.hour, h]));
    const at = (hour: number, day: 'today' | 'yesterday'): Figures | null => byHour.get(hour)?.[day] ?? null;
    const hours = Array.from({ length: 24 }, (_, h) => h);
    const amount = (key: AmountKey, colour: string): ChartSeries[] =>
      (['today', 'yesterday'] as const).map((day) => ({
        label: t(`dashboard.chart.line.${key}.${day}`),
        colour,
        dashed: day === 'yesterday',
        values: hours.map((h) => {
          const f = at(h, day);
          return f ? Number(f[key]) : null;
        }),
        text: (h) => {
          const f = at(h, day);
          return f ? formatAmount(f[key], lang) : '';
        },
      }));
    const count = (key: CountKey, colour: string): ChartSeries[] =>
      (['today', 'yesterday'] as const).map((day) => ({
        label: t(`dashboard.chart.line.${key}.${day}`),
        colour,
        dashed: day === 'yesterday',
        values: hours.map((h) => at(h, day)?.[key] ?? null),
        text: (h) => {
          const f = at(h, day);
          return f ? formatCount(f[key], lang) : '';
        },
      }));
    return {
      money: [...amount('bets', '--info'), ...amount('wins', '--hot'), ...amount('ggr', '--gain')],
      players: [...count('activePlayers', '--info'), ...count('registrations', '--accent')],
    };
  }, [d, t, lang]);
}
