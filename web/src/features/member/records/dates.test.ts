import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, rangeDays, rangeError, shortcutRange, shortcuts } from './dates';

// 2026-03-10 at noon local time.
const today = new Date(2026, 2, 10, 12, 0, 0);

describe('report date shortcuts (spec §9)', () => {
  it('offers next and last 7 and 30 days, today and yesterday', () => {
    expect([...shortcuts].sort()).toEqual(['last30', 'last7', 'next30', 'next7', 'today', 'yesterday']);
  });

  it('count both ends: last 7 days is today and the six before it', () => {
    expect(shortcutRange('today', today)).toEqual({ start: '2026-03-10', end: '2026-03-10' });
    expect(shortcutRange('yesterday', today)).toEqual({ start: '2026-03-09', end: '2026-03-09' });
    expect(shortcutRange('last7', today)).toEqual({ start: '2026-03-04', end: '2026-03-10' });
    expect(shortcutRange('last30', today)).toEqual({ start: '2026-02-09', end: '2026-03-10' });
    expect(shortcutRange('next7', today)).toEqual({ start: '2026-03-10', end: '2026-03-16' });
    expect(shortcutRange('next30', today)).toEqual({ start: '2026-03-10', end: '2026-04-08' });
    for (const s of shortcuts) expect(rangeError(shortcutRange(s, today))).toBeNull();
    expect(rangeDays(shortcutRange('last30', today))).toBe(30);
  });

  it('cross month, year and leap-day boundaries by calendar date', () => {
    expect(shortcutRange('yesterday', new Date(2026, 0, 1))).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(shortcutRange('last7', new Date(2028, 2, 2))).toEqual({ start: '2028-02-25', end: '2028-03-02' });
  });
});

describe('report range limit', () => {
  it('accepts up to 90 days and refuses 91', () => {
    expect(MAX_RANGE_DAYS).toBe(90);
    expect(rangeDays({ start: '2026-01-01', end: '2026-03-31' })).toBe(90);
    expect(rangeError({ start: '2026-01-01', end: '2026-03-31' })).toBeNull();
    expect(rangeError({ start: '2026-01-01', end: '2026-04-01' })).toBe('records.rangeTooLong');
    expect(rangeError({ start: '2025-01-01', end: '2026-01-01' })).toBe('records.rangeTooLong');
  });

  it('refuses an end before the start and missing or impossible dates', () => {
    expect(rangeError({ start: '2026-03-10', end: '2026-03-10' })).toBeNull();
    expect(rangeError({ start: '2026-03-10', end: '2026-03-09' })).toBe('records.dateOrder');
    expect(rangeError({ start: '', end: '2026-03-09' })).toBe('records.dateMissing');
    expect(rangeError({ start: '2026-02-30', end: '2026-03-09' })).toBe('records.dateMissing');
  });
});
