import { describe, expect, it, vi } from 'vitest';
import { withChunkTimeout } from './lazyPage';

describe('chunk loading (spec §8)', () => {
  it('fails with ChunkLoadError after the timeout', async () => {
    vi.useFakeTimers();
    const p = withChunkTimeout(new Promise(() => undefined), 120_000);
    vi.advanceTimersByTime(120_000);
    await expect(p).rejects.toMatchObject({ name: 'ChunkLoadError' });
    vi.useRealTimers();
  });

  it('names a failed import ChunkLoadError', async () => {
    await expect(withChunkTimeout(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({ name: 'ChunkLoadError' });
  });

  it('passes a loaded chunk through', async () => {
    await expect(withChunkTimeout(Promise.resolve(42))).resolves.toBe(42);
  });
});
