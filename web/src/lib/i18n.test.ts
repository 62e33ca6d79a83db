import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import { applyLanguage, bundledEnglish, changeLanguage, i18n, lazyEnglish } from './i18n';

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

describe('changing language', () => {
  it('tells the server (B-109) after applying it', async () => {
    const calls: { url: string; method: string; body: string }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: String(init.body ?? '') });
      return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: { language: 'TH' } }) });
    });
    try {
      await changeLanguage('TH');
      expect(i18n.language).toBe('TH');
      expect(localStorage.getItem('lang')).toBe('TH');
      const sent = calls.filter((c) => c.url.startsWith('/wps/member/language'));
      expect(sent).toHaveLength(1);
      expect(sent[0].method).toBe('PUT');
      expect(JSON.parse(sent[0].body)).toEqual({ language: 'TH' });
    } finally {
      vi.unstubAllGlobals();
      await applyLanguage('EN');
    }
  });

  it('keeps the choice when the server is unreachable', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    try {
      await expect(changeLanguage('VI')).resolves.toBeUndefined();
      expect(i18n.language).toBe('VI');
    } finally {
      vi.unstubAllGlobals();
      await applyLanguage('EN');
    }
  });
});
