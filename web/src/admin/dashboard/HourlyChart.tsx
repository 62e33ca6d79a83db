import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { hourLabel } from './zoneTime';

/** ChartSeries is one line: a value per hour (null for an hour that has
 * not begun) drawn in a theme colour (a CSS variable), dashed for
 * yesterday so the two days differ by more than colour. */
export type ChartSeries = {
  label: string;
  values: (number | null)[];
  colour: string;
  dashed: boolean;
  // text is how the table view and the legend write a value exactly.
  text: (hour: number) => string;
};

type Props = {
  title: string;
  // description says in words what the chart shows (its text alternative
  // beside the table view).
  description: string;
  series: ChartSeries[];
  note?: ReactNode;
};

const hours = Array.from({ length: 24 }, (_, h) => h);
const height = 220;

/** HourlyChart draws hourly lines with uPlot, loaded only when a chart is
 * on screen (its chunk stays out of the back office's first load and never
 * reaches the player site). The same figures are one click away as a
 * table, which is also what shows if the chart cannot be drawn. */
export function HourlyChart({ title, description, series, note }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [failed, setFailed] = useState(false);
  const table = asTable || failed;

  return (
    <figure className="dash-chart" aria-labelledby={`${id}-title`}>
      <div className="dash-chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="button button-small" aria-expanded={table} aria-controls={`${id}-table`} disabled={failed} onClick={() => setAsTable(!asTable)}>
          {table ? t('dashboard.chart.hideTable') : t('dashboard.chart.showTable')}
        </button>
      </div>
      <p id={`${id}-desc`} className="visually-hidden">
        {description}
      </p>
      {!failed && <Plot series={series} describedBy={`${id}-desc`} label={title} hourTitle={t('dashboard.chart.hour')} onFail={() => setFailed(true)} />}
      {failed && (
        <p className="muted" role="status">
          {t('dashboard.chart.failed')}
        </p>
      )}
      {note && <figcaption className="dash-chart-note muted">{note}</figcaption>}
      {table && (
        <div className="admin-table-wrap dash-chart-table" id={`${id}-table`}>
          <table className="admin-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.chart.hour')}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" className="dash-num">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {hours.map((h) => (
                <tr key={h}>
                  <th scope="row">{hourLabel(h)}</th>
                  {series.map((s) => (
                    <td key={s.label} className="dash-num">
                      {s.values[h] === null ? <span className="muted">{t('dashboard.chart.notYet')}</span> : s.text(h)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}

let loading: Promise<typeof uPlot> | null = null;

/** loadUPlot fetches the chart library and its stylesheet once for every
 * chart on the page; a failed load is tried again by the next chart. */
function loadUPlot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([m]) => m.default,
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** themeColour reads a theme variable from <html> (styles/base.css). */
function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** useThemeVersion changes whenever the theme on <html> does, so a canvas
 * (which CSS variables cannot reach) is drawn again in the new colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const watch = new MutationObserver(() => setVersion((v) => v + 1));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => watch.disconnect();
  }, []);
  return version;
}

type PlotProps = { series: ChartSeries[]; describedBy: string; label: string; hourTitle: string; onFail: () => void };

function Plot({ series, describedBy, label, hourTitle, onFail }: PlotProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef(series);
  latest.current = series;
  const theme = useThemeVersion();
  // shape changes when lines come or go: then the chart is built anew.
  const shape = series.map((s) => `${s.label}/${s.colour}/${s.dashed}`).join('|');

  useEffect(() => {
    let gone = false;
    let resize: ResizeObserver | undefined;
    void loadUPlot()
      .then((UPlot) => {
        const el = box.current;
        if (gone || !el) return;
        const text = themeColour('--text-muted', '#888');
        const grid = themeColour('--line', '#ccc');
        const lines = latest.current;
        const opts: uPlot.Options = {
          width: Math.max(el.clientWidth, 280),
          height,
          scales: { x: { time: false } },
          cursor: { drag: { x: false, y: false } },
          axes: [
            { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, incrs: [1, 2, 3, 4, 6], values: (_u, splits) => splits.map((v) => hourLabel(v)) },
            { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 70 },
          ],
          series: [
            { label: hourTitle, value: (_u, v) => (v === null || v === undefined ? '' : hourLabel(v)) },
            ...lines.map((s, i) => ({
              label: s.label,
              stroke: themeColour(s.colour, '#888'),
              width: s.dashed ? 1.5 : 2,
              dash: s.dashed ? [6, 4] : undefined,
              spanGaps: false,
              points: { show: false },
              value: (_u: uPlot, _v: number | null, _si: number, idx: number | null) => (idx === null || latest.current[i]?.values[idx] === null ? '–' : (latest.current[i]?.text(idx) ?? '')),
            })),
          ],
        };
        plot.current = new UPlot(opts, [hours, ...lines.map((s) => s.values)] as uPlot.AlignedData, el);
        if (typeof ResizeObserver !== 'undefined') {
          resize = new ResizeObserver(() => plot.current?.setSize({ width: Math.max(el.clientWidth, 280), height }));
          resize.observe(el);
        }
      })
      .catch(() => {
        if (!gone) onFail();
      });
    return () => {
      gone = true;
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
    // The chart is rebuilt for a new theme or new lines; new figures only
    // replace its data (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, shape, hourTitle]);

  useEffect(() => {
    plot.current?.setData([hours, ...series.map((s) => s.values)] as uPlot.AlignedData);
  }, [series]);

  return <div ref={box} className="dash-plot" role="img" aria-label={label} aria-describedby={describedBy} />;
}
