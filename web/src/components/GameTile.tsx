import { useTranslation } from 'react-i18next';
import type { Game } from '../data/types';
import { launch } from '../lib/launch';
import { LazyImage } from './LazyImage';

// GameTile is one game of a list (spec §3): icon, name and vendor, a hot
// badge, a play button (slots launch from the tile itself) and a free-trial
// button where the game offers demo play (supportPlay 0).
export function GameTile({ game }: { game: Game }) {
  const { t } = useTranslation();
  const isSlot = game.gameType === 'RNG';
  return (
    <article className="game-tile" data-game={game.gameCode}>
      <button type="button" className="game-tile-art" onClick={() => launch(game)} aria-label={t('game.playName', { name: game.displayName })} disabled={game.maintenance}>
        <LazyImage src={game.iconUrl} alt="" width={160} height={160} />
        {game.isHot === 1 && <span className="badge badge-hot">{t('game.hot')}</span>}
        {game.isNew === 1 && <span className="badge badge-new">{t('game.new')}</span>}
        {game.maintenance && <span className="badge badge-maint">{t('game.maintenance')}</span>}
      </button>
      <div className="game-tile-info">
        <h3 className="game-name" title={game.displayName} dir="auto">
          {game.displayName}
        </h3>
        <p className="game-vendor">{game.vassalage}</p>
      </div>
      <div className="game-tile-actions">
        {!isSlot && (
          <button type="button" className="button button-small" onClick={() => launch(game)} disabled={game.maintenance}>
            {t('game.play')}
          </button>
        )}
        {game.supportPlay === 0 && (
          <button type="button" className="button button-small button-ghost" onClick={() => launch(game, true)} disabled={game.maintenance}>
            {t('game.freeTrial')}
          </button>
        )}
      </div>
    </article>
  );
}
