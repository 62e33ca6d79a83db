import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can, useAdminSession } from '../lib/session';
import { CommissionPanel } from './CommissionPanel';
import { ContractsPanel } from './ContractsPanel';
import { RunsPanel } from './RunsPanel';
import { TreePanel } from './TreePanel';
import './agents.css';

/** The section's tabs (sections.agents.parts). */
export const agentTabs = ['tree', 'contracts', 'runs', 'commission'] as const;
export type AgentTab = (typeof agentTabs)[number];

/** AgentsPage is the agent centre's back office: the member tree and its
 * moves, the contracts (and the platform's own offers), the settlement
 * runs with their payouts, and the commission per agent. Every list is
 * read with agents.read, as the server checks; agents.write and
 * agents.settle add the actions. The tab is in the address. */
export function AgentsPage() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const tabs: AgentTab[] = can(me, 'agents.read') ? [...agentTabs] : [];
  const asked = params.get('tab') as AgentTab | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  if (!tab) {
    return (
      <section className="admin-page" aria-labelledby="page-agents">
        <h1 id="page-agents">{t('sections.agents.title')}</h1>
        <p className="admin-empty" role="status">
          {t('agents.needsRead')}
        </p>
      </section>
    );
  }

  const open = (next: AgentTab) => setParams(next === tabs[0] ? {} : { tab: next });
  // Arrow keys, Home and End move between the tabs (the ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    open(next);
    buttons.current[next]?.focus();
  };

  return (
    <section className="admin-page" aria-labelledby="page-agents">
      <div className="admin-page-head">
        <h1 id="page-agents">{t('sections.agents.title')}</h1>
        <p className="muted">{t('sections.agents.summary')}</p>
      </div>
      <div className="ag-tabs" role="tablist" aria-label={t('sections.agents.title')} onKeyDown={onKey}>
        {tabs.map((id) => (
          <button
            key={id}
            ref={(el) => {
              buttons.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`agents-tab-${id}`}
            aria-selected={id === tab}
            aria-controls="agents-panel"
            tabIndex={id === tab ? 0 : -1}
            className={id === tab ? 'ag-tab ag-tab-on' : 'ag-tab'}
            onClick={() => open(id)}
          >
            {t(`sections.agents.parts.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="agents-panel" aria-labelledby={`agents-tab-${tab}`}>
        {tab === 'tree' && <TreePanel />}
        {tab === 'contracts' && <ContractsPanel />}
        {tab === 'runs' && <RunsPanel />}
        {tab === 'commission' && <CommissionPanel />}
      </div>
    </section>
  );
}
