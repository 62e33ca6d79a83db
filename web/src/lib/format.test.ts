import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney, formatTime } from './format';

describe('format follows the page language', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });
  it.each([
    ['en', '1,234.50'],
    ['de', '1.234,50'],
    ['fr', '1\u202f234,50'],
    ['ar', '1,234.50'],
  ])('money in %s', (lang, want) => {
    document.documentElement.lang = lang;
    expect(formatMoney(1234.5)).toBe(want);
  });
  it('dates in German and Russian read day first, with Latin digits', () => {
    const iso = '2026-11-24T08:05:09';
    document.documentElement.lang = 'de';
    expect(formatTime(iso)).toContain('24.11.2026');
    document.documentElement.lang = 'ru';
    expect(formatTime(iso)).toContain('24.11.2026');
    // Persian readers get their own calendar (Solar Hijri 1405).
    document.documentElement.lang = 'fa';
    expect(formatTime(iso)).toMatch(/1405/);
  });
  it('a broken tag falls back to English, an invalid date to nothing', () => {
    document.documentElement.lang = 'not a tag!';
    expect(formatMoney(5)).toBe('5.00');
    expect(formatTime('nope')).toBe('');
  });
});
