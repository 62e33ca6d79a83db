import { describe, expect, it } from 'vitest';
import { initialLobby, lobbyReducer, needsLogin, type LobbyState } from './lobbyState';

const busy: LobbyState = { tab: 'HOT', vendor: 'PG', classify: 'VIDEO', name: 'dragon', page: 4 };

describe('lobby reset rules (spec §2)', () => {
  it('choosing All resets vendor and classify', () => {
    expect(lobbyReducer(busy, { type: 'allVendors' })).toMatchObject({ vendor: '', classify: '', page: 1, name: 'dragon', tab: 'HOT' });
  });

  it('changing tab resets the page and clears the search text', () => {
    expect(lobbyReducer(busy, { type: 'tab', tab: 'ALL', loggedIn: false })).toMatchObject({ tab: 'ALL', page: 1, name: '', vendor: 'PG' });
  });

  it('New needs no login and starts again at page 1 (X-007)', () => {
    expect(needsLogin('NEW', false)).toBe(false);
    expect(lobbyReducer(busy, { type: 'tab', tab: 'NEW', loggedIn: false })).toMatchObject({ tab: 'NEW', page: 1, name: '', vendor: 'PG' });
  });

  it('Fav and Recent need a login and change nothing without one', () => {
    expect(needsLogin('FAV', false)).toBe(true);
    expect(needsLogin('RECENT', false)).toBe(true);
    expect(needsLogin('HOT', false)).toBe(false);
    expect(needsLogin('FAV', true)).toBe(false);
    expect(lobbyReducer(busy, { type: 'tab', tab: 'FAV', loggedIn: false })).toBe(busy);
    expect(lobbyReducer(busy, { type: 'tab', tab: 'FAV', loggedIn: true }).tab).toBe('FAV');
  });

  it('a new name or filter starts again at page 1', () => {
    expect(lobbyReducer(busy, { type: 'name', name: 'fish' })).toMatchObject({ name: 'fish', page: 1 });
    expect(lobbyReducer(busy, { type: 'vendor', vendor: 'JDB' })).toMatchObject({ vendor: 'JDB', page: 1 });
    expect(lobbyReducer(busy, { type: 'classify', classify: 'JACKPOT' })).toMatchObject({ classify: 'JACKPOT', page: 1 });
  });

  it('a pre-selected vendor survives a reset', () => {
    expect(lobbyReducer(busy, { type: 'reset', vendor: 'JL' })).toEqual(initialLobby('JL'));
  });
});
