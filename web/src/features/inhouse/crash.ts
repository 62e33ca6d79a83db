// Portal Crash (docs/inhouse-games.md §4): the crash point and the auto
// cash-out are hundredths of the stake (142 is 1.42×).

export const CRASH_MIN_CASHOUT = 101;
export const CRASH_MAX_CASHOUT = 1_000_000;
const TWO32 = 2 ** 32;

// crashWinChance is the exact chance a round reaches cashOut:
// floor(99 × 2³² / c) / 2³² (about 0.99 / c).
export function crashWinChance(cashOut: number): number {
  if (cashOut <= 100) return 1;
  return Math.floor((99 * TWO32) / cashOut) / TWO32;
}

// crashPayout is what a win pays: stake × cash-out / 100, rounded down.
export function crashPayout(stake: number, cashOut: number): number {
  return Math.floor((stake * cashOut) / 100);
}

// The rise is exponential, as the multiplier of a crash game is, at a rate
// that takes 2.00× about 1.2 s, and squeezed so no round takes longer than
// MAX_RISE_MS to show.
export const MAX_RISE_MS = 3000;
const MS_PER_E = 1200 / Math.LN2;

// riseDuration is how long the multiplier takes to climb to point.
export function riseDuration(point: number): number {
  if (point <= 100) return 0;
  return Math.min(MAX_RISE_MS, Math.log(point / 100) * MS_PER_E);
}

// multiplierAt is the multiplier shown elapsed ms into the rise to point,
// in hundredths: 100 at the start, point at the end, never above it.
export function multiplierAt(elapsed: number, point: number): number {
  const d = riseDuration(point);
  if (d === 0 || elapsed >= d) return point;
  if (elapsed <= 0) return 100;
  const m = Math.floor(100 * Math.exp((Math.log(point / 100) * elapsed) / d));
  return Math.min(point, Math.max(100, m));
}
