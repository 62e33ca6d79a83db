import { useEffect, useState } from 'react';

// remaining splits the time left until an instant into days, hours and
// minutes (nothing below zero).
export function remaining(untilIso: string, now: number): { d: number; h: number; m: number; over: boolean } {
  const ms = Date.parse(untilIso) - now;
  if (!(ms > 0)) return { d: 0, h: 0, m: 0, over: true };
  const minutes = Math.ceil(ms / 60_000);
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60, over: false };
}

// useNow ticks every interval so a countdown moves.
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
