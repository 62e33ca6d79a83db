import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { i18n } from '../../../lib/i18n';

describe('cashier strings', () => {
  it('come with the deposit page, not with the lobby', async () => {
    expect(i18n.exists('cashier.payNow', { lng: 'EN' })).toBe(false);
    await import('./strings');
    expect(i18n.getResource('EN', 'translation', 'cashier.payNow')).toBe(en.cashier.payNow);
    expect(i18n.getResource('EN', 'translation', 'cashier.errors.tooManyPending')).toBe(en.cashier.errors.tooManyPending);
  });
});
