import { useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { LoadError, SlowNotice } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useGamePage, useGamePages, useHotGames, useVendors, type ListFilter } from '../../data/catalog';
import type { Game, Lane } from '../../data/types';
import { openPopup } from '../../lib/popups';
import { useSessionToken } from '../../lib/session';
import { FavouriteList, RecentList } from './AccountGames';
import { initialLobby, lobbyReducer, needsLogin, type Tab } from './lobbyState';

export const LOBBY_PAGE_SIZE = 18;
const tabs: Tab[] = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'];

type Props = {
  gameType: string;
  vendor?: string;
  classify?: string;
  paging?: 'more' | 'numbers';
};

// vendorsOf lists the vendors a lobby filters by: those of its category, or
// of every game-list category for ALL.
function vendorsOf(lanes: Lane[], gameType: string) {
  const seen = new Map<string, string>();
  for (const lane of lanes) {
    if (gameType !== 'ALL' && lane.gameType !== gameType) continue;
    for (const c of lane.cards) if (!seen.has(c.vassalage)) seen.set(c.vassalage, c.displayName);
  }
  return [...seen].map(([code, name]) => ({ code, name }));
}

// GameLobby is the game list of a category (spec §2 Game lobby): vendor and
// classify filters, the All/New/Hot/Fav/Recent tabs, a name search and
// paging.
export function GameLobby({ gameType, vendor = '', classify: startClassify = '', paging = 'more' }: Props) {
  const { t } = useTranslation();
  const loggedIn = !!useSessionToken();
  const [state, dispatch] = useReducer(lobbyReducer, undefined, () => initialLobby(vendor, startClassify));
  const [nameInput, setNameInput] = useState('');
  const vendors = useVendors();
  const lanes = vendors.data?.data.lanes ?? [];
  const vendorList = useMemo(() => vendorsOf(lanes, gameType), [lanes, gameType]);
  const classify = lanes.find((l) => l.gameType === gameType)?.gameClassify ?? [];

  useEffect(() => {
    dispatch({ type: 'reset', vendor, classify: startClassify });
    setNameInput('');
  }, [gameType, vendor, startClassify]);

  // The name input reloads the list once typing pauses.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (nameInput.trim() !== state.name) dispatch({ type: 'name', name: nameInput.trim() });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [nameInput, state.name]);

  function chooseTab(tab: Tab) {
    if (needsLogin(tab, loggedIn)) {
      openPopup('login');
      return;
    }
    dispatch({ type: 'tab', tab, loggedIn });
    setNameInput('');
  }

  const filter: ListFilter = {
    gameType,
    gameFilter: state.tab === 'NEW' ? 'NEW' : undefined,
    vassalage: state.vendor || undefined,
    gameClassify: state.classify || undefined,
    gameName: state.name || undefined,
    pageSize: LOBBY_PAGE_SIZE,
  };

  return (
    <section className="lobby" aria-label={t(`type.${gameType}`)}>
      <div className="lobby-filters">
        <div className="chip-row" role="group" aria-label={t('lobby.vendors')}>
          <button type="button" className="chip" aria-pressed={!state.vendor && !state.classify} onClick={() => dispatch({ type: 'allVendors' })}>
            {t('lobby.all')}
          </button>
          {vendorList.map((v) => (
            <button type="button" key={v.code} className="chip" aria-pressed={state.vendor === v.code} onClick={() => dispatch({ type: 'vendor', vendor: v.code })}>
              {v.name}
            </button>
          ))}
        </div>
        {classify.length > 0 && (
          <div className="chip-row" role="group" aria-label={t('lobby.classify')}>
            {classify.map((c) => (
              <button type="button" key={c.code} className="chip chip-small" aria-pressed={state.classify === c.code} onClick={() => dispatch({ type: 'classify', classify: state.classify === c.code ? '' : c.code })}>
                {c.name}
              </button>
            ))}
          </div>
        )}
        <div className="lobby-bar">
          <div className="tabs" role="tablist" aria-label={t('lobby.tabs')}>
            {tabs.map((tab) => (
              <button type="button" role="tab" key={tab} aria-selected={state.tab === tab} className="tab" onClick={() => chooseTab(tab)}>
                {t(`lobby.tab.${tab}`)}
              </button>
            ))}
          </div>
          {/* The favourites and recent calls take no game name. */}
          {(state.tab === 'ALL' || state.tab === 'NEW' || state.tab === 'HOT') && (
            <input
              type="search"
              className="input lobby-search"
              value={nameInput}
              onChange={(e) => setNameInput(e.target.value)}
              placeholder={t('lobby.searchPlaceholder')}
              aria-label={t('lobby.searchLabel')}
              maxLength={50}
            />
          )}
        </div>
      </div>
      {(state.tab === 'ALL' || state.tab === 'NEW') &&
        (paging === 'more' ? <MoreList filter={filter} /> : <NumberedList filter={filter} page={state.page} onPage={(p) => dispatch({ type: 'page', page: p })} />)}
      {state.tab === 'HOT' && <HotGames gameType={gameType} vendor={state.vendor} name={state.name} />}
      {state.tab === 'FAV' && <FavouriteList gameType={gameType} vendor={state.vendor} pageSize={LOBBY_PAGE_SIZE} page={state.page} onPage={(p) => dispatch({ type: 'page', page: p })} range={3} />}
      {state.tab === 'RECENT' && <RecentList gameType={gameType} vendor={state.vendor} pageSize={LOBBY_PAGE_SIZE} page={state.page} onPage={(p) => dispatch({ type: 'page', page: p })} range={3} />}
    </section>
  );
}

function Grid({ games }: { games: Game[] }) {
  return (
    <div className="game-grid">
      {games.map((g) => (
        <GameTile key={g.gameCode} game={g} />
      ))}
    </div>
  );
}

function MoreList({ filter }: { filter: ListFilter }) {
  const { t } = useTranslation();
  const q = useGamePages(filter);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data)
    return (
      <>
        <Spinner />
        <SlowNotice loading />
      </>
    );
  const games = q.data.pages.flatMap((p) => p.games);
  const total = q.data.pages[0]?.total ?? 0;
  if (games.length === 0) return <EmptyState title={t('lobby.noData')} />;
  return (
    <>
      <Grid games={games} />
      <div className="load-more">
        <p className="muted">{t('lobby.shown', { shown: games.length, total })}</p>
        {q.hasNextPage && (
          <button type="button" className="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? t('common.loading') : t('lobby.loadMore')}
          </button>
        )}
        {q.isError && <LoadError error={q.error} onRetry={() => void q.fetchNextPage()} />}
      </div>
    </>
  );
}

function NumberedList({ filter, page, onPage }: { filter: ListFilter; page: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const q = useGamePage(filter, page);
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  if (q.data.games.length === 0) return <EmptyState title={t('lobby.noData')} />;
  return (
    <>
      <Grid games={q.data.games} />
      <Pagination page={q.data.pageNo} totalPages={q.data.totalPages} onPage={onPage} range={3} />
    </>
  );
}

export function HotGames({ gameType, vendor, name }: { gameType: string; vendor: string; name: string }) {
  const { t } = useTranslation();
  const q = useHotGames();
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const needle = name.toLowerCase();
  const games = q.data.filter(
    (g) => (gameType === 'ALL' || g.gameType === gameType) && (!vendor || g.vassalage === vendor) && (!needle || g.displayName.toLowerCase().includes(needle)),
  );
  if (games.length === 0) return <EmptyState title={t('lobby.noData')} />;
  return <Grid games={games} />;
}
