import { afterEach, describe, expect, it } from 'vitest';
import { balanceText, formatMinor, formatSigned, MASK, setBalanceHidden } from './money';

afterEach(() => localStorage.clear());

describe('money from minor units', () => {
  it('shows the wallet decimals with thousands separators', () => {
    expect(formatMinor(123400, 2, 'en')).toBe('1,234.00');
    expect(formatMinor(100000005, 2, 'en')).toBe('1,000,000.05');
    expect(formatMinor(5, 2, 'en')).toBe('0.05');
    expect(formatMinor(1234, 0, 'en')).toBe('1,234');
    expect(formatMinor(1234567, 3, 'en')).toBe('1,234.567');
  });

  it("uses the language's separators", () => {
    expect(formatMinor(123456789, 2, 'vi')).toBe('1.234.567,89');
    expect(formatMinor(123456789, 2, 'de')).toBe('1.234.567,89');
  });

  it('falls back to English digits for a tag Intl refuses', () => {
    expect(formatMinor(123400, 2, 'not a tag!')).toBe('1,234.00');
  });

  it('signs profits and losses, not zero', () => {
    expect(formatSigned(1050, 2, 'en')).toBe('+10.50');
    expect(formatSigned(-1050, 2, 'en')).toBe('-10.50');
    expect(formatSigned(0, 2, 'en')).toBe('0.00');
  });
});

describe('balance display', () => {
  it('shows the symbol and amount, or asterisks when hidden', () => {
    expect(balanceText(1000000, 2, '$', 'en', false)).toBe('$10,000.00');
    expect(balanceText(1000000, 2, '$', 'en', true)).toBe(MASK);
    expect(MASK).toBe('****');
  });

  it('remembers the hidden choice on this device', () => {
    setBalanceHidden(true);
    expect(localStorage.getItem('balanceHidden')).toBe('1');
    setBalanceHidden(false);
    expect(localStorage.getItem('balanceHidden')).toBe('0');
  });
});
