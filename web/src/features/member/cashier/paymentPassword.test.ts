import { describe, expect, it } from 'vitest';
import { isSixDigits, weakPaymentPassword } from './paymentPassword';

describe('payment password', () => {
  it.each([
    ['', false],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    ['١٢٣٤٥٦', false],
    [' 12345', false],
    ['135790', true],
  ])('%j is six digits: %s', (s, ok) => expect(isSixDigits(s)).toBe(ok));

  it.each([
    ['000000', true],
    ['777777', true],
    ['123456', true],
    ['654321', true],
    ['890123', false],
    ['012345', true],
    ['12345', true],
    ['135790', false],
    ['112233', false],
    ['908172', false],
  ])('%s is weak: %s', (s, weak) => expect(weakPaymentPassword(s)).toBe(weak));
});
