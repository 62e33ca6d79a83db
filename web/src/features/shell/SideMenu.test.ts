import { describe, expect, it } from 'vitest';
import { categoryIconPath } from './categoryIcons';
import { toggleArrow } from './SideMenu';

describe('side menu', () => {
  it('points the fold arrow toward the menu edge when open, away when folded, mirrored in RTL', () => {
    expect(toggleArrow(false, false)).toBe('left');
    expect(toggleArrow(true, false)).toBe('right');
    expect(toggleArrow(false, true)).toBe('right');
    expect(toggleArrow(true, true)).toBe('left');
  });

  it('gives every game category its own icon', () => {
    const types = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'INHOUSE', 'LOTT'];
    expect(new Set(types.map(categoryIconPath)).size).toBe(types.length);
    // LOTT and ELOTT are one entry (decision 0011) and share a ticket.
    expect(categoryIconPath('ELOTT')).toBe(categoryIconPath('LOTT'));
  });
});
