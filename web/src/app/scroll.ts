import { useEffect } from 'react';

// How long a hash waits for its element: the home blocks appear only once
// the catalogue has answered.
const HASH_WAIT_MS = 8000;

// useScrollOnNavigate is called inside the page's Suspense boundary, so it
// runs once the loading cover is gone. A new route (its path: /rng to /live
// is a new route though both are game lobbies) scrolls smoothly to the top
// (B-022); a hash scrolls to its element (B-023), waiting for it when the
// page has yet to draw it.
export function useScrollOnNavigate(route: string, hash: string): void {
  useEffect(() => {
    // With a hash, the hash decides where the page goes.
    if (!hash) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [route]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!hash) return;
    return whenPresent(decodeURIComponent(hash.slice(1)), scrollBelowHeader);
  }, [route, hash]);
}

// whenPresent calls found with the element whose id is id as soon as it is
// in the page: at once, or when it appears within timeout. The returned
// function stops the wait.
export function whenPresent(id: string, found: (el: HTMLElement) => void, timeout = HASH_WAIT_MS): () => void {
  const now = id ? document.getElementById(id) : null;
  if (now || !id) {
    if (now) found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const el = document.getElementById(id);
    if (!el) return;
    stop();
    found(el);
  });
  const timer = window.setTimeout(stop, timeout);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

// scrollBelowHeader scrolls el to the top of the page, just under the
// sticky header that would otherwise cover it.
export function scrollBelowHeader(el: HTMLElement): void {
  const header = document.querySelector('.site-header');
  const offset = (header?.getBoundingClientRect().height ?? 0) + 8;
  window.scrollTo({ top: Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset), behavior: 'smooth' });
}
