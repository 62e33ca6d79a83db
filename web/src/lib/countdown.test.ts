import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle, useCountdown } from './countdown';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SMS countdown', () => {
  it('counts expiredMinutes x 60 seconds down to zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](5 * 60));
    expect(result.current[0]).toBe(300);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(299);
    act(() => vi.advanceTimersByTime(299_000));
    expect(result.current[0]).toBe(0);
  });
});

describe('throttle', () => {
  it('runs once per second on the leading edge', () => {
    let t = 0;
    const fn = vi.fn();
    const once = throttle(fn, 1000, () => t);
    once();
    once();
    t = 999;
    once();
    expect(fn).toHaveBeenCalledTimes(1);
    t = 1000;
    once();
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
