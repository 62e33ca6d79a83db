import { describe, expect, it } from 'vitest';
import { formatAmount, remaining } from './format';

describe('formatAmount', () => {
  it('writes a decimal exactly, grouped, with at least two decimals', () => {
    expect(formatAmount('1234567.5', 'EN')).toBe('1,234,567.50');
    expect(formatAmount('-25', 'EN', true)).toBe('-25.00');
    expect(formatAmount('25', 'EN', true)).toBe('+25.00');
    expect(formatAmount('0.00', 'EN', true)).toBe('0.00');
    // More decimals than two are kept, never rounded through a float.
    expect(formatAmount('90071992547409931.123', 'EN')).toBe('90,071,992,547,409,931.123');
    expect(formatAmount('abc', 'EN')).toBe('abc');
  });
});

describe('remaining', () => {
  it('splits the time left and is null once past', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(remaining('2026-11-24T11:02:05Z', now)).toEqual({ h: 1, m: 2, s: 5 });
    expect(remaining('2026-11-24T09:59:59Z', now)).toBeNull();
  });
});
