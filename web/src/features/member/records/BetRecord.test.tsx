import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { BetRecord } from './BetRecord';

const permission = { merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;
const lanes = { data: { lanes: [{ gameType: 'RNG', title: 'Slots', gameClassify: [], cards: [{ vassalage: 'PG', displayName: 'PG Soft', logoUrl: '', isGame: 'GAME', maintenance: false, accountTypeName: 'PG', gameType: 'RNG' }] }] }, prizeMode: 'LOTT' };

const bet = (roundId: string, profit: number) => ({ roundId, gameCode: 'PG_1', gameName: 'Lucky Koi', vassalage: 'PG', vendorName: 'PG Soft', gameType: 'RNG', stake: 1000, win: 1000 + profit, profit, status: 'settled', betTime: Date.UTC(2026, 2, 9, 10), settleTime: Date.UTC(2026, 2, 9, 10, 1) });

let reports: URL[] = [];
let content: unknown[] = [];

beforeEach(() => {
  reports = [];
  content = [];
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string) => {
    let value: unknown = null;
    if (url.startsWith('/wps/game/vendor')) value = lanes;
    else if (url.startsWith('/wps/v2/wallets/balance')) value = { balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2 };
    else if (url.startsWith('/wps/report/')) {
      reports.push(new URL(url, 'http://x'));
      value = { content, pageNum: 1, totalPages: 1, totalElements: content.length, summary: { count: content.length, stake: 2000, win: 1500, profit: -500 } };
    }
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter>
          <BetRecord />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('betting record', () => {
  it('asks for the last 7 days with the time zone, 20 to a page, and says when there are no bets', async () => {
    show();
    expect(await screen.findByText('records.noBets')).toBeInTheDocument();
    const q = reports[0].searchParams;
    expect(reports[0].pathname).toBe('/wps/report/accountGameBetHistory');
    expect(q.get('pageSize')).toBe('20');
    expect(q.get('pageNo')).toBe('1');
    expect(q.get('gameType')).toBe('ALL');
    expect(q.get('tz')).toBe(String(new Date().getTimezoneOffset()));
    expect(q.get('startDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('button', { name: 'records.shortcut.last7' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refuses a range longer than 90 days without asking the server', async () => {
    show();
    await screen.findByText('records.noBets');
    fireEvent.change(screen.getByLabelText('records.from'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('records.to'), { target: { value: '2025-04-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('records.rangeTooLong');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(reports).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('records.to'), { target: { value: '2025-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports[1].searchParams.get('startDate')).toBe('2025-01-01');
    expect(reports[1].searchParams.get('endDate')).toBe('2025-03-31');
  });

  it("links only our own games' rounds to the verify page", async () => {
    content = [bet('R1', 500), { ...bet('IH-42', 0), vassalage: 'PGE', vendorName: 'Portal Games' }];
    show();
    const link = await screen.findByRole('link', { name: 'records.verify' });
    expect(link).toHaveAttribute('href', '/play/pge/verify?round=IH-42');
    expect(screen.getAllByRole('link', { name: 'records.verify' })).toHaveLength(1);
  });

  it('lists bets with signed, coloured profit and filters by type and vendor', async () => {
    content = [bet('R1', 500), bet('R2', -1000)];
    show();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('+5.00')).toHaveAttribute('data-tone', 'gain');
    expect(within(table).getByText('-10.00')).toHaveAttribute('data-tone', 'loss');
    // Totals: 2 bets, profit −5.00.
    expect(screen.getAllByText('-5.00')[0]).toHaveAttribute('data-tone', 'loss');
    fireEvent.change(screen.getByLabelText('records.gameType'), { target: { value: 'RNG' } });
    await screen.findByRole('option', { name: 'PG Soft' });
    fireEvent.change(screen.getByLabelText('records.vendor'), { target: { value: 'PG' } });
    fireEvent.click(screen.getByRole('button', { name: 'records.search' }));
    await waitFor(() => expect(reports.some((u) => u.searchParams.get('vassalage') === 'PG' && u.searchParams.get('gameType') === 'RNG')).toBe(true));
  });
});
