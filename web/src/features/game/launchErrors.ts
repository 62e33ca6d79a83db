import { ApiError } from '../../lib/api';

// The launch answers the popup explains in its own words (spec §8); any
// other refusal shows the server's message.
const known: Record<string, string> = {
  'game.maintenance': 'game.maintenanceSuggest',
  'game.not_found': 'game.notFound',
  'game.demo_unavailable': 'game.demoUnavailable',
  'network.abnormal': 'errors.network',
};

export function gameErrorKey(err: unknown): string | null {
  if (!(err instanceof ApiError)) return 'errors.network';
  return known[err.code] ?? null;
}

// safeGameUrl accepts only http(s) addresses (the server gives same-origin
// paths): anything else, such as a javascript: URL, is never framed.
export function safeGameUrl(url: string, origin: string): string | null {
  try {
    const u = new URL(url, origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}
