import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../testing/harness';
import { AdminApiError, adminDelete, adminGet, adminPost, adminPut, onSessionLost, setCsrfToken } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
  onSessionLost(() => undefined);
});

describe('admin api client', () => {
  it('sends the CSRF token on every call that changes something, and not on reads', async () => {
    const calls = fakeServer(() => ({ value: {} }));
    setCsrfToken('tok-123');
    await adminGet('/admin/api/me');
    await adminPost('/admin/api/operators', { username: 'a', role: 'support' });
    await adminPut('/admin/api/operators/7', { disabled: true });
    await adminDelete('/admin/api/session');
    expect(calls.map((c) => [c.method, c.headers['X-CSRF-Token']])).toEqual([
      ['GET', undefined],
      ['POST', 'tok-123'],
      ['PUT', 'tok-123'],
      ['DELETE', 'tok-123'],
    ]);
    expect(calls[1].body).toEqual({ username: 'a', role: 'support' });
  });

  it('sends the session cookie and no player credentials', async () => {
    const calls = fakeServer(() => ({ value: {} }));
    sessionStorage.setItem('token', 'player-token');
    await adminPost('/admin/api/operators/3/reset-totp');
    expect(calls[0].credentials).toBe('same-origin');
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[0].headers.Merchant).toBeUndefined();
    expect(calls[0].headers.Encryption).toBeUndefined();
    sessionStorage.clear();
  });

  it('unwraps the envelope and turns a failure into an error with its code', async () => {
    fakeServer((c) => (c.url.pathname === '/admin/api/roles' ? { value: [{ name: 'owner' }] } : { status: 403, code: 'admin.forbidden', message: 'Not allowed' }));
    await expect(adminGet('/admin/api/roles')).resolves.toEqual([{ name: 'owner' }]);
    const err = await adminGet('/admin/api/operators').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ code: 'admin.forbidden', status: 403, message: 'Not allowed' });
  });

  it('throws a call held for approval (202) with its message and the request, so no screen takes it as done', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, code: 'admin.approval_requested', message: 'Sent for approval', value: { id: 9 } }), { status: 202 })),
    );
    const err = await adminPost('/admin/api/players/1/freeze', { reason: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ code: 'admin.approval_requested', status: 202, message: 'Sent for approval', value: { id: 9 } });
  });

  it('tells the session gate when a call finds the session gone, but not for the log-in itself', async () => {
    const lost = vi.fn();
    onSessionLost(lost);
    fakeServer(() => ({ status: 401, code: 'admin.unauthorized' }));
    await adminGet('/admin/api/audit').catch(() => undefined);
    expect(lost).toHaveBeenCalledTimes(1);
    await adminPost('/admin/api/session', { username: 'x', password: 'y' }).catch(() => undefined);
    await adminGet('/admin/api/me').catch(() => undefined);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it('leaves empty filters out of the query', async () => {
    const calls = fakeServer(() => ({ value: {} }));
    await adminGet('/admin/api/audit', { operator: 'ann', action: '', outcome: undefined, pageNum: 2 });
    expect([...calls[0].url.searchParams.keys()].sort()).toEqual(['language', 'operator', 'pageNum']);
  });
});
