import type { SlotResult, Spin } from './api';

// Portal Fortune Reels (docs/inhouse-games.md §2): 5 reels × 3 rows, 20
// fixed lines; a round is a base spin and the free spins it leads to.

export const REELS = 5;
export const ROWS = 3;
export const LINES = 20;
export const SYMBOLS = ['WILD', 'SCATTER', 'SEVEN', 'BAR', 'BELL', 'MELON', 'GRAPE', 'ORANGE', 'LEMON', 'CHERRY'] as const;

// A step is one spin of a round as the page plays it back.
export type Step = {
  spin: Spin;
  // 0 for the base spin, n for the n-th free spin.
  index: number;
  // The free spins known when this one started (10, then 20 after a
  // retrigger…); 0 on the base spin.
  total: number;
  // Everything the round has paid up to and including this spin.
  paidSoFar: number;
};

// slotSteps lays a round out in play order with the counts a player sees:
// "Free spin 3 / 10", then "/ 20" from the spin after a retrigger.
export function slotSteps(r: SlotResult): Step[] {
  const steps: Step[] = [{ spin: r.base, index: 0, total: 0, paidSoFar: r.base.win }];
  let awarded = r.base.freeSpinsAwarded;
  let paid = r.base.win;
  r.freeSpins.forEach((spin, i) => {
    paid += spin.win;
    steps.push({ spin, index: i + 1, total: Math.max(awarded, i + 1), paidSoFar: paid });
    awarded += spin.freeSpinsAwarded;
  });
  return steps;
}

// cellKey names a cell of the grid.
export const cellKey = (reel: number, row: number) => `${reel}:${row}`;

// winningCells are the cells that paid on a spin: the first count reels of
// each paying line (lines[n-1] is line n's row per reel) and every scatter
// when they paid.
export function winningCells(spin: Spin, lines: number[][], scatter = 'SCATTER'): Set<string> {
  const cells = new Set<string>();
  for (const w of spin.lines) {
    const shape = lines[w.line - 1];
    if (!shape) continue;
    for (let reel = 0; reel < w.count; reel++) cells.add(cellKey(reel, shape[reel]));
  }
  if (spin.scatterWin > 0 || spin.freeSpinsAwarded > 0) {
    spin.grid.forEach((col, reel) => col.forEach((sym, row) => sym === scatter && cells.add(cellKey(reel, row))));
  }
  return cells;
}

// STEP_MS is how long each spin of a round stays on screen while the page
// plays the free spins back.
export const STEP_MS = 1100;
