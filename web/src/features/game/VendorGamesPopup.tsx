import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { Spinner } from '../../components/Spinner';
import { useGamePage, useMenus } from '../../data/catalog';
import { startGame } from '../../lib/launch';

export const VENDOR_PAGE_SIZE = 18;

// VendorGamesPopup is the vendor popup game list (checklist D-010): a game
// of a VASSALAGE vendor opens its vendor's games here, and the game picked
// starts directly. The list stays open under the game, so closing the game
// comes back to it.
export function VendorGamesPopup({ vassalage, onClose }: { vassalage: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const menus = useMenus();
  const name = (menus.data ?? []).flatMap((m) => m.vendors).find((v) => v.vassalage === vassalage)?.displayName ?? vassalage;
  const q = useGamePage({ gameType: 'ALL', vassalage, pageSize: VENDOR_PAGE_SIZE }, page);
  return (
    <Dialog title={name} onClose={onClose} className="dialog-wide vendor-games">
      {q.isError && !q.data ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : q.data.games.length === 0 ? (
        <EmptyState title={t('lobby.noData')} />
      ) : (
        <>
          <div className="game-grid">
            {q.data.games.map((g) => (
              <GameTile key={g.gameCode} game={g} onLaunch={startGame} />
            ))}
          </div>
          <Pagination page={q.data.pageNo} totalPages={q.data.totalPages} onPage={setPage} range={3} />
        </>
      )}
    </Dialog>
  );
}
