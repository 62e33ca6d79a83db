import { describe, expect, it } from 'vitest';
import { accountDigits, checkBankAccount, normalName } from './bankAccount';

describe('bank account form', () => {
  const ok = { bankName: 'ABA Bank', accountNumber: '000 123-456', accountName: 'Sok Dara' };
  it.each([
    ['fine', ok, {}],
    ['short bank', { ...ok, bankName: 'A' }, { bankName: true }],
    ['long bank', { ...ok, bankName: 'x'.repeat(65) }, { bankName: true }],
    ['short number', { ...ok, accountNumber: '12 34' }, { accountNumber: true }],
    ['long number', { ...ok, accountNumber: '1'.repeat(35) }, { accountNumber: true }],
    ['symbols in number', { ...ok, accountNumber: '123456#' }, { accountNumber: true }],
    ['letters in number (IBAN)', { ...ok, accountNumber: 'KH12 ABCD 3456' }, {}],
    ['no holder', { ...ok, accountName: ' ' }, { accountName: true }],
    ['Khmer holder', { ...ok, accountName: 'សុខ ដារ៉ា' }, {}],
  ])('%s', (_, draft, problems) => expect(checkBankAccount(draft)).toEqual(problems));

  it('compares names and numbers the server way', () => {
    expect(normalName('  Sok   DARA ')).toBe('sok dara');
    expect(accountDigits('000 123-456')).toBe('000123456');
  });
});
