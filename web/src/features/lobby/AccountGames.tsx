import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useFavouritePage } from '../../data/favourites';
import { useRecentPage } from '../../data/recent';
import type { Game } from '../../data/types';

// The member's own game lists (spec §2 account game page, lobby Fav and
// Recent tabs): numbered pages of the favourites and recent calls.
type Props = { gameType: string; vendor?: string; pageSize: number; page: number; onPage: (p: number) => void; range: number };

function Paged({ games, page, totalPages, onPage, range, empty }: { games: Game[]; page: number; totalPages: number; onPage: (p: number) => void; range: number; empty: string }) {
  const { t } = useTranslation();
  if (games.length === 0) return <EmptyState title={t(empty)} />;
  return (
    <>
      <div className="game-grid">
        {games.map((g) => (
          <GameTile key={`${g.vassalage}-${g.gameCode}`} game={g} />
        ))}
      </div>
      <Pagination page={page} totalPages={totalPages} onPage={onPage} range={range} />
    </>
  );
}

export function FavouriteList({ gameType, vendor, pageSize, page, onPage, range }: Props) {
  const q = useFavouritePage({ gameType, vassalage: vendor || undefined, pageSize, pageNo: page });
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  return <Paged games={q.data.content} page={q.data.pageNum || page} totalPages={q.data.totalPages} onPage={onPage} range={range} empty="lobby.noFavourites" />;
}

export function RecentList({ gameType, vendor, pageSize, page, onPage, range }: Props) {
  const q = useRecentPage({ gameType, vassalage: vendor ?? '', page, pageSize });
  if (q.isError && !q.data) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  return <Paged games={q.data.list} page={page} totalPages={q.data.totalPages} onPage={onPage} range={range} empty="lobby.noRecent" />;
}
