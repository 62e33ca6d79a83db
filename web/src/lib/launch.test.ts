import { describe, expect, it } from 'vitest';
import { launchAction, type Launchable } from './launch';

const game = (over: Partial<Launchable> = {}): Launchable => ({ gameCode: 'PG_1', vassalage: 'PG', displayName: 'Game', gameType: 'RNG', isGame: 'GAME', ...over });

describe('launch rules (spec §4 Game launching)', () => {
  it('sends lottery vendors to their own pages, logged in', () => {
    expect(launchAction(game({ vassalage: 'TCG_LOTTO_VN', gameCode: '', gameType: 'LOTT' }), false, true)).toEqual({ kind: 'route', to: '/vnLottery' });
    expect(launchAction(game({ vassalage: 'TCG_SEA', gameCode: 'S1', gameType: 'LOTT' }), false, true)).toEqual({ kind: 'route', to: '/seaLottery?gameCode=S1' });
    expect(launchAction(game({ vassalage: 'LOTT', gameCode: '', gameType: 'LOTT' }), false, true)).toEqual({ kind: 'route', to: '/lottery' });
    expect(launchAction(game({ vassalage: 'ELOTT', gameCode: '', gameType: 'ELOTT' }), false, true)).toEqual({ kind: 'route', to: '/lottery' });
    expect(launchAction(game({ vassalage: 'LOTT', gameCode: '' }), false, false)).toEqual({ kind: 'login' });
  });

  it('sends a slots vendor to the slots lobby on that vendor', () => {
    expect(launchAction(game({ gameCode: undefined, vassalage: 'JDB' }), false, false)).toEqual({ kind: 'route', to: '/rng?vassalage=JDB' });
  });

  it('opens the vendor game list for a VASSALAGE game, unless picked from it', () => {
    const g = game({ isGame: 'VASSALAGE', gameType: 'SPORTS', vassalage: 'SABA', gameCode: 'SB1' });
    expect(launchAction(g, false, true)).toEqual({ kind: 'vendorGames' });
    expect(launchAction(g, false, true, true)).toEqual({ kind: 'game', mode: 'real' });
  });

  it('lets a visitor try a demo but asks a login for real money', () => {
    expect(launchAction(game(), true, false)).toEqual({ kind: 'game', mode: 'demo' });
    expect(launchAction(game(), false, false)).toEqual({ kind: 'login' });
    expect(launchAction(game(), false, true)).toEqual({ kind: 'game', mode: 'real' });
    expect(launchAction(game({ gameCode: undefined, vassalage: 'SABA', gameType: 'SPORTS' }), false, true)).toEqual({ kind: 'game', mode: 'real' });
  });
});
