import { describe, expect, it } from 'vitest';
import { csvHref, filterQuery, isDay, pageQuery, rangeProblem, readReportState, writeReportState } from './reportQuery';

const read = (qs: string) => readReportState(new URLSearchParams(qs));

describe('report address', () => {
  it('defaults to GGR by day, newest first, 20 a page', () => {
    expect(read('')).toEqual({ tab: 'ggr', by: 'day', from: '', to: '', vendor: '', gameType: '', q: '', sort: 'key', order: 'desc', page: 1, size: 20 });
    expect(read('by=vendor').sort).toBe('ggr');
    expect(read('tab=players').sort).toBe('day');
  });

  it.each([
    ['tab=evil', { tab: 'ggr' }],
    ['by=player', { by: 'day' }],
    ['from=2026-02-30&to=24-11-2026', { from: '', to: '' }],
    ['sort=margin', { sort: 'key' }],
    ['sort=username', { sort: 'key' }],
    ['tab=profitLoss&sort=key', { sort: 'ggr' }],
    ['order=sideways', { order: 'desc' }],
    ['page=0', { page: 1 }],
    ['page=1.5', { page: 1 }],
    ['page=100001', { page: 1 }],
    ['size=1000', { size: 20 }],
    ['tab=profitLoss&vendor=PG', { vendor: '' }],
    ['tab=players&q=abc', { q: '' }],
  ])('falls back to the default for %s', (qs, want) => expect(read(qs)).toMatchObject(want));

  it('trims a prefix filter to the longest the API takes', () => {
    expect(read(`q=${'x'.repeat(60)}`).q).toHaveLength(40);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    const s = read('by=game&from=2026-11-01&to=2026-11-20&vendor=PG&q=PG_M&sort=bets&order=asc&page=2&size=50');
    const written = writeReportState(s).toString();
    expect(written).toBe('by=game&from=2026-11-01&to=2026-11-20&vendor=PG&q=PG_M&sort=bets&order=asc&page=2&size=50');
    expect(read(written)).toEqual(s);
    expect(writeReportState(read('by=day&sort=key&order=desc&page=1&size=20')).toString()).toBe('');
  });
});

describe('report query', () => {
  it('sends no prefix filter for days, and the page only to the page call', () => {
    const s = read('by=day&q=2026&vendor=PG&page=2');
    expect(filterQuery(s)).toEqual({ from: undefined, to: undefined, sort: 'key', order: 'desc', by: 'day', vendor: 'PG', gameType: '' });
    expect(pageQuery(s)).toMatchObject({ pageNum: 2, pageSize: 20 });
  });

  it('exports the shown range when the address has none, and the address range when it has one', () => {
    expect(csvHref(read('tab=profitLoss&q=ab'), { from: '2026-10-26', to: '2026-11-24' })).toBe('/admin/api/reports/players.csv?from=2026-10-26&to=2026-11-24&sort=ggr&order=desc&q=ab&language=EN');
    expect(csvHref(read('tab=players&from=2026-11-01&to=2026-11-02'), { from: '2026-10-26', to: '2026-11-24' })).toBe('/admin/api/reports/activity.csv?from=2026-11-01&to=2026-11-02&sort=day&order=desc&language=EN');
  });

  it('checks a typed range', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(rangeProblem('', '')).toBe('');
    expect(rangeProblem('2026-11-01', '2026-11-01')).toBe('');
    expect(rangeProblem('2026-11-02', '2026-11-01')).toBe('reports.range.order');
    expect(rangeProblem('2026-13-01', '')).toBe('reports.range.invalid');
  });
});
