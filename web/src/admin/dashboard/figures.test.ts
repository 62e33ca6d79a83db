import { describe, expect, it } from 'vitest';
import { changePercent, decSign, decSub, decSum, ratioPercent } from './decimal';
import { comparedWith, currentHour, sumFigures, zeroFigures } from './figures';
import type { Dashboard, Figures } from './dashboardTypes';
import { offsetMinutes, zoneClock } from './zoneTime';

describe('decimal amounts', () => {
  it.each([
    [['0.10', '0.20'], '0.30'],
    [['1234.50', '-2000'], '-765.50'],
    [['99999999999999999.99', '0.01'], '100000000000000000.00'],
    [['1.5', '2.25'], '3.75'],
    [[], '0'],
  ])('adds %j exactly', (values, want) => expect(decSum(values)).toBe(want));

  it.each([
    ['10.00', '10.00', '0.00', 0],
    ['5.00', '7.25', '-2.25', -1],
    ['-1', '-3', '2', 1],
  ])('%s - %s = %s', (a, b, want, sign) => {
    expect(decSub(a, b)).toBe(want);
    expect(decSign(decSub(a, b))).toBe(sign);
  });

  it.each([
    ['150.00', '2250.00', 2, '6.67'],
    ['-50.00', '1000.00', 2, '-5.00'],
    ['1', '3', 2, '33.33'],
    ['2', '3', 2, '66.67'],
    ['-2', '3', 2, '-66.67'],
    ['1', '0', 2, null],
  ])('ratio %s / %s', (a, b, d, want) => expect(ratioPercent(a, b, d)).toBe(want));

  it('measures change against the size of the base, also when it is negative', () => {
    expect(changePercent('30', '15')).toBe('100.00');
    expect(changePercent('45', '48')).toBe('-6.25');
    expect(changePercent('-5.00', '-10.00')).toBe('50.00');
    expect(changePercent('3', '0')).toBeNull();
  });
});

const f = (x: Partial<Figures>): Figures => ({ ...zeroFigures, ...x });

describe('figures', () => {
  it('adds hours and works the margin out from the sums', () => {
    const s = sumFigures([f({ registrations: 1, activePlayers: 2, betCount: 3, bets: '100.00', wins: '90.00', ggr: '10.00', margin: '10.00' }), f({ bets: '50.00', wins: '80.00', ggr: '-30.00', margin: '-60.00' })]);
    expect(s).toEqual({ registrations: 1, firstDeposits: 0, activePlayers: 2, betCount: 3, bets: '150.00', wins: '170.00', ggr: '-20.00', margin: '-13.33' });
    expect(sumFigures([]).margin).toBeNull();
  });

  const day = (now: number): Dashboard => ({
    currency: 'USD',
    timezone: '+07:00',
    generatedAt: '2026-11-25T00:00:00Z',
    today: f({}),
    yesterday: f({ registrations: 240 }),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour <= now ? f({}) : null, yesterday: f({ registrations: 10 }) })),
  });

  it('compares with yesterday up to the current hour, or the whole day', () => {
    expect(currentHour(day(9))).toBe(9);
    expect(comparedWith(day(9), 'sameHour').registrations).toBe(100);
    expect(comparedWith(day(9), 'day').registrations).toBe(240);
    // At 23:00 the same hour is the whole day: the server's day figures.
    expect(comparedWith(day(23), 'sameHour').registrations).toBe(240);
  });
});

describe('reporting clock', () => {
  it('reads fixed offsets only', () => {
    expect(offsetMinutes('+07:00')).toBe(420);
    expect(offsetMinutes('-03:30')).toBe(-210);
    expect(offsetMinutes('Asia/Phnom_Penh')).toBeNull();
    expect(offsetMinutes('+25:00')).toBeNull();
  });

  it('writes an instant on the reporting clock, across midnight', () => {
    expect(zoneClock('2026-11-24T20:15:00Z', '+07:00', 'EN')).toBe('03:15:00');
    expect(zoneClock('2026-11-24T02:00:09Z', '-03:30', 'EN')).toBe('22:30:09');
  });
});
