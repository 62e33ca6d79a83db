import { basisPoints, fromInput, major, toInput, whole } from './money';
import type { Money, Rate } from './types';

// The rebate rates editor's rows as typed, their checks and the body.

export type RateRow = { id?: number; kind: Rate['kind']; gameType: string; vipLevel: string; rate: string; period: Rate['period']; mode: Rate['mode']; minPayout: string; cap: string };

export function rateRowOf(r: Rate, m: Money | undefined): RateRow {
  return {
    id: r.id,
    kind: r.kind,
    gameType: r.gameType,
    vipLevel: String(r.vipLevel),
    rate: major(r.rateBp, 2),
    period: r.period,
    mode: r.mode,
    minPayout: toInput(r.minPayout, false, m),
    cap: toInput(r.cap, false, m),
  };
}

export const blankRate = (): RateRow => ({ kind: 'rebate', gameType: '', vipLevel: '0', rate: '', period: 'daily', mode: 'auto', minPayout: '0', cap: '0' });

/** validateRates: "<row>.<field>" → problem, as the server checks: one
 * rate per kind, mode, game type and VIP level (the most specific one
 * wins; two would be ambiguous), and one period per kind and mode (a
 * program settles one period). */
export function validateRates(rows: RateRow[], m: Money | undefined): Record<string, string> {
  const p: Record<string, string> = {};
  const seen = new Set<string>();
  const periodOf = new Map<string, string>();
  rows.forEach((r, i) => {
    const v = whole(r.vipLevel);
    if (v === null || v > 99) p[`${i}.vipLevel`] = 'vipRange';
    const bp = basisPoints(r.rate);
    if (bp === null || bp <= 0 || bp > 10000) p[`${i}.rate`] = 'rate';
    if (fromInput(r.minPayout, false, m) === null) p[`${i}.minPayout`] = 'amount';
    if (fromInput(r.cap, false, m) === null) p[`${i}.cap`] = 'amount';
    const key = `${r.kind}|${r.mode}|${r.gameType}|${r.vipLevel.trim()}`;
    if (seen.has(key)) p[`${i}.gameType`] = 'duplicateRate';
    seen.add(key);
    const program = `${r.kind}|${r.mode}`;
    const period = periodOf.get(program);
    if (period && period !== r.period) p[`${i}.period`] = 'periodMismatch';
    else periodOf.set(program, r.period);
  });
  return p;
}

export function ratesOf(rows: RateRow[], m: Money | undefined): Rate[] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    kind: r.kind,
    gameType: r.gameType,
    vipLevel: Number(r.vipLevel),
    rateBp: basisPoints(r.rate) ?? 0,
    period: r.period,
    mode: r.mode,
    minPayout: fromInput(r.minPayout, false, m) ?? 0,
    cap: fromInput(r.cap, false, m) ?? 0,
  }));
}
