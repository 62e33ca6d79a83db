import { parseMajor } from './amount';

/** WithdrawAmountProblem is why a typed amount cannot be sent, as a
 * catalogue key below cashier.amountProblem. */
export type WithdrawAmountProblem = '' | 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'aboveBalance';

/** checkWithdrawAmount judges a typed amount against the policy's range
 * (max 0 = none) and the balance before anything is sent; the server
 * checks again. */
export function checkWithdrawAmount(text: string, c: { decimals: number; min: number; max: number; balance: number }): { minor: number | null; problem: WithdrawAmountProblem } {
  if (!text.trim()) return { minor: null, problem: 'required' };
  const minor = parseMajor(text, c.decimals);
  if (minor === null || minor <= 0) return { minor: null, problem: 'invalid' };
  if (minor < c.min) return { minor, problem: 'belowMin' };
  if (c.max > 0 && minor > c.max) return { minor, problem: 'aboveMax' };
  if (minor > c.balance) return { minor, problem: 'aboveBalance' };
  return { minor, problem: '' };
}
