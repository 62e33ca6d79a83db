// The back office's one API client. It keeps the player client's envelope
// ({success, code, message, value}) but none of its credentials: the
// operator's session is an HttpOnly cookie the browser sends, and every
// call that changes something carries the session's CSRF token.

// AdminApiError is a failed call: the envelope's code and message (in the
// operator's language), the HTTP status and the envelope's value.
export class AdminApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string; value: unknown };

/** Query is a call's query string; empty values are left out. */
export type Query = Record<string, string | number | undefined | null>;

let csrfToken = '';
let language = 'EN';
let sessionLost: () => void = () => undefined;

/** setCsrfToken keeps the session's token for every later non-GET call. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** setAdminApiLanguage makes the server answer messages in lang. */
export function setAdminApiLanguage(lang: string): void {
  language = lang;
}

/** onSessionLost is told when a call other than the log-in's answers 401. */
export function onSessionLost(listener: () => void): void {
  sessionLost = listener;
}

/** withQuery is path with query's non-empty values (and the language). */
export function withQuery(path: string, query?: Query, withLanguage = true): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  if (withLanguage && !params.has('language')) params.set('language', language);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** adminRequest calls the back-office API and unwraps the envelope. */
export async function adminRequest<T>(method: string, path: string, opts: { query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new AdminApiError('network.abnormal', '', 0, null);
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new AdminApiError(res.status >= 500 ? 'network.abnormal' : 'system.error', '', res.status, null);
  }
  // An action the owner marked sensitive is held for a second operator:
  // 202 with the request. Nothing changed, so the screen must not carry on
  // as if it had: it is thrown, and its message says it awaits approval.
  if (res.status === 202 && env.success) {
    const held = env as unknown as { code: string; message: string; value: unknown };
    throw new AdminApiError(held.code || 'admin.approval_requested', held.message, 202, held.value);
  }
  if (!env.success) {
    if (res.status === 401 && !path.startsWith('/admin/api/session') && path !== '/admin/api/me') sessionLost();
    throw new AdminApiError(env.code, env.message, res.status, env.value);
  }
  return env.value;
}

export const adminGet = <T>(path: string, query?: Query, signal?: AbortSignal) => adminRequest<T>('GET', path, { query, signal });
export const adminPost = <T>(path: string, body?: unknown) => adminRequest<T>('POST', path, { body });
export const adminPut = <T>(path: string, body?: unknown) => adminRequest<T>('PUT', path, { body });
export const adminDelete = <T>(path: string) => adminRequest<T>('DELETE', path);
