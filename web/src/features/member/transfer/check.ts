import { parseMajor } from '../../../lib/money';
import { MAIN } from './api';

export type TransferProblem = 'wallets' | 'amount' | 'more';

/** checkTransfer reads the form: one side must be the main wallet and the
 * other a game wallet; the amount a positive number in the currency's
 * decimals, no more than the source holds (when its balance is known). */
export function checkTransfer(from: string, to: string, amountText: string, decimals: number, available: number | null): { minor: number | null; problem: TransferProblem | null } {
  if (!from || !to || from === to || (from !== MAIN && to !== MAIN)) return { minor: null, problem: 'wallets' };
  const minor = parseMajor(amountText, decimals);
  if (minor === null || minor <= 0) return { minor: null, problem: 'amount' };
  if (available !== null && minor > available) return { minor, problem: 'more' };
  return { minor, problem: null };
}

/** majorText writes minor units as the plain decimal string the server
 * reads (no grouping, a dot). */
export function majorText(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const s = String(minor).padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}
