import type { ContractKind } from '../../data/consolidated';
import type { ContractPeriod, Tier } from './api';

// Contract tiers as the offer form edits them: amounts as typed text in
// the currency, the rate as a percent with at most 2 decimals (stored as
// basis points: 1.5 % = 150).

export const MAX_TIERS = 10;
export const MAX_RATE_BP = 10_000;

export type TierDraft = { validBet: string; activeMembers: string; loss: string; rate: string };

export const emptyTier: TierDraft = { validBet: '', activeMembers: '', loss: '', rate: '' };

// periodsFor: the dividend chooses its period; each salary has its own.
export function periodsFor(kind: ContractKind): ContractPeriod[] {
  switch (kind) {
    case 'dividend':
      return ['daily', 'weekly', 'semimonthly', 'monthly'];
    case 'daily_salary':
      return ['daily'];
    case 'hourly_salary':
      return ['hourly'];
    case 'realtime_salary':
      return ['realtime'];
  }
}

// percentToBp reads "1.5" or "1,25" as basis points (150, 125); null when
// it is not a number with at most 2 decimals. Text, not floats: 0.29 % is 29.
export function percentToBp(text: string): number | null {
  const s = text.trim().replace(',', '.');
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

// bpToPercent writes basis points as a percent with 2 decimals (150 → "1.50").
export function bpToPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;
}

export type TierProblem = { row: number; field: keyof Tier; key: string };

// validateTiers checks what the server checks (agent.tiers_invalid) so
// the agent hears it before sending: 1..10 rows, each threshold and the
// rate non-decreasing from row to row, 0 < rate ≤ 100 %. parse turns the
// typed amounts into minor units. Loss is a dividend's only.
export function validateTiers(rows: TierDraft[], kind: ContractKind, parse: (s: string) => number | null): { tiers: Tier[]; problems: TierProblem[] } {
  const problems: TierProblem[] = [];
  const tiers: Tier[] = [];
  if (rows.length < 1 || rows.length > MAX_TIERS) problems.push({ row: -1, field: 'rate', key: 'agent.offer.tierCount' });
  rows.forEach((r, i) => {
    const validBet = parse(r.validBet || '0');
    const active = /^\d{1,6}$/.test(r.activeMembers.trim() || '0') ? Number(r.activeMembers.trim() || '0') : null;
    const loss = kind === 'dividend' ? parse(r.loss || '0') : 0;
    const rate = percentToBp(r.rate);
    if (validBet === null) problems.push({ row: i, field: 'validBet', key: 'agent.offer.amountInvalid' });
    if (active === null) problems.push({ row: i, field: 'activeMembers', key: 'agent.offer.countInvalid' });
    if (loss === null) problems.push({ row: i, field: 'loss', key: 'agent.offer.amountInvalid' });
    if (rate === null || rate <= 0 || rate > MAX_RATE_BP) problems.push({ row: i, field: 'rate', key: 'agent.offer.rateInvalid' });
    tiers.push({ validBet: validBet ?? 0, activeMembers: active ?? 0, loss: loss ?? 0, rate: rate ?? 0 });
  });
  for (let i = 1; i < tiers.length; i++) {
    const [a, b] = [tiers[i - 1], tiers[i]];
    for (const f of ['validBet', 'activeMembers', 'loss', 'rate'] as const) {
      if (b[f] < a[f] && !problems.some((p) => p.row === i && p.field === f)) problems.push({ row: i, field: f, key: f === 'rate' ? 'agent.offer.rateDecreasing' : 'agent.offer.thresholdDecreasing' });
    }
  }
  return { tiers, problems };
}

// topRate is the last tier's rate, the one compared with the upline's.
export function topRate(tiers: Tier[]): number {
  return tiers.length ? tiers[tiers.length - 1].rate : 0;
}
