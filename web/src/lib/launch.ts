import { navigateTo } from './navigation';
import { openPopup } from './popups';
import { sessionToken } from './storage';

export type Launchable = {
  gameCode?: string;
  vassalage: string;
  displayName: string;
  gameType: string;
  iconUrl?: string;
  logoUrl?: string;
  isGame?: string;
};

export type LaunchMode = 'real' | 'demo';

// What a click on a game or vendor does (spec §4 Game launching).
export type LaunchAction =
  | { kind: 'route'; to: string }
  | { kind: 'login' }
  | { kind: 'vendorGames' }
  | { kind: 'game'; mode: LaunchMode };

// Lottery vendors play on their own pages (checklist I-002..I-004).
const lotteryRoutes: Record<string, string> = { TCG_LOTTO_VN: '/vnLottery', TCG_SEA: '/seaLottery', LOTT: '/lottery', ELOTT: '/lottery' };

// launchAction decides without side effects, so the rules are tested on
// their own. demo asks for free demo play (a game with supportPlay 0).
export function launchAction(target: Launchable, demo: boolean, loggedIn: boolean, direct = false): LaunchAction {
  const lottery = lotteryRoutes[target.vassalage];
  if (lottery) {
    // Lottery pages need a session (spec §6); the login popup asks here
    // rather than letting the route guard send the visitor home.
    if (!loggedIn) return { kind: 'login' };
    return { kind: 'route', to: target.gameCode ? `${lottery}?gameCode=${encodeURIComponent(target.gameCode)}` : lottery };
  }
  // A slots vendor opens the slots lobby on that vendor (checklist D-013).
  if (!target.gameCode && target.gameType === 'RNG') return { kind: 'route', to: `/rng?vassalage=${encodeURIComponent(target.vassalage)}` };
  // A game of a VASSALAGE vendor opens that vendor's game list (D-010);
  // a game chosen in that list (direct) starts itself.
  if (!direct && target.gameCode && target.isGame === 'VASSALAGE') return { kind: 'vendorGames' };
  // A visitor may try a free demo; real money needs a session (D-015).
  if (demo) return { kind: 'game', mode: 'demo' };
  if (!loggedIn) return { kind: 'login' };
  return { kind: 'game', mode: 'real' };
}

function run(target: Launchable, demo: boolean, direct: boolean): void {
  const action = launchAction(target, demo, !!sessionToken(), direct);
  switch (action.kind) {
    case 'route':
      navigateTo(action.to);
      return;
    case 'login':
      openPopup('login');
      return;
    case 'vendorGames':
      openPopup('vendorGames', { vassalage: target.vassalage });
      return;
    case 'game':
      openPopup('game', { target, mode: action.mode });
  }
}

// launch starts a game or a vendor's lobby from a tile, a vendor card or
// the navigation.
export function launch(target: Launchable, demo = false): void {
  run(target, demo, false);
}

// startGame launches a game picked from a vendor's game list, skipping the
// rule that would open that list again.
export function startGame(target: Launchable, demo = false): void {
  run(target, demo, true);
}

// launchPlatform is the platform the launch call names: touch devices get
// the mobile (H5) build of a game.
export function launchPlatform(): 'html5-desktop' | 'H5' {
  const coarse = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return coarse ? 'H5' : 'html5-desktop';
}
