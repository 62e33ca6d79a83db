import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popups } from '../../lib/popups';
import { GameLobby } from './GameLobby';

const game = (n: number) => ({
  gameCode: `PG_${n}`, vassalage: 'PG', gameType: 'RNG', isGame: 'GAME', nodeId: n, gameName: `Game ${n}`, displayName: `Game ${n}`,
  iconUrl: '', lagerIcon: '', isHot: 0, supportPlay: 1, gameClassify: 'VIDEO', isNew: 0, maintenance: false,
});
const lanes = { data: { lanes: [{ gameType: 'RNG', title: 'Slots', gameClassify: [], cards: [{ vassalage: 'PG', displayName: 'PG Soft', logoUrl: '', isGame: 'GAME', maintenance: false, accountTypeName: 'PG', gameType: 'RNG' }] }] }, prizeMode: 'LOTT' };

let calls: { method: string; url: string; body?: string }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', (url: string, init: { method: string; body?: string }) => {
    calls.push({ method: init.method, url, body: init.body });
    let value: unknown = null;
    if (url.startsWith('/wps/game/vendor')) value = lanes;
    else if (url.startsWith('/wps/game/list')) value = { games: [game(1), game(2)], total: 2, totalPages: 1, pageNo: 1, pageSize: 18 };
    else if (url.startsWith('/wps/game/favorite/ids')) value = [2];
    else if (url.startsWith('/wps/game/favorite') && init.method === 'GET') value = { content: [game(2)], pageNum: 1, totalPages: 3, totalElements: 37 };
    else if (url.startsWith('/wps/game/recent')) value = { list: [game(1)], totalPages: 1 };
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

describe('lobby favourites and recent', () => {
  it('marks favourites by id as text and toggles one with a POST', async () => {
    sessionStorage.setItem('token', 'T');
    renderLobby();
    await screen.findByText('Game 1');
    const hearts = await screen.findAllByRole('button', { name: 'favourites.toggle' });
    await waitFor(() => expect(hearts[1]).toHaveAttribute('aria-pressed', 'true'));
    expect(hearts[0]).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(hearts[0]);
    await waitFor(() => expect(hearts[0]).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.startsWith('/wps/game/favorite'))).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({ nodeId: '1', vendor: 'PG', gameType: 'RNG' });
  });

  it('asks a visitor to log in from the heart', async () => {
    renderLobby();
    await screen.findByText('Game 1');
    fireEvent.click(screen.getAllByRole('button', { name: 'favourites.toggle' })[0]);
    expect(popups.get().map((p) => p.id)).toEqual(['login']);
    expect(calls.some((c) => c.url.includes('/favorite'))).toBe(false);
  });

  it('shows the Fav tab 18 to a page with numbered paging, and the Recent tab', async () => {
    sessionStorage.setItem('token', 'T');
    renderLobby();
    await screen.findByText('Game 1');
    fireEvent.click(screen.getByRole('tab', { name: 'lobby.tab.FAV' }));
    expect(await screen.findByText('Game 2')).toBeInTheDocument();
    expect(screen.queryByText('Game 1')).toBeNull();
    const fav = calls.find((c) => c.method === 'GET' && c.url.startsWith('/wps/game/favorite?'))!;
    expect(fav.url).toContain('pageSize=18');
    expect(fav.url).toContain('gameType=RNG');
    expect(fav.url).toContain('clientType=3');
    expect(screen.getByRole('navigation', { name: 'common.pages' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/wps/game/favorite?') && c.url.includes('pageNo=2'))).toBe(true));
    fireEvent.click(screen.getByRole('tab', { name: 'lobby.tab.RECENT' }));
    expect(await screen.findByText('Game 1')).toBeInTheDocument();
    const recent = calls.find((c) => c.url.startsWith('/wps/game/recent?'))!;
    expect(recent.url).toContain('page=1');
    expect(recent.url).toContain('pageSize=18');
  });
});
