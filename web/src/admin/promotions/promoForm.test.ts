import { describe, expect, it } from 'vitest';
import { bodyOf, draftOf, emptyDraft, fieldOfServer, nextStatuses, validatePromo, type PromoDraft } from './promoForm';
import { levelsOf, validateLevels, newRow } from './vipForm';
import { ratesOf, validateRates, blankRate } from './rateForm';
import { periodStartOf } from './RebateRuns';
import type { AdminPromo } from './types';

const ready = (extra: Partial<PromoDraft> = {}): PromoDraft => {
  const d = emptyDraft();
  return { ...d, startsAt: '2026-12-01T10:00', texts: { ...d.texts, en: { title: 'Welcome', summary: 'Double it', body: '<p>Hi</p>' } }, ...extra };
};

describe('validatePromo', () => {
  it.each<[string, Partial<PromoDraft>, Record<string, string>]>([
    ['a ready draft', {}, {}],
    ['no start', { startsAt: '' }, { startsAt: 'required' }],
    ['end before start', { endsAt: '2026-11-30T10:00' }, { endsAt: 'endBeforeStart' }],
    ['vip out of range and reversed', { vipMin: '100', vipMax: 'x' }, { vipMin: 'vipRange', vipMax: 'vipRange' }],
    ['vip reversed', { vipMin: '5', vipMax: '2' }, { vipMax: 'vipOrder' }],
    ['too many decimals', { minDeposit: '10.001' }, { minDeposit: 'amount' }],
    ['turnover without target', { kind: 'turnover', target: '0' }, { target: 'positive' }],
    ['per member zero', { perMemberLimit: '0' }, { perMemberLimit: 'atLeastOne' }],
    ['percent above 1000', { percent: '1000.01' }, { percent: 'percent' }],
    ['wagering 101 and expiry 0', { wagering: '101', expiryDays: '0' }, { wagering: 'wagering', expiryDays: 'expiry' }],
    ['fixed zero', { kind: 'free', amount: '0' }, { amount: 'positive' }],
    ['application may leave the amount to the reviewer', { kind: 'application', amount: '0' }, {}],
    ['points budget must be whole', { rewardKind: 'points', mode: 'fixed', amount: '50', budget: '1.5' }, { budget: 'whole' }],
    ['a bad image address', { imageUrl: 'javascript:alert(1)' }, { imageUrl: 'url' }],
  ])('%s', (_name, extra, want) => {
    expect(validatePromo(ready(extra), undefined)).toEqual(want);
  });

  it('wants a title in some language, and one for any language with text', () => {
    const d = emptyDraft();
    const p = validatePromo({ ...d, startsAt: '2026-12-01T10:00', texts: { ...d.texts, km: { title: '', summary: 'x', body: '' } } }, undefined);
    expect(p['texts.title']).toBe('titleNeeded');
    expect(p['texts.km.title']).toBe('required');
  });
});

describe('bodyOf', () => {
  it('sends a percent bonus in basis points and minor units, and drops what the kind has no use for', () => {
    const b = bodyOf(ready({ minDeposit: '10', percent: '100', cap: '500', gameTypes: ['RNG'], budget: '10000.50', totalLimit: '100' }), { decimals: 2 });
    expect(b).toEqual({
      kind: 'first_deposit',
      imageUrl: '',
      startsAt: new Date('2026-12-01T10:00').toISOString().replace(/\.\d{3}Z$/, 'Z'),
      endsAt: null,
      reward: { kind: 'bonus', amount: 0, percentBp: 10000, cap: 50000, wagering: 10, expiryDays: 7 },
      minDeposit: 1000,
      target: 0,
      gameTypes: [],
      perMemberLimit: 1,
      totalLimit: 100,
      budget: 1000050,
      vipMin: 0,
      vipMax: 99,
      texts: { en: { title: 'Welcome', summary: 'Double it', body: '<p>Hi</p>' } },
    });
  });

  it('sends points whole and no wagering outside bonus', () => {
    const b = bodyOf(ready({ kind: 'turnover', target: '250', gameTypes: ['RNG', 'LIVE'], rewardKind: 'points', mode: 'fixed', amount: '300', budget: '9000' }), undefined);
    expect(b.reward).toEqual({ kind: 'points', amount: 300, percentBp: 0, cap: 0, wagering: 0, expiryDays: 0 });
    expect(b).toMatchObject({ target: 25000, gameTypes: ['RNG', 'LIVE'], budget: 9000, minDeposit: 0 });
  });

  it('round-trips a saved promotion through the form', () => {
    const saved = { id: 3, ...bodyOf(ready({ kind: 'deposit', minDeposit: '20', mode: 'fixed', amount: '5' }), undefined), title: '', summary: '', status: 'draft', spent: 0, claims: 0, createdAt: '', updatedAt: '' } as AdminPromo;
    expect(bodyOf(draftOf(saved, undefined), undefined)).toEqual(bodyOf(ready({ kind: 'deposit', minDeposit: '20', mode: 'fixed', amount: '5' }), undefined));
  });
});

describe('helpers', () => {
  it('maps server fields to the form', () => {
    expect(fieldOfServer('reward.percentBp')).toBe('percent');
    expect(fieldOfServer('reward.wagering')).toBe('wagering');
    expect(fieldOfServer('conditions.vipMax')).toBe('vipMax');
    expect(fieldOfServer('texts.km.title')).toBe('texts.km.title');
  });
  it('offers the status moves of each status', () => {
    expect(nextStatuses('draft')).toEqual(['live']);
    expect(nextStatuses('live')).toEqual(['paused', 'ended']);
    expect(nextStatuses('paused')).toEqual(['live', 'ended']);
    expect(nextStatuses('ended')).toEqual([]);
  });
  it('checks VIP levels: names, days and thresholds that never fall', () => {
    const rows = [{ ...newRow(undefined), name: 'Bronze' }, { ...newRow(undefined), name: '', minDeposit: '10', windowDays: '0' }, { ...newRow(undefined), name: 'Gold', minDeposit: '5' }];
    expect(validateLevels(rows, undefined)).toEqual({ '1.name': 'required', '1.windowDays': 'days', '2.minDeposit': 'notBelowPrevious' });
    expect(levelsOf([{ ...rows[0], withdrawDailyLimit: '' }, { ...rows[2], minDeposit: '50', withdrawDailyLimit: '1000' }], undefined)[1]).toEqual({
      level: 1, name: 'Gold', minDeposit: 5000, minValidBet: 0, windowDays: 30, upgradeReward: 0, withdrawDailyLimit: 100000,
    });
  });
  it('checks rebate rates: range and one rate per kind, game type and level', () => {
    const rows = [{ ...blankRate(), rate: '0.5' }, { ...blankRate(), rate: '101' }, { ...blankRate(), rate: '1' }];
    expect(validateRates(rows, undefined)).toEqual({ '1.rate': 'rate', '1.gameType': 'duplicateRate', '2.gameType': 'duplicateRate' });
    expect(ratesOf([rows[0]], undefined)).toEqual([{ kind: 'rebate', gameType: '', vipLevel: 0, rateBp: 50, period: 'daily', mode: 'auto', minPayout: 0, cap: 0 }]);
  });
  it('checks rebate rates as the server does: the mode is part of the key, one period per kind and mode', () => {
    const auto = { ...blankRate(), rate: '1' };
    expect(validateRates([auto, { ...auto, mode: 'manual', period: 'weekly' }], undefined)).toEqual({});
    expect(validateRates([auto, { ...auto, gameType: 'LIVE', period: 'weekly' }], undefined)).toEqual({ '1.period': 'periodMismatch' });
  });
  it('starts a re-run period at the reporting zone midnight', () => {
    expect(periodStartOf('2026-11-16', '+07:00')).toBe('2026-11-16T00:00:00+07:00');
    expect(periodStartOf('2026-11-16', '+00:00')).toBe('2026-11-16T00:00:00Z');
    expect(periodStartOf('2026-11-16', undefined)).toBe('');
    expect(periodStartOf('16/11/2026', '+07:00')).toBe('');
  });
});
