import { fromInput, toInput, whole } from './money';
import type { Money, VipLevel } from './types';

// The VIP levels editor's rows as typed, their checks and the body.

export type VipRow = { name: string; minDeposit: string; minValidBet: string; windowDays: string; upgradeReward: string; withdrawDailyLimit: string };

export function rowOf(l: VipLevel, m: Money | undefined): VipRow {
  return {
    name: l.name,
    minDeposit: toInput(l.minDeposit, false, m),
    minValidBet: toInput(l.minValidBet, false, m),
    windowDays: String(l.windowDays),
    upgradeReward: toInput(l.upgradeReward, false, m),
    withdrawDailyLimit: l.withdrawDailyLimit === null ? '' : toInput(l.withdrawDailyLimit, false, m),
  };
}

export function newRow(prev: VipRow | undefined): VipRow {
  return { name: '', minDeposit: prev?.minDeposit ?? '0', minValidBet: prev?.minValidBet ?? '0', windowDays: prev?.windowDays ?? '30', upgradeReward: '0', withdrawDailyLimit: '' };
}

/** validateLevels: "<row>.<field>" → problem. Thresholds may not fall
 * from one level to the next (a higher level asks at least as much). */
export function validateLevels(rows: VipRow[], m: Money | undefined): Record<string, string> {
  const p: Record<string, string> = {};
  if (rows.length === 0) p['_'] = 'levelNeeded';
  let prevDep = -1;
  let prevBet = -1;
  rows.forEach((r, i) => {
    if (!r.name.trim()) p[`${i}.name`] = 'required';
    else if (r.name.length > 40) p[`${i}.name`] = 'tooLong';
    const dep = fromInput(r.minDeposit, false, m);
    const bet = fromInput(r.minValidBet, false, m);
    if (dep === null) p[`${i}.minDeposit`] = 'amount';
    else if (dep < prevDep) p[`${i}.minDeposit`] = 'notBelowPrevious';
    if (bet === null) p[`${i}.minValidBet`] = 'amount';
    else if (bet < prevBet) p[`${i}.minValidBet`] = 'notBelowPrevious';
    prevDep = dep ?? prevDep;
    prevBet = bet ?? prevBet;
    const w = whole(r.windowDays);
    if (w === null || w < 1 || w > 365) p[`${i}.windowDays`] = 'days';
    if (fromInput(r.upgradeReward, false, m) === null) p[`${i}.upgradeReward`] = 'amount';
    if (r.withdrawDailyLimit.trim() && fromInput(r.withdrawDailyLimit, false, m) === null) p[`${i}.withdrawDailyLimit`] = 'amount';
  });
  return p;
}

export function levelsOf(rows: VipRow[], m: Money | undefined): VipLevel[] {
  return rows.map((r, i) => ({
    level: i,
    name: r.name.trim(),
    minDeposit: fromInput(r.minDeposit, false, m) ?? 0,
    minValidBet: fromInput(r.minValidBet, false, m) ?? 0,
    windowDays: Number(r.windowDays),
    upgradeReward: fromInput(r.upgradeReward, false, m) ?? 0,
    withdrawDailyLimit: r.withdrawDailyLimit.trim() ? fromInput(r.withdrawDailyLimit, false, m) : null,
  }));
}
