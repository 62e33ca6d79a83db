import { openPopup } from './popups';
import { sessionToken } from './storage';

export type Launchable = { gameCode?: string; vassalage: string; displayName: string; gameType: string; iconUrl?: string; logoUrl?: string };

// launch starts a game or a vendor's lobby (spec §4 Game launching).
// Real-money play needs a session, so a visitor is asked to log in; a
// visitor may open a free demo (trial) where the game offers one.
export function launch(target: Launchable, trial = false): void {
  if (!trial && !sessionToken()) {
    openPopup('login');
    return;
  }
  openPopup('game', { target, trial });
}
