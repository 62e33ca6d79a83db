import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { LazyImage } from '../../components/LazyImage';
import type { Launchable } from '../../lib/launch';

// GamePopup is where a launched game plays. Launching (game sessions and
// the seamless wallet) is built with the wallet; until then it says so
// plainly instead of pretending to open a game.
export function GamePopup({ target, trial, onClose }: { target: Launchable; trial?: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={target.displayName} onClose={onClose} className="game-popup">
      <div className="game-popup-body">
        <LazyImage src={target.iconUrl ?? target.logoUrl ?? ''} alt="" width={160} height={160} />
        <div>
          <p className="muted">
            {target.vassalage} · {t(`type.${target.gameType}`, { defaultValue: target.gameType })}
            {trial ? ` · ${t('game.freeTrial')}` : ''}
          </p>
          <p>{t('game.notYet')}</p>
        </div>
      </div>
    </Dialog>
  );
}
