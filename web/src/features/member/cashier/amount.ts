import { parseMajor } from '../../../lib/money';

// Amounts are typed in major units and sent in minor units (parseMajor, the
// rule the in-house stakes use too).
export { parseMajor };

/** feeOf is the fee the channel charges on amount: basis points of the
 * amount, rounded down, plus the fixed part. The server computes the fee
 * it charges; this is the preview shown before confirming. */
export function feeOf(amount: number, feeBps: number, feeFixed: number): number {
  return Math.floor((amount * feeBps) / 10_000) + feeFixed;
}

/** AmountProblem is why a typed amount cannot be sent, as a catalogue key
 * below cashier.amount. */
export type AmountProblem = '' | 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'feeTooHigh';

/** checkAmount judges a typed amount against the channel's range before
 * anything is sent (the server checks again). */
export function checkAmount(text: string, c: { decimals: number; min: number; max: number; feeBps: number; feeFixed: number }): { minor: number | null; problem: AmountProblem } {
  if (!text.trim()) return { minor: null, problem: 'required' };
  const minor = parseMajor(text, c.decimals);
  if (minor === null || minor <= 0) return { minor: null, problem: 'invalid' };
  if (minor < c.min) return { minor, problem: 'belowMin' };
  if (c.max > 0 && minor > c.max) return { minor, problem: 'aboveMax' };
  if (feeOf(minor, c.feeBps, c.feeFixed) >= minor) return { minor, problem: 'feeTooHigh' };
  return { minor, problem: '' };
}
