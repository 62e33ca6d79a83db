import { parseMajor } from '../../lib/money';
import type { Limits } from './api';

export { parseMajor };

// Stakes are integer minor units; the player types and reads them in the
// currency's major units. Parsing works on the text, never on floats, so
// 0.29 is 29 and not 28.999….

// toMajorText writes minor units as plain major-unit text for an input
// ("12.50"): no grouping, so it parses back.
export function toMajorText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const unit = 10 ** decimals;
  return `${Math.floor(minor / unit)}.${String(minor % unit).padStart(decimals, '0')}`;
}

// fitStake makes any amount a stake the game takes: a whole number of
// steps, within the limits (a smaller amount rounds down to a step, one
// below the minimum goes up to it).
export function fitStake(minor: number, l: Limits): number {
  const step = Math.max(1, l.stakeStep);
  const lowest = Math.ceil(l.minStake / step) * step;
  const highest = Math.floor(l.maxStake / step) * step;
  if (!Number.isFinite(minor) || minor <= lowest) return lowest;
  if (minor >= highest) return highest;
  return Math.floor(minor / step) * step;
}

// stakeLadder is what the − and + buttons step through: 1, 2 and 5 times
// the powers of ten of the currency, kept to the step and the limits,
// with the limits themselves at both ends.
export function stakeLadder(l: Limits, decimals: number): number[] {
  const out = new Set<number>([fitStake(l.minStake, l)]);
  for (let unit = 10 ** Math.max(0, decimals - 2); unit <= l.maxStake; unit *= 10) {
    for (const k of [1, 2, 5]) {
      const v = k * unit;
      if (v >= l.minStake && v <= l.maxStake && v % Math.max(1, l.stakeStep) === 0) out.add(v);
    }
  }
  out.add(fitStake(l.maxStake, l));
  return [...out].sort((a, b) => a - b);
}

// stepStake moves one rung up (+1) or down (−1) the ladder from any stake.
export function stepStake(stake: number, dir: 1 | -1, ladder: number[]): number {
  if (dir > 0) return ladder.find((v) => v > stake) ?? ladder[ladder.length - 1];
  for (let i = ladder.length - 1; i >= 0; i--) if (ladder[i] < stake) return ladder[i];
  return ladder[0];
}

// defaultStake starts a page at 1.00 when the limits allow it.
export function defaultStake(l: Limits, decimals: number): number {
  return fitStake(10 ** decimals, l);
}
