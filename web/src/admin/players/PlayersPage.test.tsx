import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import type { PlayerDetail, PlayerRow } from '../lib/types';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { PlayersPage } from './PlayersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const player = (id: number, extra: Partial<PlayerRow> = {}): PlayerRow => ({
  id,
  username: `player${id}`,
  type: 1,
  status: 'active',
  mobile: `855120000${id}`,
  email: `p${id}@example.com`,
  realName: `Real ${id}`,
  currency: 'USD',
  balance: '1234.5',
  createdAt: '2026-11-01T10:00:00Z',
  lastLoginAt: id === 2 ? null : '2026-11-24T10:00:00Z',
  ...extra,
});

const detailOf = (p: PlayerRow): PlayerDetail => ({
  player: p,
  sessions: [{ createdAt: '2026-11-24T10:00:00Z', lastSeenAt: '2026-11-24T10:05:00Z', ip: '203.0.113.7' }],
  addresses: [{ ip: '198.51.100.4', firstSeen: '2026-11-01T10:00:00Z', lastSeen: '2026-11-24T10:00:00Z' }],
  notes: [{ id: 1, operator: 'demo-owner', text: 'Asked for a <b>limit</b>', createdAt: '2026-11-24T10:00:00Z' }],
  tags: ['vip'],
  totp: true,
  unreadMessages: 1,
});

// serve answers the players API; a freeze turns the player frozen, so a
// refreshed profile shows it.
function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  const state = new Map<number, PlayerRow>([1, 2].map((id) => [id, player(id)]));
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const path = c.url.pathname;
    if (c.method === 'GET' && path === '/admin/api/players') {
      return { value: { content: [...state.values()], pageNum: Number(c.url.searchParams.get('pageNum')), pageSize: Number(c.url.searchParams.get('pageSize')), totalPages: 3, total: 45 } };
    }
    const m = /^\/admin\/api\/players\/(\d+)(?:\/(\w+))?$/.exec(path);
    if (m) {
      const p = state.get(Number(m[1]));
      if (!p) return { status: 404, code: 'resource.not_found', message: 'No such player' };
      if (c.method === 'GET' && !m[2]) return { value: detailOf(p) };
      if (c.method === 'POST' && m[2] === 'freeze') state.set(p.id, { ...p, status: 'frozen' });
      if (c.method === 'POST' && m[2] === 'unfreeze') state.set(p.id, { ...p, status: 'active' });
      if (c.method === 'POST') return { value: m[2] === 'logout' ? { sessions: 1 } : state.get(p.id) };
    }
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/players');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const details = (calls: Call[], id: number) => calls.filter((c) => c.method === 'GET' && c.url.pathname === `/admin/api/players/${id}`);
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const row = (id: number) => screen.getByTestId(`player-${id}`);

describe('PlayersPage', () => {
  it('lists players with status, balance and currency, and pages on the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players');
    expect(await screen.findByText('player1')).toBeInTheDocument();
    expect(lastList(calls)).toMatchObject({ pageNum: '1', pageSize: '20' });
    expect(lastList(calls).q).toBeUndefined();
    expect(within(row(1)).getByText('players.statuses.active')).toBeInTheDocument();
    expect(within(row(1)).getByText('1,234.50 USD')).toBeInTheDocument();
    expect(within(row(1)).getByText('p1@example.com')).toBeInTheDocument();
    expect(within(row(2)).getByText('players.never')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ pageNum: '2', pageSize: '20' }));
    await user.selectOptions(screen.getByLabelText('pager.size'), '50');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ pageNum: '1', pageSize: '50' }));
  });

  it('searches a moment after typing, and at once on Enter, from the first page', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players?page=2');
    await screen.findByText('player1');
    expect(lastList(calls)).toMatchObject({ pageNum: '2' });

    const box = screen.getByRole('searchbox', { name: 'players.search.label' });
    expect(box).toHaveAccessibleDescription('players.search.hint');
    await user.type(box, 'ali');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ q: 'ali', pageNum: '1', pageSize: '20' }));
    // The debounce sent one search for the three keystrokes.
    expect(lists(calls).filter((c) => c.url.searchParams.get('q')?.startsWith('a')).length).toBe(1);

    await user.clear(box);
    await user.type(box, '203.0.113.7{Enter}');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ q: '203.0.113.7', pageNum: '1' }));
    // Enter did not wait for the debounce: no search for a part of the address.
    expect(lists(calls).some((c) => c.url.searchParams.get('q') === '203.0.113')).toBe(false);
  });

  it('opens a row into the profile, with sessions and addresses, and closes it', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players');
    await screen.findByText('player1');

    await user.click(within(row(1)).getByText('p1@example.com'));
    const panel = await screen.findByRole('region', { name: 'players.detail.title' });
    await waitFor(() => expect(details(calls, 1)).toHaveLength(1));
    expect(await within(panel).findByText('Real 1')).toBeInTheDocument();
    expect(panel).toHaveFocus();
    expect(within(panel).getByTestId('player-balance')).toHaveTextContent('1,234.50 USD');
    expect(within(within(panel).getByTestId('player-sessions')).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(within(panel).getByTestId('player-addresses')).getByText('198.51.100.4')).toBeInTheDocument();
    // The row's username is its keyboard way in, marked as the open one.
    expect(within(row(1)).getByRole('link', { name: 'player1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(panel).getByRole('link', { name: 'players.detail.close' }));
    expect(screen.queryByRole('region', { name: 'players.detail.title' })).toBeNull();
  });

  it('opens a linked profile by its address', async () => {
    const calls = serve();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players/2');
    expect(await within(await screen.findByRole('region', { name: 'players.detail.title' })).findByText('Real 2')).toBeInTheDocument();
    expect(details(calls, 2)).toHaveLength(1);
  });

  it('shows a server error for a missing player', async () => {
    serve();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players/99');
    const panel = await screen.findByRole('region', { name: 'sections.players.parts.profile' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('No such player');
  });

  it('shows a failed search inline', async () => {
    serve((c) => (c.url.pathname === '/admin/api/players' ? { status: 500, code: 'system.error', message: 'The server failed' } : undefined));
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players');
    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed');
  });

  it('shows a read-only operator no action', async () => {
    serve();
    renderAsOperator(<PlayersPage />, operator(['players.read']), '/players/1');
    await within(await screen.findByRole('region', { name: 'players.detail.title' })).findByText('Real 1');
    expect(screen.queryByRole('button', { name: 'players.actions.freeze' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'players.actions.unfreeze' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'players.actions.logout' })).toBeNull();
  });

  it('freezes with a reason and the CSRF header, after restating the effect, and refreshes', async () => {
    setCsrfToken('csrf-7');
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.read', 'players.write']), '/players/1');
    await within(await screen.findByRole('region', { name: 'players.detail.title' })).findByText('Real 1');
    expect(screen.getByTestId('player-status')).toHaveTextContent('players.statuses.active');
    const before = details(calls, 1).length;

    await user.click(screen.getByRole('button', { name: 'players.actions.freeze' }));
    const confirm = screen.getByRole('region', { name: 'players.actions.title.freeze' });
    expect(confirm).toHaveTextContent('players.actions.effect.freeze');
    // No reason, no call.
    await user.click(within(confirm).getByRole('button', { name: 'players.actions.confirm.freeze' }));
    expect(within(confirm).getByRole('alert')).toHaveTextContent('players.actions.reasonRequired');
    expect(posts(calls)).toHaveLength(0);

    await user.type(within(confirm).getByRole('textbox', { name: 'players.actions.reason' }), ' chargeback ');
    await user.click(within(confirm).getByRole('button', { name: 'players.actions.confirm.freeze' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    const post = posts(calls)[0];
    expect(post.url.pathname).toBe('/admin/api/players/1/freeze');
    expect(post.body).toEqual({ reason: 'chargeback' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-7');

    expect(await screen.findByText('players.actions.done.freeze')).toBeInTheDocument();
    await waitFor(() => expect(details(calls, 1).length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('player-status')).toHaveTextContent('players.statuses.frozen'));
    // A frozen player offers unfreezing instead.
    expect(screen.getByRole('button', { name: 'players.actions.unfreeze' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'players.actions.freeze' })).toBeNull();
  });

  it('forces a log-out without a body, with the CSRF header', async () => {
    setCsrfToken('csrf-8');
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.write']), '/players/2');
    await within(await screen.findByRole('region', { name: 'players.detail.title' })).findByText('Real 2');
    await user.click(screen.getByRole('button', { name: 'players.actions.logout' }));
    const confirm = screen.getByRole('region', { name: 'players.actions.title.logout' });
    expect(within(confirm).queryByRole('textbox')).toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'players.actions.confirm.logout' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/players/2/logout');
    expect(posts(calls)[0].body).toBeUndefined();
    expect(posts(calls)[0].headers['X-CSRF-Token']).toBe('csrf-8');
    expect(await screen.findByText('players.actions.done.logout')).toBeInTheDocument();
  });

  it('shows a refused action inline and keeps the panel open', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { status: 403, code: 'auth.forbidden', message: 'Not allowed' } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<PlayersPage />, operator(['players.read', 'players.write']), '/players/1');
    await within(await screen.findByRole('region', { name: 'players.detail.title' })).findByText('Real 1');
    const before = details(calls, 1).length;
    await user.click(screen.getByRole('button', { name: 'players.actions.freeze' }));
    const confirm = screen.getByRole('region', { name: 'players.actions.title.freeze' });
    await user.type(within(confirm).getByLabelText('players.actions.reason'), 'fraud');
    await user.click(within(confirm).getByRole('button', { name: 'players.actions.confirm.freeze' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('Not allowed');
    await waitFor(() => expect(details(calls, 1).length).toBeGreaterThan(before));
    expect(screen.getByRole('region', { name: 'players.actions.title.freeze' })).toBeInTheDocument();
  });
});
