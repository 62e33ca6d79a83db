import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { bundledEnglish, i18n, lazyEnglish } from './i18n';

describe('bundled English', () => {
  it('holds every namespace of en.json but the ones their pages bring', () => {
    const want = Object.keys(en).filter((k) => !lazyEnglish.includes(k));
    expect(Object.keys(bundledEnglish).sort()).toEqual(want.sort());
    for (const k of want) expect(bundledEnglish[k as keyof typeof bundledEnglish]).toEqual(en[k as keyof typeof en]);
  });

  it('gets the in-house strings when their pages load', async () => {
    expect(i18n.exists('inhouse.slot.spin', { lng: 'EN' })).toBe(false);
    await import('../features/inhouse/strings');
    expect(i18n.getResource('EN', 'translation', 'inhouse.slot.spin')).toBe(en.inhouse.slot.spin);
  });
});
