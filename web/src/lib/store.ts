import { useSyncExternalStore } from 'react';

// createStore is a minimal observable value for UI state shared across
// features (open popups, the current game type). Server data lives in
// TanStack Query, never here.
export function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  };
  return {
    get: () => value,
    set(next: T | ((prev: T) => T)) {
      value = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      for (const l of listeners) l();
    },
    use: <S,>(select: (v: T) => S): S => useSyncExternalStore(subscribe, () => select(value)),
  };
}
