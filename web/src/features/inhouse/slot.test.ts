import { describe, expect, it } from 'vitest';
import type { SlotResult, Spin } from './api';
import { slotSteps, winningCells } from './slot';

const grid = [
  ['CHERRY', 'GRAPE', 'MELON'],
  ['LEMON', 'GRAPE', 'LEMON'],
  ['WILD', 'LEMON', 'SEVEN'],
  ['CHERRY', 'ORANGE', 'BELL'],
  ['CHERRY', 'SCATTER', 'LEMON'],
];

function spin(win: number, freeSpinsAwarded = 0, multiplier = 3): Spin {
  return { grid, lines: [], scatters: 0, scatterWin: 0, multiplier, win, freeSpinsAwarded };
}

describe('free-spin stepping', () => {
  it('numbers the free spins and counts the round up as it goes', () => {
    const r: SlotResult = {
      base: { ...spin(200, 10, 1), scatters: 3, scatterWin: 200 },
      freeSpins: Array.from({ length: 10 }, (_, i) => spin(i === 2 ? 150 : 0)),
      win: 350,
    };
    const steps = slotSteps(r);
    expect(steps).toHaveLength(11);
    expect(steps[0]).toMatchObject({ index: 0, total: 0, paidSoFar: 200 });
    expect(steps[3]).toMatchObject({ index: 3, total: 10, paidSoFar: 350 });
    expect(steps[10]).toMatchObject({ index: 10, total: 10, paidSoFar: 350 });
    expect(steps[10].paidSoFar).toBe(r.win);
  });

  it('adds a retrigger to the count from the next free spin on', () => {
    const free = Array.from({ length: 20 }, (_, i) => spin(10, i === 4 ? 10 : 0));
    const steps = slotSteps({ base: spin(0, 10, 1), freeSpins: free, win: 200 });
    expect(steps.map((s) => s.total)).toEqual([0, 10, 10, 10, 10, 10, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20]);
    expect(steps[20].paidSoFar).toBe(200);
  });

  it('plays a round without free spins as one step', () => {
    expect(slotSteps({ base: spin(50, 0, 1), freeSpins: [], win: 50 })).toHaveLength(1);
  });
});

describe('winning cells', () => {
  it('marks the reels a line paid on, and scatters that paid', () => {
    const lines = Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]);
    lines[15] = [1, 1, 0, 1, 1];
    const s: Spin = { ...spin(50, 0, 1), lines: [{ line: 16, symbol: 'GRAPE', count: 3, win: 50 }] };
    expect([...winningCells(s, lines)].sort()).toEqual(['0:1', '1:1', '2:0']);
    const scattered: Spin = { ...s, lines: [], scatters: 3, scatterWin: 200 };
    expect([...winningCells(scattered, lines)]).toEqual(['4:1']);
  });
});
