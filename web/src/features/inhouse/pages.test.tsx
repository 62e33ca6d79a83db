import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import { DicePage } from './DicePage';
import { SlotPage } from './SlotPage';
import { sha256Hex } from './sha256';
import { VerifyPage } from './VerifyPage';

const permission = { merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'EN', languages: [] } } as unknown as Permission;
const limits = { minStake: 10, maxStake: 100000, stakeStep: 1 };
const seed = { serverSeedHash: 'h1', clientSeed: 'lucky', nonce: 3 };

type Call = { method: string; url: URL; headers: Record<string, string>; body: Record<string, unknown> | null };
let calls: Call[] = [];
let answers: Record<string, (c: Call) => { status?: number; body: unknown }> = {};

function ok(value: unknown) {
  return { body: { success: true, value } };
}

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal('fetch', (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    const c: Call = { method: init.method, url: new URL(url, 'http://x'), headers: init.headers, body: init.body ? JSON.parse(init.body) : null };
    calls.push(c);
    const answer = answers[`${c.method} ${c.url.pathname}`];
    if (!answer) return Promise.reject(new TypeError('no route'));
    const { status = 200, body } = answer(c);
    return Promise.resolve({ status, json: () => Promise.resolve(body) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show(ui: ReactNode, at: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

describe('dice page', () => {
  beforeEach(() => {
    answers['GET /inhouse/session'] = () => ok({ game: 'PGE_DICE', mode: 'real', balance: 100000, currency: 'USD', currencySymbol: '$', decimals: 2, limits, seed });
    answers['GET /inhouse/seed'] = () => ok({ current: seed, previous: null });
    answers['GET /inhouse/rounds'] = () => ok({ content: [], pageNum: 1, totalPages: 1 });
  });

  it('plays with the game token, not the member session, and shows the roll and the new balance', async () => {
    sessionStorage.setItem('token', 'MEMBER');
    const parent = vi.spyOn(window.parent, 'postMessage');
    answers['POST /inhouse/play'] = (c) =>
      ok({ roundId: 'R1', game: 'PGE_DICE', nonce: 3, serverSeedHash: 'h1', clientSeed: 'lucky', stake: 100, win: 198, balance: 100098, currency: 'USD', result: { roll: 2306, won: true, multiplier: 1.98, chance: 0.5, win: 198, target: c.body!.target, over: false } });
    show(<DicePage />, '/play/pge/dice?token=GT&game=PGE_DICE');
    expect(await screen.findByTestId('inhouse-balance')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('50.00%');
    expect(screen.getByTestId('dice-multiplier')).toHaveTextContent('1.9800×');
    // Changing side keeps the chance: under 50.00 becomes over 49.99 (5000 winning rolls each).
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.dice.over' }));
    expect(screen.getByTestId('dice-chance')).toHaveTextContent('50.00%');
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.dice.under' }));
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.dice.roll' }));
    await waitFor(() => expect(screen.getByTestId('round-result')).toHaveAttribute('data-won', 'true'));
    expect(screen.getByTestId('round-result')).toHaveTextContent('23.06');
    expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('$1,000.98');
    const play = calls.find((c) => c.method === 'POST')!;
    expect(play.headers['X-Game-Token']).toBe('GT');
    expect(play.headers.Authorization).toBeUndefined();
    expect(play.body).toMatchObject({ game: 'PGE_DICE', stake: 100, target: 5000, over: false });
    expect(play.body!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    // In the test the page is its own parent, so nothing is posted; in the
    // popup's frame the parent hears about the new balance.
    expect(parent).not.toHaveBeenCalled();
  });

  it("shows the server's own message when a round is refused, and sends a fresh request id next time", async () => {
    let n = 0;
    answers['POST /inhouse/play'] = () => (n++ === 0 ? { status: 400, body: { success: false, code: 'inhouse.insufficient_funds', message: 'Insufficient balance', value: null } } : ok({ roundId: 'R2', game: 'PGE_DICE', nonce: 3, serverSeedHash: 'h1', clientSeed: 'lucky', stake: 100, win: 0, balance: 99900, currency: 'USD', result: { roll: 9000, won: false, multiplier: 1.98, chance: 0.5, win: 0, target: 5000, over: false } }));
    show(<DicePage />, '/play/pge/dice?token=GT');
    fireEvent.click(await screen.findByRole('button', { name: 'inhouse.dice.roll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.dice.roll' }));
    await waitFor(() => expect(screen.getByTestId('round-result')).toHaveAttribute('data-won', 'false'));
    const ids = calls.filter((c) => c.method === 'POST').map((c) => c.body!.requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('plays a demo without a token on local credits', async () => {
    answers['GET /inhouse/session'] = (c) => {
      expect(c.url.searchParams.get('demo')).toBe('1');
      return ok({ game: 'PGE_DICE', mode: 'demo', balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2, limits, seed: null });
    };
    answers['POST /inhouse/play'] = () =>
      ok({ roundId: 'D1', game: 'PGE_DICE', nonce: 0, serverSeedHash: 'hd', serverSeed: 'sd', clientSeed: 'c', stake: 100, win: 0, balance: 0, currency: 'USD', result: { roll: 9000, won: false, multiplier: 1.98, chance: 0.5, win: 0, target: 5000, over: false } });
    show(<DicePage />, '/play/pge/dice?demo=1&game=PGE_DICE');
    expect(await screen.findByTestId('inhouse-balance')).toHaveTextContent('$2,000.00');
    expect(screen.getByText('inhouse.demoBadge')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.dice.roll' }));
    await waitFor(() => expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('$1,999.00'));
    const play = calls.find((c) => c.method === 'POST')!;
    expect(play.body).toMatchObject({ demo: true });
    expect(play.headers['X-Game-Token']).toBeUndefined();
    // The demo's round shows its revealed seed.
    expect(await within(screen.getByTestId('demo-rounds')).findByText('sd')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/inhouse/seed' || c.url.pathname === '/inhouse/rounds')).toBe(false);
  });

  it('says to open the game from the lobby without a token or demo', async () => {
    show(<DicePage />, '/play/pge/dice');
    expect(await screen.findByText('inhouse.noSession')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('verify page', () => {
  const serverSeed = '3f1c2a9e8b7d6c5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877';
  const hash = '6cc5c2188cfe01c5dea143bcbfd447bbcd1653ce3582986a4d8db5d2054ade7e';

  it('checks a linked round at once: the browser hash matches the server and the commitment', async () => {
    answers['POST /inhouse/verify'] = (c) => ok({ serverSeedHash: hash, result: { roll: 2306, won: true, multiplier: 1.98, chance: 0.5, win: 990, target: c.body!.target, over: c.body!.over } });
    show(<VerifyPage />, `/play/pge/verify?game=PGE_DICE&serverSeed=${serverSeed}&clientSeed=lucky-player&nonce=42&stake=500&target=5000&over=0&hash=${hash}`);
    expect(await screen.findByTestId('hash-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('commit-check')).toHaveAttribute('data-ok', 'true');
    expect(screen.getByTestId('browser-hash')).toHaveTextContent(hash);
    expect(screen.getByTestId('verify-result')).toHaveTextContent('23.06');
    const body = calls.find((c) => c.url.pathname === '/inhouse/verify')!.body;
    expect(body).toEqual({ game: 'PGE_DICE', serverSeed, clientSeed: 'lucky-player', nonce: 42, stake: 500, target: 5000, over: false });
  });

  it('says so when the server hash does not match the seed', async () => {
    answers['POST /inhouse/verify'] = () => ok({ serverSeedHash: 'f'.repeat(64), result: { crashPoint: 142, cashOut: 200, won: false, win: 0 } });
    show(<VerifyPage />, `/play/pge/verify?game=PGE_CRASH&serverSeed=${serverSeed}&clientSeed=lucky-player&nonce=43&stake=100&cashOut=200`);
    expect(await screen.findByTestId('hash-check')).toHaveAttribute('data-ok', 'false');
    expect(screen.getByTestId('browser-hash')).toHaveTextContent(await sha256Hex(serverSeed));
    expect(screen.queryByTestId('commit-check')).toBeNull();
  });

  it('opens a round linked by id from the betting record, with the member session', async () => {
    answers['GET /inhouse/round'] = () =>
      ok({ roundId: 'IH-7', game: 'PGE_DICE', nonce: 42, serverSeedHash: hash, serverSeed, clientSeed: 'lucky-player', stake: 500, win: 990, status: 'settled', params: { target: 5000 }, createdAt: 1 });
    answers['POST /inhouse/verify'] = (c) => ok({ serverSeedHash: hash, result: { roll: 2306, won: true, multiplier: 1.98, chance: 0.5, win: 990, target: c.body!.target, over: c.body!.over } });
    sessionStorage.setItem('token', 'member-token');
    show(<VerifyPage />, '/play/pge/verify?round=IH-7');
    expect(await screen.findByTestId('commit-check')).toHaveAttribute('data-ok', 'true');
    const read = calls.find((c) => c.url.pathname === '/inhouse/round')!;
    expect(read.url.searchParams.get('roundId')).toBe('IH-7');
    expect(read.headers['X-Game-Token']).toBeUndefined();
    const body = calls.find((c) => c.url.pathname === '/inhouse/verify')!.body;
    expect(body).toMatchObject({ game: 'PGE_DICE', serverSeed, nonce: 42, stake: 500, target: 5000 });
  });

  it('says the seed is still secret for a linked round not yet revealed', async () => {
    answers['GET /inhouse/round'] = () =>
      ok({ roundId: 'IH-8', game: 'PGE_SLOT', nonce: 3, serverSeedHash: hash, serverSeed: '', clientSeed: 'c', stake: 100, win: 0, status: 'settled', params: {}, createdAt: 1 });
    show(<VerifyPage />, '/play/pge/verify?round=IH-8');
    expect(await screen.findByText('inhouse.fair.sealedHelp')).toBeInTheDocument();
    expect(screen.getByText(hash)).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/inhouse/verify')).toHaveLength(0);
  });

  it('asks for what is missing instead of calling the server', async () => {
    show(<VerifyPage />, '/play/pge/verify');
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.verify.submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('inhouse.verify.incomplete');
    expect(calls.filter((c) => c.url.pathname === '/inhouse/verify')).toHaveLength(0);
  });
});

describe('slot page', () => {
  const grid = [
    ['CHERRY', 'GRAPE', 'MELON'],
    ['LEMON', 'GRAPE', 'LEMON'],
    ['WILD', 'SCATTER', 'SEVEN'],
    ['CHERRY', 'ORANGE', 'BELL'],
    ['SCATTER', 'SCATTER', 'LEMON'],
  ];
  const spin = (win: number, multiplier: number, freeSpinsAwarded = 0) => ({ grid, lines: win ? [{ line: 1, symbol: 'GRAPE', count: 3, win }] : [], scatters: 0, scatterWin: 0, multiplier, win, freeSpinsAwarded });

  beforeEach(() => {
    answers['GET /inhouse/session'] = () => ok({ game: 'PGE_SLOT', mode: 'trial', balance: 10000, currency: 'USD', currencySymbol: '$', decimals: 2, limits: { minStake: 20, maxStake: 50000, stakeStep: 20 }, seed });
    answers['GET /inhouse/seed'] = () => ok({ current: seed, previous: null });
    answers['GET /inhouse/rounds'] = () => ok({ content: [], pageNum: 1, totalPages: 1 });
    answers['GET /inhouse/paytable'] = () => ok({ slot: { rtp: 0.96, lines: Array.from({ length: 20 }, () => [1, 1, 1, 1, 1]), symbols: [], wild: 'WILD', scatter: 'SCATTER', scatterPays: { '3': 2 }, freeSpins: { award: 10, multiplier: 3, max: 100 } } });
  });

  it('keeps the stake on the step, plays the free spins back and adds the win to the balance at the end', async () => {
    const free = Array.from({ length: 10 }, (_, i) => spin(i === 1 ? 150 : 0, 3));
    answers['POST /inhouse/play'] = () =>
      ok({ roundId: 'S1', game: 'PGE_SLOT', nonce: 3, serverSeedHash: 'h1', clientSeed: 'lucky', stake: 120, win: 350, balance: 10230, currency: 'USD', result: { base: { ...spin(0, 1, 10), scatters: 3, scatterWin: 200, win: 200 }, freeSpins: free, win: 350 } });
    show(<SlotPage />, '/play/pge/slot?token=GT');
    expect(await screen.findByText('wallet.playMoney')).toBeInTheDocument();
    const stake = await screen.findByLabelText('inhouse.stake');
    fireEvent.change(stake, { target: { value: '1.3' } });
    fireEvent.blur(stake);
    // 1.30 is not a multiple of the 0.20 step: it becomes 1.20.
    expect(stake).toHaveValue('1.20');
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.slot.spin' }));
    // While the round plays back, its win is not in the balance yet.
    expect(await screen.findByText('inhouse.slot.baseSpin')).toBeInTheDocument();
    expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('$98.80');
    expect(screen.getByRole('button', { name: 'inhouse.slot.spin' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.skip' }));
    expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('$102.30');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ game: 'PGE_SLOT', stake: 120 });
    // The finished round can be looked through spin by spin.
    expect(screen.getByText('inhouse.slot.freeSpin')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.slot.previous' }));
    expect(screen.getByText('inhouse.slot.freeSpin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'inhouse.slot.spin' })).toBeEnabled();
  });

  it('re-sends the same round after a lost answer', { timeout: 20_000 }, async () => {
    let n = 0;
    answers['POST /inhouse/play'] = () => {
      n++;
      if (n <= 3) return { status: 502, body: 'not json' };
      return ok({ roundId: 'S2', game: 'PGE_SLOT', nonce: 3, serverSeedHash: 'h1', clientSeed: 'lucky', stake: 100, win: 0, balance: 9900, currency: 'USD', result: { base: spin(0, 1), freeSpins: [], win: 0 } });
    };
    show(<SlotPage />, '/play/pge/slot?token=GT');
    fireEvent.click(await screen.findByRole('button', { name: 'inhouse.slot.spin' }));
    expect(await screen.findByText('inhouse.unresolved', {}, { timeout: 4000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'inhouse.retry' }));
    await waitFor(() => expect(screen.getByTestId('inhouse-balance')).toHaveTextContent('$99.00'));
    const ids = calls.filter((c) => c.method === 'POST').map((c) => c.body!.requestId);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(1);
  });
});
