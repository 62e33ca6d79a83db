import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popups } from '../../lib/popups';
import { GameLobby } from './GameLobby';

const game = (n: number) => ({
  gameCode: `PG_${n}`, vassalage: 'PG', gameType: 'RNG', isGame: 'GAME', nodeId: String(n), gameName: `Game ${n}`, displayName: `Game ${n}`,
  iconUrl: '', lagerIcon: '', isHot: n === 1 ? 1 : 0, supportPlay: n === 2 ? 0 : 1, gameClassify: 'VIDEO', isNew: 0, maintenance: false,
});

const lanes = { data: { lanes: [{ gameType: 'RNG', title: 'Slots', gameClassify: [{ code: 'VIDEO', name: 'Video', vendors: ['PG'] }], cards: [{ vassalage: 'PG', displayName: 'PG Soft', logoUrl: '', isGame: 'GAME', maintenance: false, accountTypeName: 'PG', gameType: 'RNG' }] }] }, prizeMode: 'LOTT' };

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    const value = url.startsWith('/wps/game/vendor') ? lanes : url.includes('gameName=zzz') ? { games: [], total: 0, totalPages: 0, pageNo: 1, pageSize: 18 } : { games: [game(1), game(2)], total: 2, totalPages: 1, pageNo: 1, pageSize: 18 };
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  popups.set([]);
  sessionStorage.clear();
});

function renderLobby() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <GameLobby gameType="RNG" />
    </QueryClientProvider>,
  );
}

describe('game lobby', () => {
  it('lists games 18 to a page with hot badge, play and free-trial buttons', async () => {
    renderLobby();
    expect(await screen.findByText('Game 1')).toBeInTheDocument();
    expect(calls.some((u) => u.startsWith('/wps/game/list?') && u.includes('gameType=RNG') && u.includes('pageSize=18') && u.includes('pageNo=1'))).toBe(true);
    expect(screen.getByText('game.hot')).toBeInTheDocument();
    // Slots launch from the tile: no separate play button.
    expect(screen.queryByRole('button', { name: 'game.play' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'game.freeTrial' })).toHaveLength(1);
  });

  it('opens the login popup for Fav and Recent when logged out', async () => {
    renderLobby();
    await screen.findByText('Game 1');
    fireEvent.click(screen.getByRole('tab', { name: 'lobby.tab.FAV' }));
    expect(popups.get().map((p) => p.id)).toEqual(['login']);
    expect(screen.getByRole('tab', { name: 'lobby.tab.ALL' })).toHaveAttribute('aria-selected', 'true');
  });

  it('filters by vendor and name, and shows the no-data message', async () => {
    renderLobby();
    await screen.findByText('Game 1');
    fireEvent.click(screen.getByRole('button', { name: 'PG Soft' }));
    await waitFor(() => expect(calls.some((u) => u.includes('vassalage=PG'))).toBe(true));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await act(() => new Promise((r) => setTimeout(r, 350)));
    expect(await screen.findByText('lobby.noData')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'lobby.all' }));
    expect(screen.getByRole('button', { name: 'PG Soft' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('the New filter (X-007)', () => {
  it('asks for the category\'s new games without a login, and keeps the search box', async () => {
    renderLobby();
    await screen.findByText('Game 1');
    fireEvent.click(screen.getByRole('tab', { name: 'lobby.tab.NEW' }));
    expect(popups.get()).toEqual([]);
    expect(screen.getByRole('tab', { name: 'lobby.tab.NEW' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(calls.some((u) => u.startsWith('/wps/game/list?') && u.includes('gameFilter=NEW') && u.includes('gameType=RNG'))).toBe(true));
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['lobby.tab.ALL', 'lobby.tab.NEW', 'lobby.tab.HOT', 'lobby.tab.FAV', 'lobby.tab.RECENT']);
  });

  it('sends the spec\'s list parameters (A-039, A-042, X-004)', async () => {
    sessionStorage.setItem('merchant', 'demo');
    renderLobby();
    await screen.findByText('Game 1');
    const list = new URL(calls.find((u) => u.startsWith('/wps/game/list?'))!, 'http://x');
    expect(Object.fromEntries(list.searchParams)).toMatchObject({ clientType: '3', platform: 'html5-desktop', merchant: 'demo', imgSize: 'sx2', gameType: 'RNG' });
  });
});
