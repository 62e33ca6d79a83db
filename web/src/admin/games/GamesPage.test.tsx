import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call } from '../testing/harness';
import { GamesPage } from './GamesPage';
import type { AdminGame, AdminVendor } from './gamesApi';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const game = (n: number, extra: Partial<AdminGame> = {}): AdminGame => ({
  code: `PP_${n}`,
  vendor: 'PP',
  gameType: 'RNG',
  name: `Game ${n}`,
  enabled: true,
  maintenance: false,
  vendorEnabled: true,
  vendorMaintenance: false,
  hot: false,
  new: false,
  sort: n,
  popularity: 100 - n,
  custom: false,
  ...extra,
});

const vendor = (code: string, extra: Partial<AdminVendor> = {}): AdminVendor => ({
  code,
  name: `${code} Gaming`,
  gameType: 'RNG',
  enabled: true,
  maintenance: false,
  sort: 1,
  games: 800,
  offered: true,
  winLimit: { multiple: 100000, max: 1000000, default: true },
  ...extra,
});

// serve answers the games API from a small state that changes apply to,
// so a refreshed list shows them.
function serve() {
  const games = new Map([1, 2, 3].map((n) => [`PP_${n}`, game(n)]));
  const vendors = new Map(['PP', 'PG'].map((c) => [c, vendor(c)]));
  return fakeServer((c) => {
    const path = c.url.pathname;
    if (c.method === 'GET' && path === '/admin/api/games') {
      return { value: { content: [...games.values()], pageNum: Number(c.url.searchParams.get('pageNum')), pageSize: Number(c.url.searchParams.get('pageSize')), totalPages: 4, total: 160 } };
    }
    if (c.method === 'GET' && path === '/admin/api/vendors') return { value: [...vendors.values()] };
    let m = /^\/admin\/api\/games\/(\w+)$/.exec(path);
    if (c.method === 'PUT' && m) {
      const g = games.get(m[1]);
      if (!g) return { status: 404, code: 'resource.not_found' };
      const next = { ...g, ...(c.body as Partial<AdminGame>), custom: true };
      games.set(g.code, next);
      return { value: next };
    }
    if (c.method === 'POST' && path === '/admin/api/games/bulk') {
      const { codes, ...change } = c.body as { codes: string[] } & Partial<AdminGame>;
      for (const code of codes) games.set(code, { ...games.get(code)!, ...change });
      return { value: { changed: codes.length } };
    }
    m = /^\/admin\/api\/vendors\/(\w+)(\/secret)?$/.exec(path);
    if (m && c.method === 'POST' && m[2]) return { value: { vendor: m[1], secret: 'f00dfeed'.repeat(8), previousValidUntil: '2026-11-26T01:00:00Z' } };
    if (m && c.method === 'PUT') {
      const v = { ...vendors.get(m[1])!, ...(c.body as Partial<AdminVendor>) };
      vendors.set(m[1], v);
      return { value: v };
    }
    return { status: 404, code: 'resource.not_found' };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/games');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const changes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

describe('GamesPage', () => {
  it('pages, sorts and filters on the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<GamesPage />, operator(['games.write']), '/games');
    expect(await screen.findByText('Game 1')).toBeInTheDocument();
    expect(lastList(calls)).toMatchObject({ pageNum: '1', pageSize: '50', sort: 'sort', order: 'asc' });

    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ pageNum: '2' }));
    // A new order starts again at the first page; a second click reverses it.
    const nameHeader = screen.getAllByRole('columnheader').find((h) => h.textContent?.includes('games.fields.name'))!;
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'name', order: 'asc', pageNum: '1' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ sort: 'name', order: 'desc' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'games.state.label' }), 'maintenance');
    await user.selectOptions(screen.getByRole('combobox', { name: 'games.fields.hot' }), 'true');
    await user.type(screen.getByRole('searchbox', { name: 'games.search' }), 'fort{Enter}');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ state: 'maintenance', hot: 'true', q: 'fort', pageNum: '1' }));
    expect(lastList(calls).vendor).toBeUndefined();
    // The export carries the same filters and order, without a page.
    const csv = new URL(screen.getByRole('link', { name: 'games.exportCsv' }).getAttribute('href')!, 'http://portal.test');
    expect(csv.pathname).toBe('/admin/api/games.csv');
    expect(Object.fromEntries(csv.searchParams)).toMatchObject({ state: 'maintenance', hot: 'true', q: 'fort', sort: 'name', order: 'desc' });
    expect(csv.searchParams.has('pageNum')).toBe(false);
  }, 20_000);

  it('flips a switch in place with the CSRF token, and shows the saved state', async () => {
    const calls = serve();
    setCsrfToken('csrf-1');
    const user = userEvent.setup();
    renderAsOperator(<GamesPage />, operator(['games.write']), '/games');
    const enabled = await screen.findByTestId('enabled-PP_2');
    expect(enabled).toHaveAttribute('role', 'switch');
    expect(enabled).toHaveAttribute('aria-checked', 'true');
    // The keyboard flips it like a click.
    enabled.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    const put = changes(calls)[0];
    expect(put.method).toBe('PUT');
    expect(put.url.pathname).toBe('/admin/api/games/PP_2');
    expect(put.body).toEqual({ enabled: false });
    expect(put.headers['X-CSRF-Token']).toBe('csrf-1');
    await waitFor(() => expect(screen.getByTestId('enabled-PP_2')).toHaveAttribute('aria-checked', 'false'));

    await user.click(screen.getByTestId('maintenance-PP_1'));
    await waitFor(() => expect(changes(calls).at(-1)!.body).toEqual({ maintenance: true }));
    await user.click(screen.getByTestId('hot-PP_3'));
    await waitFor(() => expect(changes(calls).at(-1)!.body).toEqual({ hot: true }));
    expect(await screen.findByRole('status')).toHaveTextContent('games.saved');
  });

  it('saves a display order on Enter and refuses one out of range', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<GamesPage />, operator(['games.write']), '/games');
    const row = await screen.findByTestId('game-PP_1');
    const order = within(row).getByRole('spinbutton');
    await user.clear(order);
    await user.type(order, '-4{Enter}');
    expect(changes(calls)).toHaveLength(0);
    expect(order).toHaveValue(1); // put back
    await user.clear(order);
    await user.type(order, '75{Enter}');
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0].body).toEqual({ sort: 75 });
  });

  it('changes a selection at once', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<GamesPage />, operator(['games.write']), '/games');
    await screen.findByText('Game 1');
    const bulk = screen.getByRole('group', { name: 'games.bulk.label' });
    expect(within(bulk).getByRole('button', { name: 'games.bulk.disable' })).toBeDisabled();
    await user.click(within(screen.getByTestId('game-PP_1')).getByRole('checkbox'));
    await user.click(within(screen.getByTestId('game-PP_3')).getByRole('checkbox'));
    await user.click(within(bulk).getByRole('button', { name: 'games.bulk.disable' }));
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0].url.pathname).toBe('/admin/api/games/bulk');
    expect(changes(calls)[0].body).toEqual({ codes: ['PP_1', 'PP_3'], enabled: false });
    await waitFor(() => expect(screen.getByTestId('enabled-PP_3')).toHaveAttribute('aria-checked', 'false'));
    expect(screen.getByTestId('enabled-PP_2')).toHaveAttribute('aria-checked', 'true');
    // The whole page at once.
    await user.click(screen.getByRole('checkbox', { name: 'games.selectPage' }));
    await user.click(within(bulk).getByRole('button', { name: 'games.bulk.hotOn' }));
    await waitFor(() => expect(changes(calls)).toHaveLength(2));
    expect(changes(calls)[1].body).toEqual({ codes: ['PP_1', 'PP_2', 'PP_3'], hot: true });
  });

  it('switches vendors; a merchant operator neither rotates secrets nor moves ceilings', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<GamesPage />, operator(['games.write']), '/games');
    const tab = await screen.findByRole('tab', { name: 'sections.games.parts.games' });
    tab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'sections.games.parts.vendors' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByTestId('vendor-PG');
    expect(screen.queryByRole('button', { name: 'games.vendors.rotate' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'games.vendors.editCeiling' })).not.toBeInTheDocument();
    await user.click(screen.getByTestId('vendor-maintenance-PG'));
    await waitFor(() => expect(changes(calls)).toHaveLength(1));
    expect(changes(calls)[0]).toMatchObject({ method: 'PUT', body: { maintenance: true } });
    expect(changes(calls)[0].url.pathname).toBe('/admin/api/vendors/PG');
    await waitFor(() => expect(screen.getByTestId('vendor-maintenance-PG')).toHaveAttribute('aria-checked', 'true'));
  });

  it('rotates a secret after confirming, shows it once with a copy button', async () => {
    const calls = serve();
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAsOperator(<GamesPage />, operator(['games.write'], { merchant: '' }), '/games?tab=vendors');
    const row = await screen.findByTestId('vendor-PP');
    await user.click(within(row).getByRole('button', { name: 'games.vendors.rotate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'games.rotate.title' });
    expect(changes(calls)).toHaveLength(0); // nothing before the confirmation
    await user.click(within(dialog).getByRole('button', { name: 'games.rotate.confirm' }));
    const secret = await within(dialog).findByTestId('new-secret');
    expect(secret).toHaveTextContent('f00dfeed'.repeat(8));
    expect(changes(calls)).toHaveLength(1);
    expect(changes(calls)[0].url.pathname).toBe('/admin/api/vendors/PP/secret');
    await user.click(within(dialog).getByRole('button', { name: 'games.rotate.copy' }));
    expect(writeText).toHaveBeenCalledWith('f00dfeed'.repeat(8));
    expect(within(dialog).getByRole('button', { name: 'games.rotate.copied' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'games.rotate.close' }));
    expect(screen.queryByText('f00dfeed'.repeat(8))).not.toBeInTheDocument();
  });
});
