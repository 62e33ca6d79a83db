import { useTranslation } from 'react-i18next';
import { useFavouriteToggle, useIsFavourite } from '../data/favourites';
import type { Game } from '../data/types';
import { launch } from '../lib/launch';
import { useSessionToken } from '../lib/session';
import { LazyImage } from './LazyImage';

type Props = {
  game: Game;
  // onLaunch replaces the launch rules (a vendor's game list starts the
  // chosen game directly).
  onLaunch?: (game: Game, demo: boolean) => void;
};

// GameTile is one game of a list (spec §3): its large icon (lagerIcon),
// display name and game type with the vendor, the hot and new badges, a
// play button (slots launch from the tile itself), a free-trial button
// where the game offers demo play (supportPlay 0) and the favourite heart.
// The badges sit beside the art's button, not in it: its name says what
// it does ("Play ..."), and a visible word inside would have to be in
// that name too (WCAG 2.5.3).
export function GameTile({ game, onLaunch = launch }: Props) {
  const { t } = useTranslation();
  const isSlot = game.gameType === 'RNG';
  return (
    <article className="game-tile" data-game={game.gameCode}>
      <div className="game-tile-art-wrap">
        <button type="button" className="game-tile-art" onClick={() => onLaunch(game, false)} aria-label={t('game.playName', { name: game.displayName })} disabled={game.maintenance}>
          <LazyImage src={game.lagerIcon || game.iconUrl} alt="" width={160} height={160} />
        </button>
        {game.isHot === 1 && <span className="badge badge-hot">{t('game.hot')}</span>}
        {game.isNew === 1 && <span className="badge badge-new">{t('game.new')}</span>}
        {game.maintenance && <span className="badge badge-maint">{t('game.maintenance')}</span>}
      </div>
      <div className="game-tile-info">
        <div className="game-tile-text">
          <h3 className="game-name" title={game.displayName} dir="auto">
            {game.displayName}
          </h3>
          <p className="game-meta">
            <span className="game-type">{t(`type.${game.gameType}`, { defaultValue: game.gameType })}</span> · <span className="game-vendor">{game.vassalage}</span>
          </p>
        </div>
        <FavouriteButton game={game} />
      </div>
      <div className="game-tile-actions">
        {!isSlot && (
          <button type="button" className="button button-small" onClick={() => onLaunch(game, false)} disabled={game.maintenance}>
            {t('game.play')}
          </button>
        )}
        {game.supportPlay === 0 && (
          <button type="button" className="button button-small button-ghost" onClick={() => onLaunch(game, true)} disabled={game.maintenance}>
            {t('game.freeTrial')}
          </button>
        )}
      </div>
    </article>
  );
}

// FavouriteButton is the heart: pressed when the game is a favourite; for
// a visitor it asks to log in (spec §5 protected action).
function FavouriteButton({ game }: { game: Game }) {
  const { t } = useTranslation();
  const loggedIn = !!useSessionToken();
  const favourite = useIsFavourite(game);
  const toggle = useFavouriteToggle();
  const on = loggedIn && favourite;
  return (
    <button type="button" className="fav-button" aria-pressed={on} aria-label={t('favourites.toggle', { name: game.displayName })} onClick={() => toggle(game)}>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          d="M12 20.5s-7.5-4.6-9.3-9.2C1.5 8.1 3.6 4.5 7.2 4.5c2 0 3.4 1.1 4.8 2.9 1.4-1.8 2.8-2.9 4.8-2.9 3.6 0 5.7 3.6 4.5 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
