import { useCallback, useEffect, useState } from 'react';

// useCountdown counts whole seconds down to zero once started (the SMS
// button's wait: expiredMinutes x 60 s, spec §4).
export function useCountdown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const running = until > now;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [running]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, []);
  return [left, start];
}

// throttle lets fn run at most once per `ms`, on the leading edge (SMS
// requests and captcha refreshes: once a second, spec §9).
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number, clock: () => number = Date.now): (...args: A) => void {
  let last = -Infinity;
  return (...args: A) => {
    const t = clock();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}
