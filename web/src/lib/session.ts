import { useSyncExternalStore } from 'react';
import { keys, merchantCode, rememberMerchant } from './storage';

// The login state of spec §4: a session token in session storage means
// logged in. Components read it through useSessionToken so a log-in or
// log-out anywhere re-renders whoever depends on it.
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribe, () => sessionStorage.getItem(keys.token));
}

export function startSession(token: string): void {
  sessionStorage.setItem(keys.token, token);
  emit();
}

// endSession clears all session storage, then restores the merchant entry
// (spec §4 Logout).
export function endSession(): void {
  const merchant = merchantCode();
  sessionStorage.clear();
  rememberMerchant(merchant);
  emit();
}

// takeTokenFromURL adopts a token handed over in the query (spec §4: a token
// from the URL query at load means logged in) and removes it from the
// address bar so it is not bookmarked or shared.
export function takeTokenFromURL(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get('token');
  if (!token) return;
  sessionStorage.setItem(keys.token, token);
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.pathname + url.search + url.hash);
}
