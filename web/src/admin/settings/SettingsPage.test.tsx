import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { operator, renderAsOperator } from '../testing/harness';
import { SettingsPage } from './SettingsPage';
import type { SettingsView } from './types';
import { fromLocalInput, toLocalInput } from './MaintenancePanel';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

type Call = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Answer = { status?: number; code?: string; message?: string; value: unknown };

const rule = { enabled: true, required: false, acceptedPattern: '*', patternId: 4, minLength: 6, maxLength: 100, type: 'email' };

function settings(): SettingsView {
  return {
    code: 'demo',
    name: 'Demo Portal',
    currency: 'USD',
    modules: [
      { modId: 'PROMOTION', name: 'Promotions', enabled: true, childrenNodes: [{ modId: 'VIP3', name: 'VIP', enabled: true, childrenNodes: [] }] },
    ],
    registerRules: { email: rule, password: { ...rule, required: true, patternId: 19, minLength: 8, maxLength: 20, type: 'password' } },
    registerFields: ['password', 'email'],
    patterns: [4, 19].map((id) => ({ patternId: id, name: `p${id}`, acceptedPattern: '*' })),
    languages: { supported: ['KM', 'EN'], default: 'KM' },
    allLanguages: [
      { code: 'KM', name: 'ខ្មែរ', rtl: false },
      { code: 'EN', name: 'English', rtl: false },
      { code: 'CN', name: '简体中文', rtl: false },
    ],
    currencyDisplay: { symbol: '$', decimals: 2 },
    domains: { main: 'localhost', mirrors: ['demo.portal.test'] },
    region: { blockedCidrs: [], blockedCountries: [] },
    geoIp: false,
    maintenance: { on: false, window: null, texts: { EN: { title: 'Maintenance', info: 'Back soon' } }, active: false },
    customerService: [{ csType: 'LIVECHAT', name: 'Chat', path: 'https://chat.portal.test/demo' }],
    customerServiceKinds: ['LIVECHAT', 'EMAIL'],
    ipAllow: [],
  };
}

// serve stubs the API: GET answers the settings, a PUT answers what
// respond gives (by default the settings with the body applied by apply).
function serve(respond: (c: Call, current: SettingsView) => Answer | undefined = () => undefined) {
  let current = settings();
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      const c: Call = { method: init.method ?? 'GET', path: url.pathname, headers: (init.headers ?? {}) as Record<string, string>, body: init.body ? JSON.parse(init.body as string) : undefined };
      calls.push(c);
      let a = respond(c, current);
      if (!a && c.method === 'GET') a = { value: current };
      if (!a && c.method === 'PUT') {
        if (c.path.endsWith('/modules')) {
          const sw = (c.body as { switches: { modId: string; enabled: boolean }[] }).switches;
          const on = Object.fromEntries(sw.map((s) => [s.modId, s.enabled]));
          const walk = (n: SettingsView['modules']): SettingsView['modules'] => n.map((m) => ({ ...m, enabled: on[m.modId] ?? m.enabled, childrenNodes: walk(m.childrenNodes) }));
          current = { ...current, modules: walk(current.modules) };
        }
        if (c.path.endsWith('/domains')) current = { ...current, domains: c.body as SettingsView['domains'] };
        a = { value: current };
      }
      const ok = !a!.status || a!.status === 200;
      return new Response(JSON.stringify({ success: ok, code: a!.code ?? 'ok', message: a!.message ?? '', value: a!.value }), { status: a!.status ?? 200 });
    }),
  );
  return calls;
}

const puts = (calls: Call[], part: string) => calls.filter((c) => c.method === 'PUT' && c.path === `/admin/api/settings/${part}`);
const panel = (name: string) => screen.getByRole('region', { name });

describe('SettingsPage', () => {
  it('switches a module and saves the tree with the CSRF token, then shows it saved', async () => {
    const calls = serve();
    setCsrfToken('csrf-9');
    const user = userEvent.setup();
    renderAsOperator(<SettingsPage />, operator(['settings.write']), '/settings');
    const modules = await screen.findByRole('region', { name: 'sections.settings.parts.modules' }, { timeout: 5000 });
    const save = within(modules).getByRole('button', { name: 'settings.save' });
    expect(save).toBeDisabled();
    await user.click(within(modules).getByRole('switch', { name: /VIP/ }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(puts(calls, 'modules')).toHaveLength(1), { timeout: 5000 });
    const put = puts(calls, 'modules')[0];
    expect(put.headers['X-CSRF-Token']).toBe('csrf-9');
    expect(put.body).toEqual({ switches: [{ modId: 'PROMOTION', enabled: true }, { modId: 'VIP3', enabled: false }] });
    expect(await within(modules).findByText('settings.saved', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(modules).getByRole('switch', { name: /VIP/ })).not.toBeChecked();
  }, 20000);

  it('shows the refusal with the field the server names, and marks the input', async () => {
    serve((c) =>
      c.method === 'PUT' && c.path.endsWith('/customer-service')
        ? { status: 422, code: 'settings.invalid', message: 'A setting is not valid', value: { field: 'channels.0.path', reason: 'https only' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAsOperator(<SettingsPage />, operator(['settings.write']), '/settings');
    const cs = await screen.findByRole('region', { name: 'sections.settings.parts.customerService' }, { timeout: 5000 });
    const address = within(cs).getByRole('textbox', { name: 'settings.customerService.addressOf' });
    await user.clear(address);
    await user.type(address, 'javascript:alert(1)');
    await user.click(within(cs).getByRole('button', { name: 'settings.save' }));
    const alert = await within(cs).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('A setting is not valid');
    expect(alert).toHaveTextContent('channels.0.path');
    expect(alert).toHaveTextContent('https only');
    expect(address).toHaveAttribute('aria-invalid', 'true');
    // The other panels are untouched by one panel's failure.
    expect(within(panel('sections.settings.parts.modules')).queryByRole('alert')).toBeNull();
  }, 20000);

  it('adds and removes channels, and sends mirrors one per line', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<SettingsPage />, operator(['settings.write']), '/settings');
    const domains = await screen.findByRole('region', { name: 'sections.settings.parts.domains' }, { timeout: 5000 });
    const mirrors = within(domains).getByRole('textbox', { name: 'settings.domains.mirrors' });
    await user.clear(mirrors);
    await user.type(mirrors, ' a.portal.test {enter}{enter}b.portal.test');
    await user.click(within(domains).getByRole('button', { name: 'settings.save' }));
    await waitFor(() => expect(puts(calls, 'domains')).toHaveLength(1));
    expect(puts(calls, 'domains')[0].body).toEqual({ main: 'localhost', mirrors: ['a.portal.test', 'b.portal.test'] });

    const cs = panel('sections.settings.parts.customerService');
    await user.click(within(cs).getByRole('button', { name: 'settings.customerService.add' }));
    expect(within(cs).getAllByRole('textbox', { name: 'settings.customerService.nameOf' })).toHaveLength(2);
    await user.click(within(cs).getAllByRole('button', { name: 'settings.customerService.remove' })[0]);
    expect(within(cs).getAllByRole('textbox', { name: 'settings.customerService.nameOf' })).toHaveLength(1);
  }, 20000);

  it('schedules maintenance with a window in the operator time zone and a text per language', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<SettingsPage />, operator(['settings.write']), '/settings');
    const m = await screen.findByRole('region', { name: 'sections.settings.parts.maintenance' }, { timeout: 5000 });
    expect(within(m).getByRole('status')).toHaveTextContent('settings.maintenance.inactiveNow');
    await user.click(within(m).getByRole('checkbox', { name: 'settings.maintenance.scheduled' }));
    fireEvent.change(within(m).getByLabelText('settings.maintenance.start'), { target: { value: '2026-12-01T03:00' } });
    fireEvent.change(within(m).getByLabelText('settings.maintenance.end'), { target: { value: '2026-12-01T04:30' } });
    await user.selectOptions(within(m).getByRole('combobox', { name: 'settings.maintenance.language' }), 'KM');
    await user.type(within(m).getByRole('textbox', { name: 'settings.maintenance.title' }), 'ការថែទាំ');
    await user.click(within(m).getByRole('button', { name: 'settings.save' }));
    await waitFor(() => expect(puts(calls, 'maintenance')).toHaveLength(1));
    expect(puts(calls, 'maintenance')[0].body).toEqual({
      on: false,
      window: { start: new Date('2026-12-01T03:00').toISOString(), end: new Date('2026-12-01T04:30').toISOString() },
      texts: { EN: { title: 'Maintenance', info: 'Back soon' }, KM: { title: 'ការថែទាំ', info: '' } },
    });
  }, 20000);

  it('shows the load failure with a retry', async () => {
    serve((c) => (c.method === 'GET' ? { status: 400, code: 'settings.merchant_required', message: 'Name the merchant', value: null } : undefined));
    renderAsOperator(<SettingsPage />, operator(['settings.write'], { merchant: '' }), '/settings');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Name the merchant');
    expect(screen.getByRole('button', { name: 'common.retry' })).toBeInTheDocument();
  }, 20000);
});

describe('maintenance times', () => {
  it('round-trips an instant through the datetime-local form', () => {
    const iso = '2026-12-01T03:00:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput('nonsense')).toBe('');
  });
});
