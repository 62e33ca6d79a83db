import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate, whenPresent } from './scroll';

const scrollTo = window.scrollTo as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => scrollTo.mockClear());
afterEach(() => {
  document.body.innerHTML = '';
});

function navigate(route: string, hash = '') {
  return renderHook(({ r, h }) => useScrollOnNavigate(r, h), { initialProps: { r: route, h: hash } });
}

describe('scroll on navigation (spec §2)', () => {
  it('scrolls to the top when the route changes, even between two lobbies (B-022)', () => {
    const view = navigate('/rng');
    expect(scrollTo).toHaveBeenCalledTimes(1);
    view.rerender({ r: '/live', h: '' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });
    // Same route, other query or state: stays where the visitor is.
    view.rerender({ r: '/live', h: '' });
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it('scrolls to a hash element that the page draws later, not to the top (B-023)', async () => {
    navigate('/', '#block-LIVE');
    expect(scrollTo).not.toHaveBeenCalled();
    const block = document.createElement('h2');
    block.id = 'block-LIVE';
    block.getBoundingClientRect = () => ({ top: 900, bottom: 940, left: 0, right: 100, width: 100, height: 40, x: 0, y: 900, toJSON: () => '' });
    document.body.append(block);
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    expect(scrollTo.mock.calls[0][0]).toEqual({ top: 892, behavior: 'smooth' });
  });

  it('stops waiting after the timeout or when asked', () => {
    vi.useFakeTimers();
    try {
      const found = vi.fn();
      whenPresent('never', found, 100);
      vi.advanceTimersByTime(150);
      const stop = whenPresent('later', found, 1000);
      stop();
      expect(found).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
