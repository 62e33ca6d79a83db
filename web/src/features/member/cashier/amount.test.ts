import { describe, expect, it } from 'vitest';
import { checkAmount, feeOf, parseMajor } from './amount';
import { pollInterval, POLL_MS, type DepositStatus } from './api';
import { checkProof, MAX_PROOF_BYTES } from './proof';

describe('parseMajor', () => {
  it.each([
    ['12', 2, 1200],
    ['12.5', 2, 1250],
    ['0.29', 2, 29],
    ['1,234.56', 2, 123456],
    ['12,5', 2, 1250],
    [' 7 ', 0, 7],
    ['12.345', 2, null],
    ['1.5', 0, null],
    ['-3', 2, null],
    ['abc', 2, null],
    ['', 2, null],
  ])('%s with %i decimals is %s', (text, decimals, want) => expect(parseMajor(text, decimals)).toBe(want));
});

describe('checkAmount', () => {
  const c = { decimals: 2, min: 1000, max: 500000, feeBps: 100, feeFixed: 50 };
  it.each([
    ['', 'required'],
    ['x', 'invalid'],
    ['0', 'invalid'],
    ['9.99', 'belowMin'],
    ['10', ''],
    ['5000', ''],
    ['5000.01', 'aboveMax'],
  ])('%s → %s', (text, problem) => expect(checkAmount(text, c).problem).toBe(problem));

  it('refuses an amount the fee would eat', () => expect(checkAmount('1', { ...c, min: 1, feeFixed: 100 }).problem).toBe('feeTooHigh'));
  it('takes no max as no upper limit', () => expect(checkAmount('999999', { ...c, max: 0 }).problem).toBe(''));
});

describe('feeOf', () => {
  it.each([
    [10000, 100, 0, 100],
    [2550, 100, 0, 25],
    [999, 250, 30, 54],
    [5000, 0, 0, 0],
  ])('%i at %i bps + %i is %i', (amount, bps, fixed, want) => expect(feeOf(amount, bps, fixed)).toBe(want));
});

describe('checkProof', () => {
  it.each([
    [{ type: 'image/png', size: 10 }, ''],
    [{ type: 'image/jpeg', size: MAX_PROOF_BYTES }, ''],
    [{ type: 'image/jpeg', size: MAX_PROOF_BYTES + 1 }, 'size'],
    [{ type: 'image/gif', size: 10 }, 'type'],
    [{ type: '', size: 10 }, 'type'],
  ])('%o → %s', (file, want) => expect(checkProof(file)).toBe(want));
});

describe('pollInterval', () => {
  it.each<[DepositStatus | undefined, unknown, number | false]>([
    [undefined, null, POLL_MS],
    ['pending', null, POLL_MS],
    ['submitted', null, POLL_MS],
    ['review', null, POLL_MS],
    ['credited', null, false],
    ['rejected', null, false],
    ['expired', null, false],
    ['failed', null, false],
    ['pending', new Error('404'), false],
  ])('%s (error %s) → %s', (status, error, want) => expect(pollInterval(status && { status }, error)).toBe(want));
});
