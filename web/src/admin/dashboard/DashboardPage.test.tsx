import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { DashboardPage, refreshMs } from './DashboardPage';
import type { Dashboard, Figures } from './dashboardTypes';

// uPlot draws on a canvas jsdom does not have: a stand-in records what the
// chart was given, which is what these tests check.
const charts = vi.hoisted(() => [] as { series: { label?: string; dash?: number[] }[]; data: unknown[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    entry: { series: { label?: string; dash?: number[] }[]; data: unknown[][] };
    constructor(opts: { series: { label?: string; dash?: number[] }[] }, data: unknown[][]) {
      this.entry = { series: opts.series, data };
      charts.push(this.entry);
    }
    setData(data: unknown[][]) {
      this.entry.data = data;
    }
    setSize() {}
    destroy() {}
  },
}));

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  charts.length = 0;
});

const fig = (f: Partial<Figures>): Figures => ({ registrations: 0, firstDeposits: 0, activePlayers: 0, betCount: 0, bets: '0.00', wins: '0.00', ggr: '0.00', margin: null, ...f });

// sample is the contract's shape: the hours up to 14:00 have begun today.
// Yesterday: each hour 1 registration, 2 active, 10 bets of 100.00 with
// 90.00 won; today: each begun hour 2, 3, 12 bets of 150.00 with 140.00 won.
function sample(generatedAt = '2026-11-25T07:30:05Z'): Dashboard {
  const yHour = fig({ registrations: 1, activePlayers: 2, betCount: 10, bets: '100.00', wins: '90.00', ggr: '10.00', margin: '10.00' });
  const tHour = fig({ registrations: 2, activePlayers: 3, betCount: 12, bets: '150.00', wins: '140.00', ggr: '10.00', margin: '6.67' });
  return {
    currency: 'USD',
    timezone: '+07:00',
    generatedAt,
    today: fig({ registrations: 30, activePlayers: 45, betCount: 180, bets: '2250.00', wins: '2100.00', ggr: '150.00', margin: '6.67' }),
    yesterday: fig({ registrations: 24, activePlayers: 48, betCount: 240, bets: '2400.00', wins: '2160.00', ggr: '240.00', margin: '10.00' }),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour <= 14 ? tHour : null, yesterday: yHour })),
  };
}

function serve(answer: (c: Call, n: number) => Reply = () => ({ value: sample() })) {
  let n = 0;
  return fakeServer((c) => (c.url.pathname === '/admin/api/dashboard' ? answer(c, n++) : { status: 404, code: 'resource.not_found' }));
}

const card = (id: string) => screen.getByTestId(`card-${id}`);
const delta = (id: string) => screen.getByTestId(`delta-${id}`);
const open = () => renderAsOperator(<DashboardPage />, operator(['dashboard.read']), '/dashboard');

describe('DashboardPage', () => {
  it("shows today's figures against yesterday up to the same hour, with sign and direction", async () => {
    const calls = serve();
    open();
    expect(await screen.findByTestId('card-registrations')).toBeInTheDocument();
    expect(calls[0].url.pathname).toBe('/admin/api/dashboard');
    expect(screen.getByTestId('dash-currency')).toHaveTextContent('USD');
    expect(screen.getByTestId('dash-timezone')).toHaveTextContent('UTC+07:00');
    // 07:30:05 UTC is 14:30:05 on the reporting clock.
    expect(screen.getByTestId('dash-updated')).toHaveTextContent('14:30:05');

    expect(card('registrations')).toHaveTextContent('30');
    // Yesterday to 14:59 had 15 registrations: +15, doubled.
    expect(delta('registrations')).toHaveTextContent('+15 (+100.00%)');
    expect(delta('registrations')).toHaveTextContent('dashboard.delta.up');
    expect(delta('registrations')).toHaveClass('dash-delta-good');
    expect(card('bets')).toHaveTextContent('2,250.00 USD');
    expect(card('bets')).toHaveTextContent('dashboard.betCount');
    expect(delta('bets')).toHaveTextContent('+750.00 USD (+50.00%)');
    // More wins is bad news for the house: still an arrow up and a plus.
    expect(delta('wins')).toHaveTextContent('+750.00 USD (+55.56%)');
    expect(delta('wins')).toHaveClass('dash-delta-bad');
    // The same GGR as yesterday by this hour: no change, said in words.
    expect(delta('ggr')).toHaveTextContent('dashboard.delta.flat');
    expect(card('margin')).toHaveTextContent('6.67%');
    expect(delta('margin')).toHaveTextContent('dashboard.points');
    expect(delta('margin')).toHaveTextContent('dashboard.delta.down');
    // First deposits stay zero until the cashier: a real zero, shown.
    expect(card('firstDeposits')).toHaveTextContent('0');
    expect(card('firstDeposits')).toHaveTextContent('dashboard.basis.sameHourShort: 0');
  });

  it('compares with all of yesterday when asked', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await screen.findByTestId('card-registrations');
    await user.selectOptions(screen.getByLabelText('dashboard.basis.label'), 'day');
    expect(delta('registrations')).toHaveTextContent('+6 (+25.00%)');
    expect(delta('activePlayers')).toHaveTextContent('-3 (-6.25%)');
    expect(delta('activePlayers')).toHaveTextContent('dashboard.delta.down');
    expect(card('ggr')).toHaveTextContent('dashboard.basis.dayShort: 240.00 USD');
  });

  it('charts the hours, today solid and yesterday dashed, with a table of the same figures', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await waitFor(() => expect(charts).toHaveLength(2));
    const [money, players] = charts;
    expect(money.series.slice(1).map((s) => s.label)).toEqual(['bets', 'wins', 'ggr'].flatMap((k) => [`dashboard.chart.line.${k}.today`, `dashboard.chart.line.${k}.yesterday`]));
    expect(money.series.slice(1).map((s) => Boolean(s.dash))).toEqual([false, true, false, true, false, true]);
    expect(money.data[0]).toEqual(Array.from({ length: 24 }, (_, h) => h));
    // Bets today: 150 for the begun hours, a gap after 14:00.
    expect(money.data[1].slice(13, 17)).toEqual([150, 150, null, null]);
    expect(money.data[2][23]).toBe(100);
    expect(players.series.slice(1).map((s) => s.label)).toEqual(['dashboard.chart.line.activePlayers.today', 'dashboard.chart.line.activePlayers.yesterday', 'dashboard.chart.line.registrations.today', 'dashboard.chart.line.registrations.yesterday']);
    expect(players.data[1][0]).toBe(3);

    // The charts' text alternative: a description and a table.
    const [plot] = screen.getAllByRole('img', { name: 'dashboard.chart.money' });
    expect(plot).toHaveAccessibleDescription('dashboard.chart.moneyDescription');
    const [toggle] = screen.getAllByRole('button', { name: 'dashboard.chart.showTable' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = screen.getByRole('table', { name: 'dashboard.chart.money' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(25);
    expect(rows[15]).toHaveTextContent('14:00150.00100.00140.0090.0010.0010.00');
    expect(within(rows[16]).getAllByText('dashboard.chart.notYet')).toHaveLength(3);
  });

  it('draws the charts again in the colours of a new theme', async () => {
    serve();
    open();
    await waitFor(() => expect(charts).toHaveLength(2));
    act(() => {
      document.documentElement.dataset.theme = document.documentElement.dataset.theme === 'light' ? 'dark' : 'light';
    });
    await waitFor(() => expect(charts).toHaveLength(4));
  });

  it('refreshes every ten seconds and shows the new time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve((_c, n) => ({ value: sample(n === 0 ? '2026-11-25T07:30:05Z' : '2026-11-25T07:30:15Z') }));
    open();
    expect(await screen.findByTestId('dash-updated')).toHaveTextContent('14:30:05');
    expect(calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(refreshMs));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findByText('14:30:15')).toBeInTheDocument();
  });

  it("shows the envelope's error, and keeps the last figures when a refresh fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve((_c, n) => (n === 0 ? { value: sample() } : { status: 503, code: 'system.busy', message: 'The server is busy' }));
    open();
    await screen.findByTestId('card-registrations');
    await act(() => vi.advanceTimersByTimeAsync(refreshMs));
    expect(await screen.findByRole('alert')).toHaveTextContent('dashboard.stale');
    expect(card('registrations')).toHaveTextContent('30');
  });

  it('shows a failed first load with a way to try again', async () => {
    const calls = serve((_c, n) => (n === 0 ? { status: 403, code: 'auth.forbidden', message: 'Not allowed' } : { value: sample() }));
    const user = userEvent.setup({ delay: null });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.queryByTestId('card-registrations')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'common.retry' }));
    expect(await screen.findByTestId('card-registrations')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('says so when nothing happened, and still shows the zeros', async () => {
    const quiet: Dashboard = { ...sample(), today: fig({}), yesterday: fig({}), hours: Array.from({ length: 24 }, (_, hour) => ({ hour, today: hour <= 14 ? fig({}) : null, yesterday: fig({}) })) };
    serve(() => ({ value: quiet }));
    open();
    expect(await screen.findByText('dashboard.quiet')).toBeInTheDocument();
    expect(card('bets')).toHaveTextContent('0.00 USD');
    expect(card('margin')).toHaveTextContent('dashboard.noMargin');
    expect(delta('margin')).toHaveTextContent('dashboard.delta.none');
    expect(delta('registrations')).toHaveTextContent('dashboard.delta.flat');
  });
});
