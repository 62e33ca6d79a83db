// Test helpers for the issue 16 screens: a fake server answering by
// method and path, and a render with the providers the pages need.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';

export type Call = { method: string; path: string; query: URLSearchParams; headers: Record<string, string>; body: unknown };
export type Answer = { status?: number; value?: unknown; code?: string; message?: string };
type Route_ = (c: Call) => Answer | undefined;

// serve stubs fetch: routes answer "METHOD /path" (value, or a refusal
// with code); anything else is a 404 refusal. It returns every call made.
export function serve(routes: Record<string, Answer | Route_>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const u = new URL(url, 'http://site');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    let body: unknown = init.body;
    if (typeof body === 'string' && headers['Content-Type'] === 'application/json') body = JSON.parse(body);
    const call = { method, path: u.pathname, query: u.searchParams, headers, body };
    calls.push(call);
    const r = routes[`${method} ${u.pathname}`];
    const a = typeof r === 'function' ? r(call) : r;
    if (!a) return Promise.resolve({ status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'not found', value: null }) });
    if (a.code) return Promise.resolve({ status: a.status ?? 409, json: () => Promise.resolve({ success: false, code: a.code, message: a.message ?? '', value: a.value ?? null }) });
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: a.value }) });
  });
  return calls;
}

export const permission = {
  merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, languages: [] },
  vip: true,
  referral: true,
  pointMall: true,
} as unknown as Permission;

// renderAt renders node at a path inside the router and the providers.
export function renderAt(node: ReactNode, path = '/', perm: Permission = permission) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={perm}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="*" element={node} />
          </Routes>
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

// paged wraps rows in the contract's page shape.
export const paged = <T,>(content: T[], totalPages = 1) => ({ content, pageNum: 1, pageSize: 20, totalPages, total: content.length });
