import { sealPayload } from './crypto';
import { merchantCode, sessionToken } from './storage';

// ApiError is a failed call: the envelope's code and message (already in
// the user's language), the HTTP status and the envelope's value.
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly value: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Envelope<T> = { success: true; value: T } | { success: false; code: string; message: string; value: unknown };

let currentLanguage = 'KM';
let encryption: { enabled: boolean; publicKey: string } = { enabled: false, publicKey: '' };

// setApiLanguage makes every later call ask for answers in lang.
export function setApiLanguage(lang: string): void {
  currentLanguage = lang;
}

// setEncryption takes the merchant's (E) settings from the permission call.
export function setEncryption(cfg: { enabled: boolean; publicKey: string }): void {
  encryption = cfg;
}

export type Query = Record<string, string | number | boolean | undefined | null>;

function withQuery(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  if (!params.has('language')) params.set('language', currentLanguage);
  return `${path}?${params.toString()}`;
}

type Options = {
  query?: Query;
  body?: unknown;
  encrypted?: boolean;
  form?: boolean;
  signal?: AbortSignal;
  // headers are added to the call's own (a game session's X-Game-Token).
  headers?: Record<string, string>;
  // memberSession false leaves the member's Authorization off: a call that
  // carries another credential (the in-house games' token) or none.
  memberSession?: boolean;
};

// request is the one place the app talks to the server: it adds the
// merchant and session headers, seals (E) payloads and unwraps the envelope.
export async function request<T>(method: string, path: string, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = { Merchant: merchantCode(), Accept: 'application/json' };
  const token = opts.memberSession === false ? null : sessionToken();
  if (token) headers.Authorization = token;
  Object.assign(headers, opts.headers);
  let body: string | undefined;
  if (opts.body !== undefined) {
    if (opts.body instanceof FormData) {
      // multipart: the browser writes the Content-Type with its boundary.
      body = opts.body as unknown as string;
    } else if (opts.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.body as Record<string, string>).toString();
    } else if (opts.encrypted && encryption.enabled) {
      const sealed = await sealPayload(encryption.publicKey, opts.body);
      headers['Content-Type'] = 'text/plain';
      headers.Encryption = sealed.header;
      body = sealed.body;
    } else {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), { method, headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('network.abnormal', '', 0, null);
  }
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status >= 500 || res.status === 0 ? 'network.abnormal' : 'system.error', '', res.status, null);
  }
  if (!env.success) throw new ApiError(env.code, env.message, res.status, env.value);
  return env.value;
}

// getBlob fetches a file the member alone may read (a receipt they sent):
// an <img src> cannot carry the session header, so the page fetches the
// bytes and shows them from an object URL.
export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const headers: Record<string, string> = { Merchant: merchantCode() };
  const token = sessionToken();
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await fetch(path, { headers, signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('network.abnormal', '', 0, null);
  }
  if (!res.ok) {
    const env = (await res.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(env?.code ?? 'system.error', env?.message ?? '', res.status, null);
  }
  return res.blob();
}

export const get = <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal });
export const post = <T>(path: string, body?: unknown, encrypted = false) => request<T>('POST', path, { body, encrypted });
export const postMultipart = <T>(path: string, data: FormData) => request<T>('POST', path, { body: data });
export const postForm = <T>(path: string, fields: Record<string, string>) => request<T>('POST', path, { body: fields, form: true });
export const put = <T>(path: string, body?: unknown, encrypted = false) => request<T>('PUT', path, { body, encrypted });
export const del = <T>(path: string, query?: Query) => request<T>('DELETE', path, { query });
