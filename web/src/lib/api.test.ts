import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, get, getBlob, setApiLanguage } from './api';
import { keys } from './storage';

function answer(status: number, body: unknown) {
  return vi.fn().mockResolvedValue({ status, json: () => Promise.resolve(body) });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

describe('api client', () => {
  it('sends the merchant and language and unwraps the value', async () => {
    const fetchMock = answer(200, { success: true, value: { total: 3 } });
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem('merchant', 'lucky');
    setApiLanguage('EN');
    const v = await get<{ total: number }>('/wps/game/list', { gameType: 'RNG', gameName: '' });
    expect(v.total).toBe(3);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/wps/game/list?gameType=RNG&language=EN');
    expect(init.headers.Merchant).toBe('lucky');
  });

  it('turns an error envelope into an ApiError', async () => {
    vi.stubGlobal('fetch', answer(400, { success: false, code: 'invalid.domain', message: 'Invalid domain', value: null }));
    await expect(get('/wps/system/permission')).rejects.toMatchObject({ code: 'invalid.domain', status: 400, message: 'Invalid domain' });
  });

  it('reports a network failure as network.abnormal', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    const err = (await get('/wps/system/status').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.code).toBe('network.abnormal');
  });
});

describe('getBlob', () => {
  it('sends the session header and answers the bytes', async () => {
    const blob = new Blob(['png']);
    const fetchMock = vi.fn().mockResolvedValue({ ok: true, status: 200, blob: () => Promise.resolve(blob) });
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem(keys.token, 'tok-1');
    await expect(getBlob('/wps/cashier/proofs/3')).resolves.toBe(blob);
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe('tok-1');
  });

  it('turns a refusal into an ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue({ ok: false, status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'gone' }) }));
    await expect(getBlob('/wps/cashier/proofs/9')).rejects.toMatchObject({ code: 'resource.not_found', status: 404 });
  });
});

describe('merchant of the page', () => {
  it('takes the merchant the server named for this domain over the stored one', async () => {
    const fetchMock = answer(200, { success: true, value: 1 });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('merchant', 'demo');
    const meta = document.createElement('meta');
    meta.name = 'portal-merchant';
    meta.content = 'lucky';
    document.head.appendChild(meta);
    await get('/wps/system/status');
    meta.remove();
    expect(fetchMock.mock.calls[0][1].headers.Merchant).toBe('lucky');
  });
});

describe('extra headers', () => {
  it('adds a call\'s own headers and can leave the member session off', async () => {
    const fetchMock = answer(200, { success: true, value: 1 });
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem('token', 'MEMBER');
    const { request } = await import('./api');
    await request('GET', '/inhouse/seed', { headers: { 'X-Game-Token': 'G1' }, memberSession: false });
    await request('GET', '/wps/member/info');
    expect(fetchMock.mock.calls[0][1].headers['X-Game-Token']).toBe('G1');
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBeUndefined();
    expect(fetchMock.mock.calls[1][1].headers.Authorization).toBe('MEMBER');
  });
});
