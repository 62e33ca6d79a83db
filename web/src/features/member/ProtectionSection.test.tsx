import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealityCheck } from '../../app/RealityCheck';
import { ProtectionSection, type Limit, type Protection } from './ProtectionSection';

// t() puts the interpolated values after the key, so a test sees both the
// key a string comes from and what was put into it.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
const kinds = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth', 'sessionMinutes', 'realityMinutes'] as const;
let state: Protection;
let calls: Call[];

function fresh(): Protection {
  return {
    limits: kinds.map((kind): Limit => ({ kind, value: null, pending: null, pendingAt: null })),
    exclusion: null,
    usage: { depositDay: 2000, depositWeek: 2000, depositMonth: 2000, lossDay: 0, lossWeek: 0, lossMonth: 0, minutesToday: 12 },
    currency: 'USD',
    decimals: 2,
    raiseDelayHours: 24,
  };
}

// The server's rule in small: lower or new at once, higher pending.
function setLimit(kind: string, value: number) {
  state = {
    ...state,
    limits: state.limits.map((l) => {
      if (l.kind !== kind) return l;
      if (value > 0 && (l.value === null || value <= l.value)) return { ...l, value, pending: null, pendingAt: null };
      return { ...l, pending: value === 0 ? null : value, pendingAt: '2026-11-26T03:00:00Z' };
    }),
  };
}

beforeEach(() => {
  state = fresh();
  calls = [];
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    const method = init.method ?? 'GET';
    calls.push({ method, path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    if (u.pathname === '/wps/protection' && method === 'PUT') {
      setLimit(String(body!.kind), Number(body!.value));
      return ok(state);
    }
    if (u.pathname === '/wps/protection/exclusion') {
      state = { ...state, exclusion: { kind: 'coolingOff', period: String(body!.period), until: '2026-12-02T03:00:00Z' } };
      return ok(state);
    }
    if (u.pathname === '/wps/protection/reality') return ok({ since: u.searchParams.get('since'), minutesPlayed: 4, net: -1250 });
    if (u.pathname === '/wps/session/logout') return ok(null);
    return ok(state);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

function row(kind: string) {
  return screen.getByLabelText(`protection.kind.${kind}`).closest('li')!;
}

describe('ProtectionSection', () => {
  it('sets a limit in major units, shows a raise as pending with its time, and removes one', async () => {
    renderWith(<ProtectionSection />);
    await screen.findByText('protection.title');
    expect(screen.getByTestId('current-depositDay')).toHaveTextContent('protection.none');
    expect(within(row('depositDay')).getByText(/protection.used 20.00 USD/)).toBeInTheDocument();
    expect(within(row('sessionMinutes')).getByText(/protection.used protection.minutes 12/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('protection.kind.depositDay'), { target: { value: '50.5' } });
    fireEvent.click(within(row('depositDay')).getByText('protection.save'));
    await waitFor(() => expect(screen.getByTestId('current-depositDay')).toHaveTextContent('50.50 USD'));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/wps/protection', body: { kind: 'depositDay', value: 5050 } });

    fireEvent.change(screen.getByLabelText('protection.kind.depositDay'), { target: { value: '80' } });
    fireEvent.click(within(row('depositDay')).getByText('protection.save'));
    const pending = await within(row('depositDay')).findByRole('status');
    expect(pending).toHaveTextContent(/protection.pending 80.00 USD/);
    expect(screen.getByTestId('current-depositDay')).toHaveTextContent('50.50 USD');

    fireEvent.click(within(row('depositDay')).getByText('protection.remove'));
    await waitFor(() => expect(within(row('depositDay')).getByRole('status')).toHaveTextContent(/protection.pendingRemoval/));
    expect(calls.at(-1)?.body).toEqual({ kind: 'depositDay', value: 0 });
  });

  it('refuses what is not an amount above zero without calling the server', async () => {
    renderWith(<ProtectionSection />);
    await screen.findByText('protection.title');
    const before = calls.length;
    for (const bad of ['0', '-5', 'abc', '1.234']) {
      fireEvent.change(screen.getByLabelText('protection.kind.lossDay'), { target: { value: bad } });
      fireEvent.click(within(row('lossDay')).getByText('protection.save'));
      expect(await within(row('lossDay')).findByRole('alert')).toHaveTextContent('protection.invalid');
    }
    fireEvent.change(screen.getByLabelText('protection.kind.sessionMinutes'), { target: { value: '1.5' } });
    fireEvent.click(within(row('sessionMinutes')).getByText('protection.save'));
    expect(await within(row('sessionMinutes')).findByRole('alert')).toHaveTextContent('protection.invalid');
    expect(calls.length).toBe(before);
  });

  it('asks before a cooling-off starts, and a cancel sends nothing', async () => {
    renderWith(<ProtectionSection />);
    await screen.findByText('protection.title');
    fireEvent.change(screen.getByLabelText('protection.coolingOff'), { target: { value: '7d' } });
    const starts = screen.getAllByText('protection.start');
    fireEvent.click(starts[0]);
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('protection.confirm protection.coolingOff protection.period.7d');
    fireEvent.click(within(dialog).getByText('common.cancel'));
    expect(calls.some((c) => c.path === '/wps/protection/exclusion')).toBe(false);

    fireEvent.click(screen.getAllByText('protection.start')[0]);
    fireEvent.click(within(await screen.findByRole('dialog', { hidden: true })).getByText('common.confirm'));
    await waitFor(() => expect(screen.getByText(/protection.activeCooling/)).toBeInTheDocument());
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/wps/protection/exclusion', body: { period: '7d' } });
  });
});

describe('RealityCheck', () => {
  it('shows the session time and net result every N minutes, and stop logs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    state.limits = state.limits.map((l) => (l.kind === 'realityMinutes' ? { ...l, value: 30 } : l));
    renderWith(<RealityCheck token="T" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29 * 60_000);
    });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    const dialog = await screen.findByRole('dialog', { hidden: true });
    expect(dialog).toHaveTextContent('protection.reality.played 30');
    await waitFor(() => expect(dialog).toHaveTextContent(/protection.reality.net .*12.50 USD/));
    expect(calls.find((c) => c.path === '/wps/protection/reality')).toBeDefined();
    fireEvent.click(within(dialog).getByText('protection.reality.stop'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/wps/session/logout')).toBe(true));
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
  });

  it('reminds nobody who did not ask', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWith(<RealityCheck token="T" />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(120 * 60_000);
    });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
    expect(calls.some((c) => c.path === '/wps/protection/reality')).toBe(false);
  });
});
