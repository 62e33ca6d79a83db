import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { operator, renderAsOperator } from '../testing/harness';
import { MerchantsPage, type MerchantSummary } from './MerchantsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };

const demo: MerchantSummary = { code: 'demo', name: 'Demo Portal', currency: 'USD', defaultLanguage: 'KM', mainDomain: 'localhost', maintenance: false, createdAt: '2026-11-01T00:00:00Z' };

// serve stubs the merchants API; a create with a code already listed is
// refused as the server does, with the field in the value.
function serve() {
  const merchants = [demo];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const c: Call = { method: init.method ?? 'GET', path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(c);
      const answer = (status: number, code: string, message: string, value: unknown) =>
        new Response(JSON.stringify({ success: status === 200, code, message, value }), { status });
      if (c.method === 'GET') {
        return answer(200, 'ok', '', {
          merchants,
          currencies: [{ code: 'USD', symbol: '$', decimals: 2 }, { code: 'THB', symbol: '฿', decimals: 2 }],
          languages: [{ code: 'EN', name: 'English' }, { code: 'TH', name: 'ไทย' }],
        });
      }
      const b = c.body as { code: string; mainDomain: string };
      if (!/^[a-z][a-z0-9-]{1,31}$/.test(b.code)) return answer(422, 'settings.invalid', 'A setting is not valid', { field: 'code', reason: 'lower-case letters' });
      if (merchants.some((m) => m.code === b.code)) return answer(409, 'merchants.code_taken', 'A merchant with this code exists', null);
      const m = { ...demo, ...(c.body as object), createdAt: '2026-11-25T00:00:00Z' } as MerchantSummary;
      merchants.push(m);
      return answer(200, 'ok', '', m);
    }),
  );
  return calls;
}

describe('MerchantsPage', () => {
  it('lists merchants and creates one with the CSRF token', async () => {
    const calls = serve();
    setCsrfToken('csrf-3');
    const user = userEvent.setup();
    renderAsOperator(<MerchantsPage />, operator(['merchants.manage'], { merchant: '' }), '/merchants');
    expect(await screen.findByTestId('merchant-demo', {}, { timeout: 5000 })).toHaveTextContent('Demo Portal');
    const form = screen.getByRole('region', { name: 'merchants.create' });
    await user.type(within(form).getByRole('textbox', { name: 'merchants.code' }), 'gold');
    await user.type(within(form).getByRole('textbox', { name: 'merchants.name' }), ' Gold Coast ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'merchants.currency' }), 'THB');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'merchants.defaultLanguage' }), 'TH');
    await user.type(within(form).getByRole('textbox', { name: 'merchants.mainDomain' }), 'gold.portal.test');
    await user.click(within(form).getByRole('button', { name: 'merchants.submit' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1), { timeout: 5000 });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/admin/api/merchants');
    expect(post.headers['X-CSRF-Token']).toBe('csrf-3');
    expect(post.body).toEqual({ code: 'gold', name: 'Gold Coast', currency: 'THB', defaultLanguage: 'TH', mainDomain: 'gold.portal.test' });
    expect(await within(form).findByRole('status', {}, { timeout: 5000 })).toHaveTextContent('merchants.done');
    expect(await screen.findByTestId('merchant-gold', {}, { timeout: 5000 })).toHaveTextContent('gold.portal.test');
  }, 20000);

  it('shows the server refusal with its field and marks the input', async () => {
    serve();
    const user = userEvent.setup();
    renderAsOperator(<MerchantsPage />, operator(['merchants.manage'], { merchant: '' }), '/merchants');
    const form = await screen.findByRole('region', { name: 'merchants.create' }, { timeout: 5000 });
    const code = within(form).getByRole('textbox', { name: 'merchants.code' });
    await user.type(code, 'Bad Code');
    await user.click(within(form).getByRole('button', { name: 'merchants.submit' }));
    const alert = await within(form).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('A setting is not valid');
    expect(alert).toHaveTextContent('code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await user.clear(code);
    await user.type(code, 'demo');
    await user.click(within(form).getByRole('button', { name: 'merchants.submit' }));
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('A merchant with this code exists'), { timeout: 5000 });
  }, 20000);
});
