import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { GamesTable } from './GamesTable';
import { VendorsTable } from './VendorsTable';
import './games.css';

const tabs = ['games', 'vendors'] as const;
type Tab = (typeof tabs)[number];

/** GamesPage is the Games and vendors section: the merchant's games and
 * the vendors it is offered, on two tabs (the tab lives in the address). */
export function GamesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'vendors' ? 'vendors' : 'games';
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ games: null, vendors: null });
  const open = (next: Tab) => {
    setParams(next === 'games' ? {} : { tab: next }, { replace: true });
    refs.current[next]?.focus();
  };
  // Arrow keys, Home and End move between tabs, as a tab list should.
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.indexOf(tab);
    const to = { ArrowRight: (i + 1) % tabs.length, ArrowLeft: (i + tabs.length - 1) % tabs.length, Home: 0, End: tabs.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    open(tabs[to]);
  };
  return (
    <section className="admin-page" aria-labelledby="page-games">
      <div className="admin-page-head">
        <h1 id="page-games">{t('sections.games.title')}</h1>
        <p className="muted">{t('games.summary')}</p>
      </div>
      <div className="games-tabs" role="tablist" aria-label={t('sections.games.title')} onKeyDown={onKey}>
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`games-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`games-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            ref={(el) => {
              refs.current[id] = el;
            }}
            onClick={() => open(id)}
          >
            {t(`sections.games.parts.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`games-panel-${tab}`} aria-labelledby={`games-tab-${tab}`}>
        {tab === 'games' ? <GamesTable /> : <VendorsTable />}
      </div>
    </section>
  );
}
