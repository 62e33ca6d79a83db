import { describe, expect, it } from 'vitest';
import { defaultStake, fitStake, parseMajor, stakeLadder, stepStake, toMajorText } from './stake';

const slot = { minStake: 20, maxStake: 50000, stakeStep: 20 };
const dice = { minStake: 10, maxStake: 100000, stakeStep: 1 };

describe('stakes', () => {
  it.each([
    ['1', 2, 100],
    ['0.29', 2, 29],
    ['12.5', 2, 1250],
    ['12,5', 2, 1250],
    ['1,234.56', 2, 123456],
    ['1,000', 2, 100000],
    [' 7 ', 0, 7],
    ['1.234', 2, null],
    ['abc', 2, null],
    ['-1', 2, null],
    ['', 2, null],
  ])('parseMajor(%j, %i) = %j', (text, decimals, want) => expect(parseMajor(text, decimals)).toBe(want));

  it('writes minor units back as input text', () => {
    expect(toMajorText(1250, 2)).toBe('12.50');
    expect(toMajorText(5, 2)).toBe('0.05');
    expect(toMajorText(42, 0)).toBe('42');
  });

  it('rounds a slot stake down to a multiple of the step, within the limits', () => {
    expect(fitStake(130, slot)).toBe(120);
    expect(fitStake(140, slot)).toBe(140);
    expect(fitStake(5, slot)).toBe(20);
    expect(fitStake(0, slot)).toBe(20);
    expect(fitStake(999999, slot)).toBe(50000);
    expect(fitStake(Number.NaN, slot)).toBe(20);
    // A minimum that is not itself on the step goes up to the next step.
    expect(fitStake(1, { minStake: 30, maxStake: 1000, stakeStep: 20 })).toBe(40);
    expect(fitStake(2, dice)).toBe(10);
  });

  it('steps through 1-2-5 stakes between the limits', () => {
    const ladder = stakeLadder(slot, 2);
    expect(ladder.slice(0, 6)).toEqual([20, 100, 200, 500, 1000, 2000]);
    expect(ladder[ladder.length - 1]).toBe(50000);
    expect(ladder.every((v) => v % 20 === 0)).toBe(true);
    expect(stepStake(100, 1, ladder)).toBe(200);
    expect(stepStake(130, 1, ladder)).toBe(200);
    expect(stepStake(130, -1, ladder)).toBe(100);
    expect(stepStake(20, -1, ladder)).toBe(20);
    expect(stepStake(50000, 1, ladder)).toBe(50000);
    expect(stakeLadder(dice, 2).slice(0, 4)).toEqual([10, 20, 50, 100]);
  });

  it('starts at 1.00', () => {
    expect(defaultStake(slot, 2)).toBe(100);
    expect(defaultStake({ minStake: 200, maxStake: 1000, stakeStep: 20 }, 2)).toBe(200);
  });
});
