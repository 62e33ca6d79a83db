import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityReport } from './ActivityReport';
import { GgrReport } from './GgrReport';
import { ProfitLossReport } from './ProfitLossReport';
import { defaultSort, reportTabs, type ReportTab } from './reportQuery';
import { useReportState } from './useReportState';
import './reports.css';

/** ReportsPage holds the three reports as tabs. The tab and every filter
 * are in the address, so a report is a link an operator can share. */
export function ReportsPage() {
  const { t } = useTranslation();
  const [state, update] = useReportState();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  // A new tab keeps the days and starts its own filters, order and paging.
  const open = (tab: ReportTab) => {
    if (tab === state.tab) return;
    update({ tab, by: 'day', vendor: '', gameType: '', q: '', sort: defaultSort(tab, 'day'), order: 'desc', page: 1 });
  };

  // Arrow keys, Home and End move between the tabs (the ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    const i = reportTabs.indexOf(state.tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: reportTabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = reportTabs[(to + reportTabs.length) % reportTabs.length];
    open(next);
    tabs.current[next]?.focus();
  };

  return (
    <section className="admin-page" aria-labelledby="page-reports">
      <div className="admin-page-head">
        <h1 id="page-reports">{t('sections.reports.title')}</h1>
        <p className="muted">{t('reports.summary')}</p>
      </div>
      <div className="rep-tabs" role="tablist" aria-label={t('sections.reports.title')} onKeyDown={onKey}>
        {reportTabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`report-tab-${tab}`}
            aria-selected={tab === state.tab}
            aria-controls="report-panel"
            tabIndex={tab === state.tab ? 0 : -1}
            className={tab === state.tab ? 'rep-tab rep-tab-on' : 'rep-tab'}
            onClick={() => open(tab)}
          >
            {t(`sections.reports.parts.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="report-panel" aria-labelledby={`report-tab-${state.tab}`}>
        {state.tab === 'ggr' && <GgrReport state={state} update={update} />}
        {state.tab === 'profitLoss' && <ProfitLossReport state={state} update={update} />}
        {state.tab === 'players' && <ActivityReport state={state} update={update} />}
      </div>
    </section>
  );
}
