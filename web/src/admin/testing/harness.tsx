import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { SessionContext } from '../lib/session';
import type { Me } from '../lib/types';

/** Call is one request the fake server saw. */
export type Call = { method: string; url: URL; headers: Record<string, string>; body: unknown; credentials?: RequestCredentials };

/** Reply is the fake server's answer: an envelope value, or a failure. */
export type Reply = { value: unknown } | { status: number; code: string; message?: string };

/** fakeServer stubs fetch with answer and records every call. */
export function fakeServer(answer: (call: Call) => Reply) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      url: new URL(input, 'http://portal.test'),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const r = answer(call);
    if ('value' in r) return new Response(JSON.stringify({ success: true, code: 'ok', message: '', value: r.value }), { status: 200 });
    return new Response(JSON.stringify({ success: false, code: r.code, message: r.message ?? '', value: null }), { status: r.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** operator is a logged-in operator with permissions. */
export function operator(permissions: string[], extra: Partial<Me> = {}): Me {
  return { id: 1, username: 'boss', merchant: 'demo', role: 'owner', permissions, csrfToken: 'csrf-1', ...extra };
}

/** renderAsOperator renders ui below a session of me, at route. */
export function renderAsOperator(ui: ReactNode, me: Me, route = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ me, logOut: vi.fn(async () => undefined) }}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
}
