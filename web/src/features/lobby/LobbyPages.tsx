import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { VendorCard } from '../../components/VendorCard';
import { useVendors } from '../../data/catalog';
import { FAV_PAGE_SIZE } from '../../data/favourites';
import { FavouriteList, RecentList } from './AccountGames';
import { GameLobby } from './GameLobby';

const routeType: Record<string, string> = {
  '/rng': 'RNG',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/pvp': 'PVP',
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
};

// GameListPage is the game list centre (/live, /fish, /rng, /pvp,
// /provider). /provider and /rng take ?vassalage= to pre-select a vendor;
// /provider also takes ?gameType= for the categories without a route of
// their own (in-house, cockfight) and shows every vendor otherwise.
export function GameListPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const vendor = pathname === '/provider' || pathname === '/rng' ? params.get('vassalage') ?? '' : '';
  const gameType = routeType[pathname] ?? params.get('gameType') ?? 'ALL';
  const title = pathname === '/provider' && gameType === 'ALL' ? t('home.providers') : t(`type.${gameType}`);
  return (
    <div className="page">
      <h1 className="page-title">{title}</h1>
      <GameLobby gameType={gameType} vendor={vendor} classify={params.get('classify') ?? ''} paging={pathname === '/provider' ? 'numbers' : 'more'} />
    </div>
  );
}

// GameCentrePage lists the vendors of a vendor category (/sports,
// /esports, /lott, /elott); each opens its own lobby.
export function GameCentrePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const gameType = routeType[pathname];
  const q = useVendors();
  const cards = q.data?.data.lanes.find((l) => l.gameType === gameType)?.cards ?? [];
  return (
    <div className="page">
      <h1 className="page-title">{t(`type.${gameType}`)}</h1>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : cards.length === 0 ? (
        <EmptyState title={t('lobby.noVendors')} />
      ) : (
        <div className="vendor-grid">
          {cards.map((c) => (
            <VendorCard key={c.vassalage} vendor={c} gameType={gameType} />
          ))}
        </div>
      )}
    </div>
  );
}

// AccountGamesPage is /favorite and /recent: the member's favourites, 80
// to a page (spec §9), or recently played games.
export const RECENT_PAGE_SIZE = 18;

export function AccountGamesPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const fav = pathname === '/favorite';
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [pathname]);
  return (
    <div className="page">
      <h1 className="page-title">{t(fav ? 'type.FAV' : 'type.RECENT')}</h1>
      {fav ? (
        <FavouriteList gameType="ALL" pageSize={FAV_PAGE_SIZE} page={page} onPage={setPage} range={5} />
      ) : (
        <RecentList gameType="ALL" pageSize={RECENT_PAGE_SIZE} page={page} onPage={setPage} range={5} />
      )}
    </div>
  );
}
