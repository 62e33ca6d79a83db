import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import '../../styles/data.css';

// DaySeries is one line: a value per day, drawn in a theme colour (a CSS
// variable); dashed lines differ by more than colour.
export type DaySeries = { label: string; values: number[]; colour: string; dashed?: boolean; text: (v: number) => string };

const height = 220;

let loading: Promise<typeof uPlot> | null = null;

// loadUPlot fetches the chart library once, when a chart is on screen.
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

function themeColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

// DayChart draws figures by day with uPlot; the same figures are one click
// away as a table, which also shows if the chart cannot be drawn.
export function DayChart({ title, days, series }: { title: string; days: string[]; series: DaySeries[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const [failed, setFailed] = useState(false);
  const table = asTable || failed;
  return (
    <figure className="agent-chart" aria-labelledby={`${id}-title`}>
      <div className="agent-chart-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <button type="button" className="button button-small" aria-expanded={table} aria-controls={`${id}-table`} disabled={failed} onClick={() => setAsTable(!asTable)}>
          {table ? t('agent.chart.hideTable') : t('agent.chart.showTable')}
        </button>
      </div>
      {!failed && <Plot days={days} series={series} label={title} onFail={() => setFailed(true)} />}
      {failed && (
        <p className="muted" role="status">
          {t('agent.chart.failed')}
        </p>
      )}
      {table && (
        <div className="data-table-wrap" id={`${id}-table`}>
          <table className="data-table" aria-labelledby={`${id}-title`}>
            <thead>
              <tr>
                <th scope="col">{t('agent.day')}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col" data-numeric>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={d}>
                  <th scope="row">{d}</th>
                  {series.map((s) => (
                    <td key={s.label} data-numeric>
                      {s.text(s.values[i])}
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

function Plot({ days, series, label, onFail }: { days: string[]; series: DaySeries[]; label: string; onFail: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef({ days, series });
  latest.current = { days, series };
  const [theme, setTheme] = useState(0);
  useEffect(() => {
    const watch = new MutationObserver(() => setTheme((v) => v + 1));
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'dir'] });
    return () => watch.disconnect();
  }, []);
  const data = JSON.stringify([days, series.map((s) => [s.label, s.values])]);

  useEffect(() => {
    let gone = false;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | undefined;
    void loadUPlot()
      .then((UPlot) => {
        const el = box.current;
        if (gone || !el) return;
        const { days: ds, series: lines } = latest.current;
        const text = themeColour('--text-muted', '#888');
        const grid = themeColour('--line', '#ccc');
        const xs = ds.map((_, i) => i);
        const dayLabel = (v: number) => ds[v]?.slice(5) ?? '';
        const opts: uPlot.Options = {
          width: Math.max(el.clientWidth, 280),
          height,
          scales: { x: { time: false } },
          cursor: { drag: { x: false, y: false } },
          axes: [
            { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, incrs: [1, 2, 5, 7, 10], values: (_u, splits) => splits.map((v) => dayLabel(v)) },
            // The values are minor units: the ticks are written as the
            // series writes its values (2000 cents reads 20.00).
            { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, size: 70, values: (_u, splits) => splits.map((v) => lines[0]?.text(v) ?? String(v)) },
          ],
          series: [
            { label: '', value: (_u, v) => (v === null || v === undefined ? '' : (ds[v] ?? '')) },
            ...lines.map((s) => ({
              label: s.label,
              stroke: themeColour(s.colour, '#888'),
              width: 2,
              dash: s.dashed ? [6, 4] : undefined,
              points: { show: false },
              value: (_u: uPlot, v: number | null) => (v === null ? '–' : s.text(v)),
            })),
          ],
        };
        plot = new UPlot(opts, [xs, ...lines.map((s) => s.values)] as uPlot.AlignedData, el);
        if (typeof ResizeObserver !== 'undefined') {
          resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(el.clientWidth, 280), height }));
          resize.observe(el);
        }
      })
      .catch(() => {
        if (!gone) onFail();
      });
    return () => {
      gone = true;
      resize?.disconnect();
      plot?.destroy();
    };
    // Rebuilt for new figures or a new theme; onFail is stable enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, theme]);

  return <div ref={box} className="agent-plot" role="img" aria-label={label} />;
}
