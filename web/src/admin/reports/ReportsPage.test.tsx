import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Typing whole dates and codes takes a while on a loaded machine.
vi.setConfig({ testTimeout: 20_000 });
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { ReportsPage } from './ReportsPage';
import type { ActivityRow, GgrRow, ProfitLossRow } from './reportTypes';

afterEach(() => vi.unstubAllGlobals());

// The contract's sample rows: one vendor in profit, one at a house loss.
const vendors: GgrRow[] = [
  { key: 'PG', label: 'PG Soft', vendor: '', gameType: '', betCount: 1200, bets: '15000.00', wins: '14250.50', ggr: '749.50', margin: '5.00' },
  { key: 'JILI', label: 'JILI Games', vendor: '', gameType: '', betCount: 80, bets: '1000.00', wins: '1050.00', ggr: '-50.00', margin: '-5.00' },
];
const games: GgrRow[] = [{ key: 'PG_MAHJONG', label: 'Mahjong Ways', vendor: 'PG', gameType: 'SLOT', betCount: 900, bets: '9000.00', wins: '8000.00', ggr: '1000.00', margin: '11.11' }];
const players: ProfitLossRow[] = [
  { memberId: 7, username: 'player01', betCount: 30, bets: '300.00', wins: '100.00', ggr: '200.00', profit: '-200.00' },
  { memberId: 9, username: 'newbie01', betCount: 2, bets: '10.00', wins: '60.00', ggr: '-50.00', profit: '50.00' },
];
const days: ActivityRow[] = [{ day: '2026-11-24', registrations: 3, firstDeposits: 0, activePlayers: 12, betCount: 90, bets: '900.00', wins: '850.00', ggr: '50.00' }];

function page(content: unknown[], totals: unknown, c: Call) {
  const p = c.url.searchParams;
  return {
    content,
    totals,
    pageNum: Number(p.get('pageNum')),
    pageSize: Number(p.get('pageSize')),
    totalPages: 4,
    total: 70,
    currency: 'USD',
    timezone: '+07:00',
    from: p.get('from') ?? '2026-10-26',
    to: p.get('to') ?? '2026-11-24',
  };
}

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    switch (c.url.pathname) {
      case '/admin/api/reports/ggr':
        return { value: page(c.url.searchParams.get('by') === 'game' ? games : vendors, { betCount: 1280, bets: '16000.00', wins: '15300.50', ggr: '699.50', margin: '4.37' }, c) };
      case '/admin/api/reports/players':
        return { value: page(players, { betCount: 32, bets: '310.00', wins: '160.00', ggr: '150.00', profit: '-150.00' }, c) };
      case '/admin/api/reports/activity':
        return { value: page(days, { registrations: 3, firstDeposits: 0, activePlayers: 12, betCount: 90, bets: '900.00', wins: '850.00', ggr: '50.00' }, c) };
    }
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

function Address() {
  const l = useLocation();
  return <span data-testid="address">{l.search}</span>;
}

const open = (route: string, permissions = ['reports.read']) =>
  renderAsOperator(
    <>
      <ReportsPage />
      <Address />
    </>,
    operator(permissions),
    route,
  );
const reports = (calls: Call[], path: string) => calls.filter((c) => c.url.pathname === path);
const last = (calls: Call[], path = '/admin/api/reports/ggr') => Object.fromEntries(reports(calls, path).at(-1)!.url.searchParams);
const address = () => Object.fromEntries(new URLSearchParams(screen.getByTestId('address').textContent ?? ''));
const csv = () => new URL(screen.getByTestId('report-csv').getAttribute('href')!, 'http://portal.test');

describe('ReportsPage', () => {
  it('shows GGR by vendor with totals, a marked house loss and the range the server chose', async () => {
    const calls = serve();
    open('/reports?by=vendor');
    expect(await screen.findByText('PG Soft')).toBeInTheDocument();
    // No days in the address: the server's default range, sorted by GGR.
    expect(last(calls)).toEqual({ by: 'vendor', sort: 'ggr', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' });
    expect(screen.getByTestId('report-range')).toHaveTextContent('reports.range.shown');
    expect(screen.getByLabelText('reports.from')).toHaveValue('2026-10-26');
    expect(screen.getByLabelText('reports.to')).toHaveValue('2026-11-24');

    const table = screen.getByRole('table');
    const jili = within(table).getByText('JILI Games').closest('tr')!;
    const loss = within(jili).getByTitle('reports.houseLoss');
    expect(loss).toHaveTextContent('-50.00');
    expect(loss).toHaveClass('rep-loss');
    expect(within(jili).getByText('-5.00%')).toBeInTheDocument();
    const pg = within(table).getByText('PG Soft').closest('tr')!;
    expect(within(pg).getByText('749.50')).not.toHaveClass('rep-loss');
    expect(within(pg).getByText('1,200')).toBeInTheDocument();
    // Amounts are right-aligned cells; the headers name the currency.
    expect(within(pg).getByText('15,000.00').closest('td')).toHaveClass('rep-num');
    expect(within(table).getByRole('columnheader', { name: /reports.columns.ggr \(USD\)/ })).toHaveAttribute('aria-sort', 'descending');

    const totals = screen.getByTestId('report-totals');
    expect(totals).toHaveTextContent('reports.totals');
    expect(totals).toHaveTextContent('16,000.00');
    expect(totals).toHaveTextContent('699.50');
    expect(totals).toHaveTextContent('4.37%');
  });

  it('sorts and pages on the server, and keeps both in the address', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?by=vendor');
    await screen.findByText('PG Soft');

    await user.click(screen.getByRole('button', { name: /reports.columns.bets \(USD\)/ }));
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'bets', order: 'desc', pageNum: '1' }));
    expect(screen.getByRole('columnheader', { name: /reports.columns.bets/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /reports.columns.ggr/ })).toHaveAttribute('aria-sort', 'none');
    await user.click(screen.getByRole('button', { name: /reports.columns.bets \(USD\)/ }));
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'bets', order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /reports.columns.bets/ })).toHaveAttribute('aria-sort', 'ascending');
    // A name sorts from A first.
    await user.click(screen.getByRole('button', { name: /reports.ggr.key.vendor/ }));
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'key', order: 'asc' }));

    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(last(calls)).toMatchObject({ sort: 'key', order: 'asc', pageNum: '2', pageSize: '20' }));
    await user.selectOptions(screen.getByLabelText('pager.size'), '100');
    await waitFor(() => expect(last(calls)).toMatchObject({ pageNum: '1', pageSize: '100' }));
    expect(address()).toEqual({ by: 'vendor', sort: 'key', order: 'asc', size: '100' });
    // Margin is not a sort the API offers: a plain header.
    expect(screen.queryByRole('button', { name: /reports.columns.margin/ })).toBeNull();
  });

  it('applies the filters together, from page 1, and exports the same filters as CSV', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?by=game&page=3');
    await screen.findByText('Mahjong Ways');
    expect(last(calls)).toMatchObject({ by: 'game', pageNum: '3' });

    const from = screen.getByLabelText('reports.from');
    await user.clear(from);
    await user.type(from, '2026-11-01');
    const to = screen.getByLabelText('reports.to');
    await user.clear(to);
    await user.type(to, '2026-11-20');
    await user.type(screen.getByLabelText('reports.fields.vendor'), ' PG ');
    await user.type(screen.getByLabelText('reports.fields.gameType'), 'SLOT');
    await user.type(screen.getByLabelText('reports.fields.q.game'), 'PG_M');
    const before = reports(calls, '/admin/api/reports/ggr').length;
    await user.click(screen.getByRole('button', { name: 'reports.apply' }));
    await waitFor(() => expect(last(calls)).toEqual({ by: 'game', from: '2026-11-01', to: '2026-11-20', vendor: 'PG', gameType: 'SLOT', q: 'PG_M', sort: 'ggr', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' }));
    // One call for the whole form, not one per keystroke.
    expect(reports(calls, '/admin/api/reports/ggr').length).toBe(before + 1);
    expect(address()).toEqual({ by: 'game', from: '2026-11-01', to: '2026-11-20', vendor: 'PG', gameType: 'SLOT', q: 'PG_M' });

    const link = csv();
    expect(link.pathname).toBe('/admin/api/reports/ggr.csv');
    expect(Object.fromEntries(link.searchParams)).toEqual({ by: 'game', from: '2026-11-01', to: '2026-11-20', vendor: 'PG', gameType: 'SLOT', q: 'PG_M', sort: 'ggr', order: 'desc', language: 'EN' });
    expect(screen.getByTestId('report-csv')).toHaveAttribute('download');

    await user.click(screen.getByRole('button', { name: 'reports.reset' }));
    await waitFor(() => expect(address()).toEqual({ by: 'game' }));
  });

  it('exports the days the server chose when the address names none', async () => {
    serve();
    open('/reports');
    await screen.findByTestId('report-range');
    expect(Object.fromEntries(csv().searchParams)).toEqual({ by: 'day', from: '2026-10-26', to: '2026-11-24', sort: 'key', order: 'desc', language: 'EN' });
  });

  it('refuses a range that ends before it starts without asking the server', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?from=2026-11-10&to=2026-11-20');
    await screen.findByTestId('report-range');
    const before = calls.length;
    const from = screen.getByLabelText('reports.from');
    await user.clear(from);
    await user.type(from, '2026-11-25');
    await user.click(screen.getByRole('button', { name: 'reports.apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('reports.range.order');
    expect(calls.length).toBe(before);
  });

  it("shows the envelope's error", async () => {
    serve((c) => (c.url.pathname === '/admin/api/reports/ggr' ? { status: 422, code: 'admin.range_invalid', message: 'The range is longer than 366 days' } : undefined));
    open('/reports?from=2024-01-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent('The range is longer than 366 days');
  });

  it('opens the games behind a vendor', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?by=vendor&from=2026-11-01&to=2026-11-20');
    await screen.findByText('PG Soft');
    // Each vendor's name opens its games; the first row is PG's.
    await user.click(screen.getAllByRole('button', { name: 'reports.ggr.drill.vendor' })[0]);
    await waitFor(() => expect(last(calls)).toMatchObject({ by: 'game', vendor: 'PG', from: '2026-11-01', to: '2026-11-20', sort: 'ggr' }));
    expect(await screen.findByText('Mahjong Ways')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'reports.ggr.byShort.game' })).toBeChecked();
  });

  it('switches tabs with the keyboard and keeps the days', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?by=vendor&from=2026-11-01&to=2026-11-20&sort=bets');
    await screen.findByText('PG Soft');
    const ggr = screen.getByRole('tab', { name: 'sections.reports.parts.ggr' });
    expect(ggr).toHaveAttribute('aria-selected', 'true');
    ggr.focus();
    await user.keyboard('{ArrowRight}');
    const pl = screen.getByRole('tab', { name: 'sections.reports.parts.profitLoss' });
    expect(pl).toHaveFocus();
    expect(pl).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(last(calls, '/admin/api/reports/players')).toEqual({ from: '2026-11-01', to: '2026-11-20', sort: 'ggr', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' }));
    expect(address()).toEqual({ tab: 'profitLoss', from: '2026-11-01', to: '2026-11-20' });
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('sections.reports.parts.profitLoss');
  });

  it('shows player profit and loss, both signs, with links to the players', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?tab=profitLoss', ['reports.read', 'players.read']);
    const link = await screen.findByRole('link', { name: 'player01' });
    expect(link).toHaveAttribute('href', '/players/7');
    const newbie = screen.getByText('newbie01').closest('tr')!;
    expect(within(newbie).getByTitle('reports.houseLoss')).toHaveTextContent('-50.00');
    expect(within(newbie).getByText('+50.00')).toBeInTheDocument();
    expect(screen.getByTestId('report-totals')).toHaveTextContent('-150.00');

    await user.type(screen.getByLabelText('reports.fields.username'), 'play');
    await user.click(screen.getByRole('button', { name: 'reports.apply' }));
    await waitFor(() => expect(last(calls, '/admin/api/reports/players')).toMatchObject({ q: 'play', sort: 'ggr' }));
    await user.click(screen.getByRole('button', { name: 'reports.columns.username' }));
    await waitFor(() => expect(last(calls, '/admin/api/reports/players')).toMatchObject({ q: 'play', sort: 'username', order: 'asc' }));
    expect(csv().pathname).toBe('/admin/api/reports/players.csv');
    expect(csv().searchParams.get('q')).toBe('play');
    expect(csv().searchParams.get('sort')).toBe('username');
  });

  it('names players without a link for a role that cannot open them', async () => {
    serve();
    open('/reports?tab=profitLoss');
    expect(await screen.findByText('player01')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'player01' })).toBeNull();
  });

  it('shows new and active players by day, sorted by day only', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/reports?tab=players&sort=bets');
    expect(await screen.findByText('2026-11-24')).toBeInTheDocument();
    // A sort the report does not offer never reaches the server.
    expect(last(calls, '/admin/api/reports/activity')).toEqual({ sort: 'day', order: 'desc', pageNum: '1', pageSize: '20', language: 'EN' });
    expect(screen.getAllByRole('button', { name: /reports\.columns\./ }).map((b) => b.textContent)).toEqual(['reports.columns.day ↓']);
    await user.click(screen.getByRole('button', { name: /reports.columns.day/ }));
    await waitFor(() => expect(last(calls, '/admin/api/reports/activity')).toMatchObject({ sort: 'day', order: 'asc' }));
    expect(screen.queryByLabelText('reports.fields.vendor')).toBeNull();
    expect(csv().pathname).toBe('/admin/api/reports/activity.csv');
    expect(screen.getByTestId('report-totals')).toHaveTextContent('12');
  });

  it('says so when a report has no rows', async () => {
    serve((c) => (c.url.pathname === '/admin/api/reports/ggr' ? { value: page([], { betCount: 0, bets: '0.00', wins: '0.00', ggr: '0.00', margin: null }, c) } : undefined));
    open('/reports');
    expect(await screen.findByText('reports.none')).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('report-totals')).toBeNull();
  });
});
