import { basisPoints, major, minor, percentOf } from './figures';
import type { ContractKind, Tier } from './types';

/** maxTiers is the most tiers a contract has (the contract's 1..10). */
export const maxTiers = 10;

/** TierDraft is one tier as typed: money in major units, the rate in percent. */
export type TierDraft = { validBet: string; activeMembers: string; loss: string; rate: string };

export type TierField = keyof TierDraft;

/** TierProblem names a field of a row and the catalogue key saying what is wrong. */
export type TierProblem = { row: number; field: TierField | null; key: string };

export const emptyTier: TierDraft = { validBet: '', activeMembers: '0', loss: '0', rate: '' };

/** draftOf is a contract's tier as the editor shows it. */
export function draftOf(t: Tier, decimals: number): TierDraft {
  return { validBet: major(t.validBet, decimals), activeMembers: String(t.activeMembers), loss: major(t.loss, decimals), rate: percentOf(t.rate) };
}

/** readTiers checks the typed tiers the way the server does (agent.tiers_invalid):
 * 1..10 rows, every figure a non-negative number, rates above zero and at
 * most 100 %, each threshold and the rate never lower than the row before.
 * loss only counts for a dividend (0 otherwise). */
export function readTiers(rows: TierDraft[], kind: ContractKind, decimals: number): { tiers: Tier[]; problems: TierProblem[] } {
  const problems: TierProblem[] = [];
  if (rows.length < 1 || rows.length > maxTiers) problems.push({ row: -1, field: null, key: 'agents.tiers.problem.count' });
  const tiers: Tier[] = [];
  rows.forEach((r, row) => {
    const validBet = minor(r.validBet, decimals);
    const activeMembers = /^\d+$/.test(r.activeMembers.trim()) ? Number(r.activeMembers.trim()) : null;
    const loss = kind === 'dividend' ? minor(r.loss, decimals) : 0;
    const rate = basisPoints(r.rate);
    if (validBet === null) problems.push({ row, field: 'validBet', key: 'agents.tiers.problem.amount' });
    if (activeMembers === null) problems.push({ row, field: 'activeMembers', key: 'agents.tiers.problem.whole' });
    if (loss === null) problems.push({ row, field: 'loss', key: 'agents.tiers.problem.amount' });
    if (rate === null) problems.push({ row, field: 'rate', key: 'agents.tiers.problem.rate' });
    else if (rate <= 0 || rate > 10000) problems.push({ row, field: 'rate', key: 'agents.tiers.problem.rateRange' });
    tiers.push({ validBet: validBet ?? 0, activeMembers: activeMembers ?? 0, loss: loss ?? 0, rate: rate ?? 0 });
  });
  if (problems.length) return { tiers, problems };
  for (let row = 1; row < tiers.length; row++) {
    const [a, b] = [tiers[row - 1], tiers[row]];
    for (const field of ['validBet', 'activeMembers', 'loss', 'rate'] as const) {
      if (b[field] < a[field]) problems.push({ row, field, key: 'agents.tiers.problem.decreasing' });
    }
  }
  return { tiers, problems };
}

/** topRate is the rate of the last tier, the contract's top rate. */
export function topRateOf(tiers: Tier[]): number {
  return tiers.length ? tiers[tiers.length - 1].rate : 0;
}
