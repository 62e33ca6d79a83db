import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Lane } from '../../data/types';
import { CategoryBlocks } from './CategoryBlocks';

const card = (vassalage: string, gameType: string) => ({ vassalage, displayName: `${vassalage} lane`, logoUrl: `/icons/vendors/${vassalage}.svg`, isGame: 'VASSALAGE', maintenance: false, accountTypeName: vassalage, gameType });
const lanes: Lane[] = [
  { gameType: 'RNG', title: 'Slots', cards: [card('PG', 'RNG')], gameClassify: [] },
  { gameType: 'SPORTS', title: 'Sports', cards: [card('SABA', 'SPORTS'), card('CMD', 'SPORTS')], gameClassify: [] },
];
const sportsBook = (i: number) => ({
  gameCode: `BOOK_${i}`, vassalage: i === 0 ? 'SABA' : `BOOK${i}`, gameType: 'SPORTS', isGame: 'VASSALAGE', nodeId: String(i), gameName: `Book ${i}`, displayName: `Book ${i}`,
  iconUrl: '', lagerIcon: '', isHot: 0, supportPlay: 1, gameClassify: 'LOBBY', isNew: 0, maintenance: false,
});

let calls: string[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', (url: string) => {
    calls.push(url);
    const sports = url.includes('gameType=SPORTS');
    const value = url.startsWith('/wps/game/hot') ? { list: [] } : { games: sports ? Array.from({ length: 20 }, (_, i) => sportsBook(i)) : [], total: 20, totalPages: 1, pageNo: 1, pageSize: 80 };
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('home category blocks', () => {
  it('ask for 12 games a category and 80 for sports, showing at most 12 (B-045, B-047)', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <CategoryBlocks lanes={lanes} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: /Book \d+|SABA lane/ })).toHaveLength(12));
    const list = (type: string) => calls.filter((u) => u.startsWith('/wps/game/list?') && u.includes(`gameType=${type}&`));
    expect(list('SPORTS')).toHaveLength(1);
    expect(list('SPORTS')[0]).toContain('pageSize=80');
    expect(list('RNG')[0]).toContain('pageSize=12');
    // A book the vendor lane knows keeps the lane's name and logo.
    expect(screen.getByRole('button', { name: /SABA lane/ })).toBeInTheDocument();
  });
});
