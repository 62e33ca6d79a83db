import { describe, expect, it } from 'vitest';
import { checkWithdrawAmount } from './withdrawAmount';

describe('checkWithdrawAmount', () => {
  const policy = { decimals: 2, min: 1000, max: 50000, balance: 30000 };
  it.each([
    ['', null, 'required'],
    ['  ', null, 'required'],
    ['abc', null, 'invalid'],
    ['0', null, 'invalid'],
    ['-5', null, 'invalid'],
    ['10.001', null, 'invalid'],
    ['9.99', 999, 'belowMin'],
    ['10', 1000, ''],
    ['300', 30000, ''],
    ['300.01', 30001, 'aboveBalance'],
    ['500.01', 50001, 'aboveMax'],
  ])('%j', (text, minor, problem) => expect(checkWithdrawAmount(text, policy)).toEqual({ minor, problem }));

  it('has no maximum when max is 0', () => {
    expect(checkWithdrawAmount('1000000', { decimals: 0, min: 1, max: 0, balance: 2_000_000 })).toEqual({ minor: 1_000_000, problem: '' });
  });
});
