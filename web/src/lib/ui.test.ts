import { afterEach, describe, expect, it } from 'vitest';
import { setGameType, setSearchText, ui } from './ui';
import { alreadyShown, markShown } from './once';

afterEach(() => {
  ui.set({ currentGameType: 'HOME', currentVassalage: '', searchText: '' });
  sessionStorage.clear();
});

describe('game type (spec §2, §4)', () => {
  it('defaults to HOME', () => expect(ui.get().currentGameType).toBe('HOME'));

  it('typing search text switches to SEARCH, clearing returns to HOME', () => {
    setGameType('RNG');
    setSearchText('pan');
    expect(ui.get()).toMatchObject({ currentGameType: 'SEARCH', searchText: 'pan' });
    setSearchText('   ');
    expect(ui.get().currentGameType).toBe('HOME');
  });

  it('choosing a category clears the search', () => {
    setSearchText('pan');
    setGameType('LIVE');
    expect(ui.get()).toMatchObject({ currentGameType: 'LIVE', searchText: '' });
  });
});

describe('once-per-session popups (spec §4)', () => {
  it('is shown until closed, per audience', () => {
    expect(alreadyShown('ANONYMOUS_POPUP')).toBe(false);
    markShown('ANONYMOUS_POPUP');
    expect(alreadyShown('ANONYMOUS_POPUP')).toBe(true);
    expect(alreadyShown('USER_POPUP')).toBe(false);
  });
});
