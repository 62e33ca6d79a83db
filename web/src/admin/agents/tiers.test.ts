import { describe, expect, it } from 'vitest';
import { commissionCsv, thisMonth } from './commission';
import { csvField } from './csv';
import { basisPoints, major, minor, percentOf } from './figures';
import { readTiers, type TierDraft } from './tiers';

const row = (validBet: string, activeMembers: string, rate: string, loss = '0'): TierDraft => ({ validBet, activeMembers, loss, rate });

describe('tiers', () => {
  it('reads typed tiers into minor units and basis points', () => {
    const { tiers, problems } = readTiers([row('1000', '3', '1.5'), row('5000.50', '10', '2')], 'daily_salary', 2);
    expect(problems).toEqual([]);
    expect(tiers).toEqual([
      { validBet: 100000, activeMembers: 3, loss: 0, rate: 150 },
      { validBet: 500050, activeMembers: 10, loss: 0, rate: 200 },
    ]);
  });

  it('keeps the loss only for a dividend', () => {
    expect(readTiers([row('0', '0', '10', '250')], 'dividend', 2).tiers[0].loss).toBe(25000);
    expect(readTiers([row('0', '0', '10', 'junk')], 'hourly_salary', 2).problems).toEqual([]);
  });

  it('refuses a threshold or a rate lower than the tier before, naming the field', () => {
    const { problems } = readTiers([row('1000', '5', '2'), row('900', '5', '1.5'), row('2000', '4', '3')], 'daily_salary', 2);
    expect(problems).toEqual([
      { row: 1, field: 'validBet', key: 'agents.tiers.problem.decreasing' },
      { row: 1, field: 'rate', key: 'agents.tiers.problem.decreasing' },
      { row: 2, field: 'activeMembers', key: 'agents.tiers.problem.decreasing' },
    ]);
    // Equal thresholds are allowed (non-decreasing).
    expect(readTiers([row('1000', '5', '2'), row('1000', '5', '2')], 'daily_salary', 2).problems).toEqual([]);
    const dividend = readTiers([row('0', '0', '5', '500'), row('0', '0', '6', '400')], 'dividend', 2);
    expect(dividend.problems).toEqual([{ row: 1, field: 'loss', key: 'agents.tiers.problem.decreasing' }]);
  });

  it('refuses bad figures, rates out of range and a wrong count', () => {
    const { problems } = readTiers([row('', 'x', '1.555'), row('1.234', '2', '0'), row('5', '2', '100.01')], 'daily_salary', 2);
    expect(problems.map((p) => [p.row, p.field, p.key])).toEqual([
      [0, 'validBet', 'agents.tiers.problem.amount'],
      [0, 'activeMembers', 'agents.tiers.problem.whole'],
      [0, 'rate', 'agents.tiers.problem.rate'],
      [1, 'validBet', 'agents.tiers.problem.amount'],
      [1, 'rate', 'agents.tiers.problem.rateRange'],
      [2, 'rate', 'agents.tiers.problem.rateRange'],
    ]);
    expect(readTiers([], 'dividend', 2).problems).toEqual([{ row: -1, field: null, key: 'agents.tiers.problem.count' }]);
    expect(readTiers(Array.from({ length: 11 }, () => row('1', '1', '1')), 'dividend', 2).problems[0].key).toBe('agents.tiers.problem.count');
  });
});

describe('figures', () => {
  it('converts exactly', () => {
    expect(basisPoints('1.5')).toBe(150);
    expect(basisPoints('12.34')).toBe(1234);
    expect(basisPoints('0.005')).toBeNull();
    expect(percentOf(150)).toBe('1.50');
    expect(major(-5, 2)).toBe('-0.05');
    expect(major(123456, 0)).toBe('123456');
    expect(minor('10.5', 2)).toBe(1050);
    expect(minor('10.5', 0)).toBeNull();
    expect(minor('-1', 2)).toBeNull();
  });
});

describe('commission CSV', () => {
  it('quotes fields and keeps amounts as plain numbers', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=cmd()')).toBe(`"'=cmd()"`);
    expect(csvField('-12.50')).toBe('-12.50');
    const text = commissionCsv(['User', 'Received', 'Paid', 'Net', 'D', 'H', 'R', 'V'], [{ member: { id: 1, username: 'ag,1' }, received: 12345, paid: 500, net: 11845, byKind: { dividend: 12345 } }], { decimals: 2 });
    expect(text).toBe('\uFEFFUser,Received,Paid,Net,D,H,R,V\r\n"ag,1",123.45,5.00,118.45,0.00,0.00,0.00,123.45\r\n');
  });

  it('defaults to this month so far', () => {
    expect(thisMonth(new Date(2026, 10, 25, 12))).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });
});
