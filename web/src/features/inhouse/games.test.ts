import { describe, expect, it } from 'vitest';
import { crashPayout, crashWinChance, MAX_RISE_MS, multiplierAt, riseDuration } from './crash';
import { chancePercent, dicePayout, diceMultiplier, diceWins, flipSide, formatMultiplier, winningRolls } from './dice';
import { formatHundredths, parseHundredths } from './hundredths';

describe('dice maths', () => {
  it.each([
    // target, over, winning rolls, chance %, multiplier shown
    [5000, false, 5000, 50, '1.9800'],
    [5000, true, 4999, 49.99, '1.9803'],
    [100, false, 100, 1, '99.0000'],
    [9800, true, 199, 1.99, '49.7487'],
    [9800, false, 9800, 98, '1.0102'],
    [100, true, 9899, 98.99, '1.0001'],
  ])('target %i over=%s: %i winning rolls, %f%%, ×%s', (target, over, rolls, chance, mult) => {
    expect(winningRolls(target, over)).toBe(rolls);
    expect(chancePercent(target, over)).toBe(chance);
    expect(formatMultiplier(diceMultiplier(target, over))).toBe(mult);
  });

  it('pays as the rules page says: under 50.00 with 5.00 pays 9.90', () => {
    expect(dicePayout(500, 5000, false)).toBe(990);
    // Rounded down: 1.00 at 1.9803× pays 1.98.
    expect(dicePayout(100, 5000, true)).toBe(198);
  });

  it('a roll equal to the target loses either way', () => {
    expect(diceWins(5000, 5000, true)).toBe(false);
    expect(diceWins(5000, 5000, false)).toBe(false);
    expect(diceWins(2306, 5000, false)).toBe(true);
    expect(diceWins(5001, 5000, true)).toBe(true);
  });

  it('keeps the chance when the side flips', () => {
    expect(flipSide(4950)).toBe(5049);
    expect(winningRolls(4950, false)).toBe(winningRolls(flipSide(4950), true));
    expect(flipSide(100)).toBe(9800);
  });
});

describe('crash maths', () => {
  it('has the published win chances', () => {
    expect((crashWinChance(200) * 100).toFixed(4)).toBe('49.5000');
    expect((crashWinChance(101) * 100).toFixed(4)).toBe('98.0198');
    expect((crashWinChance(1_000_000) * 100).toFixed(4)).toBe('0.0099');
    expect(crashPayout(333, 142)).toBe(472);
  });

  it('rises from 1.00× to the crash point within the time limit', () => {
    for (const point of [100, 101, 142, 200, 1000, 1_000_000]) {
      const d = riseDuration(point);
      expect(d).toBeLessThanOrEqual(MAX_RISE_MS);
      expect(multiplierAt(0, point)).toBe(100);
      expect(multiplierAt(d, point)).toBe(point);
      expect(multiplierAt(d + 1000, point)).toBe(point);
      let last = 100;
      for (let t = 0; t <= d; t += 50) {
        const m = multiplierAt(t, point);
        expect(m).toBeGreaterThanOrEqual(last);
        expect(m).toBeLessThanOrEqual(point);
        last = m;
      }
    }
    expect(riseDuration(100)).toBe(0);
    expect(Math.round(riseDuration(200))).toBe(1200);
  });
});

describe('hundredths', () => {
  it.each([
    ['50', 5000],
    ['50.5', 5050],
    ['50,55', 5055],
    ['2.00x', 200],
    ['10,000.00', 1_000_000],
    ['1.005', null],
    ['x', null],
    ['-2', null],
  ])('parseHundredths(%j) = %j', (text, want) => expect(parseHundredths(text)).toBe(want));

  it('writes them back', () => {
    expect(formatHundredths(2306)).toBe('23.06');
    expect(formatHundredths(5)).toBe('0.05');
    expect(formatHundredths(1_000_000, 'en')).toBe('10,000.00');
  });
});
