import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../../data/types';
import { extraEntries, navEntries, navItems, navLabel } from './GameNav';

const v = (code: string) => ({ vassalage: code, displayName: code, logoUrl: '', isGame: 'GAME', maintenance: false });
const m = (gameType: string, n: number): MenuEntry => ({ gameType, name: gameType, vendors: Array.from({ length: n }, (_, i) => v(`${gameType}${i}`)) });

describe('game-type navigation (spec §2)', () => {
  it('lists home, categories with vendors in server order, then promotions', () => {
    const menus = [m('PROMO', 0), m('HOME', 0), m('LIVE', 2), m('FISH', 0), m('RNG', 12), m('SPORTS', 1)];
    expect(navEntries(menus).map((e) => e.gameType)).toEqual(['HOME', 'LIVE', 'RNG', 'SPORTS', 'PROMO']);
  });

  it('merges LOTT and ELOTT into one lottery entry', () => {
    const entries = navEntries([m('HOME', 0), m('LOTT', 2), m('RNG', 1), m('ELOTT', 1)]);
    expect(entries.map((e) => e.gameType)).toEqual(['HOME', 'LOTT', 'RNG', 'PROMO']);
    expect(entries[1].vendors).toHaveLength(3);
  });

  it('gives LOTT and ELOTT one label', () => {
    expect(navLabel('ELOTT')).toBe(navLabel('LOTT'));
    expect(navLabel('ESPORTS')).toBe('nav.ESPORTS');
  });

  it('shows bingo only when TY is supported', () => {
    expect(extraEntries(['KM', 'EN']).map((e) => e.key)).toEqual(['jackpot', 'table', 'arcade']);
    expect(extraEntries(['KM', 'TY']).map((e) => e.key)).toContain('bingo');
  });

  it('keeps promotions last, after the extra entries (B-071)', () => {
    const items = navItems([m('PROMO', 0), m('HOME', 0), m('RNG', 3), m('LIVE', 1)], ['KM', 'TY']);
    const names = items.map((i) => (i.kind === 'menu' ? i.entry.gameType : i.key));
    expect(names).toEqual(['HOME', 'RNG', 'LIVE', 'jackpot', 'table', 'arcade', 'bingo', 'PROMO']);
  });
});
