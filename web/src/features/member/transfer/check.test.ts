import { describe, expect, it } from 'vitest';
import { checkTransfer, majorText } from './check';

describe('checkTransfer', () => {
  it.each([
    ['main', 'SABA', '10', 2, 5000, 1000, null],
    ['SABA', 'main', '0.5', 2, null, 50, null],
    ['main', 'main', '1', 2, 5000, null, 'wallets'],
    ['SABA', 'CMD', '1', 2, 5000, null, 'wallets'],
    ['', 'SABA', '1', 2, 5000, null, 'wallets'],
    ['main', 'SABA', '0', 2, 5000, null, 'amount'],
    ['main', 'SABA', '1.234', 2, 5000, null, 'amount'],
    ['main', 'SABA', 'abc', 2, 5000, null, 'amount'],
    ['main', 'SABA', '-3', 2, 5000, null, 'amount'],
    ['main', 'SABA', '60', 2, 5000, 6000, 'more'],
  ] as const)('%s -> %s %s', (from, to, text, decimals, available, minor, problem) => {
    expect(checkTransfer(from, to, text, decimals, available)).toEqual({ minor, problem });
  });
  it('writes major units plainly', () => {
    expect(majorText(123456, 2)).toBe('1234.56');
    expect(majorText(5, 2)).toBe('0.05');
    expect(majorText(7, 0)).toBe('7');
  });
});
