import { lazy, type ComponentType } from 'react';

// A page chunk that has not arrived after 120 s counts as failed
// (spec §8 ChunkLoadError).
export const CHUNK_TIMEOUT_MS = 120_000;

export function withChunkTimeout<T>(load: Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const err = new Error('Loading a page chunk timed out');
      err.name = 'ChunkLoadError';
      reject(err);
    }, ms);
    load.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        const err = e instanceof Error ? e : new Error(String(e));
        err.name = 'ChunkLoadError';
        reject(err);
      },
    );
  });
}

// lazyPage splits a page into its own chunk, loaded on first visit.
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withChunkTimeout(load()));
}
