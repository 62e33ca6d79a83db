import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request, type Query } from '../../lib/api';

// The in-house games' API (provider PGE). A game page's credential is the
// game-session token of its launch address, sent as X-Game-Token, never the
// member's session; a visitor's demo has none. Amounts are integer minor
// units, multipliers and dice numbers hundredths.

export const INHOUSE_API = '/inhouse';

export const GAMES = ['PGE_SLOT', 'PGE_DICE', 'PGE_CRASH'] as const;
export type GameCode = (typeof GAMES)[number];

export type Limits = { minStake: number; maxStake: number; stakeStep: number };
export type SeedState = { serverSeedHash: string; clientSeed: string; nonce: number };
export type RevealedSeed = SeedState & { serverSeed: string };

export type Session = {
  game: GameCode;
  mode: 'real' | 'trial' | 'demo';
  balance: number;
  currency: string;
  currencySymbol: string;
  decimals: number;
  limits: Limits;
  seed: SeedState | null;
};

export type LineWin = { line: number; symbol: string; count: number; win: number };
export type Spin = {
  // grid[reel][row], row 0 at the top.
  grid: string[][];
  lines: LineWin[];
  scatters: number;
  scatterWin: number;
  multiplier: number;
  win: number;
  freeSpinsAwarded: number;
};
export type SlotResult = { base: Spin; freeSpins: Spin[]; win: number };
export type DiceResult = { roll: number; won: boolean; multiplier: number; chance: number; win: number; target: number; over: boolean };
export type CrashResult = { crashPoint: number; cashOut: number; won: boolean; win: number };
export type GameResult = SlotResult | DiceResult | CrashResult;

// Bet is what a round stakes and on what: target and over are dice's,
// cashOut crash's.
export type Bet = { game: GameCode; stake: number; target?: number; over?: boolean; cashOut?: number };
export type PlayBody = Bet & { requestId: string; demo?: boolean };

export type PlayAnswer<R = GameResult> = {
  roundId: string;
  game: GameCode;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
  // Only a demo round reveals its server seed at once.
  serverSeed?: string;
  stake: number;
  win: number;
  balance: number;
  currency: string;
  result: R;
};

export type Seeds = { current: SeedState; previous: RevealedSeed | null };

export type Round = {
  roundId: string;
  game: GameCode;
  nonce: number;
  serverSeedHash: string;
  // "" while the seed is still in use.
  serverSeed: string;
  clientSeed: string;
  stake: number;
  win: number;
  status: 'settled' | 'void' | 'pending';
  params: { target?: number; over?: boolean; cashOut?: number };
  createdAt: number;
};
export type RoundPage = { content: Round[]; pageNum: number; totalPages: number };

export type VerifyBody = Omit<Bet, 'stake'> & { stake: number; serverSeed: string; clientSeed: string; nonce: number };
export type VerifyAnswer<R = GameResult> = { serverSeedHash: string; result: R };

export type SymbolPay = { symbol: string; pays: Record<string, number> };
export type Paytable = {
  slot: {
    rtp: number;
    // lines[i][reel] is the row payline i+1 takes on that reel.
    lines: number[][];
    symbols: SymbolPay[];
    wild: string;
    scatter: string;
    scatterPays: Record<string, number>;
    freeSpins: { award: number; multiplier: number; max: number };
  };
  dice: { rtp: number; minTarget: number; maxTarget: number };
  crash: { rtp: number; minCashOut: number; maxCashOut: number };
};

// call is one in-house request: the game token when there is one, and
// never the member's session.
function call<T>(method: string, path: string, token: string | null, opts: { query?: Query; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  return request<T>(method, INHOUSE_API + path, { ...opts, headers: token ? { 'X-Game-Token': token } : undefined, memberSession: false });
}

export const fetchSession = (game: GameCode, token: string | null, demo: boolean, signal?: AbortSignal) =>
  call<Session>('GET', '/session', token, { query: { game, demo: demo && !token ? 1 : undefined }, signal });
export const postPlay = <R>(body: PlayBody, token: string | null) => call<PlayAnswer<R>>('POST', '/play', token, { body });
export const fetchSeeds = (token: string, signal?: AbortSignal) => call<Seeds>('GET', '/seed', token, { signal });
export const postSeed = (token: string, clientSeed: string) => call<Seeds>('POST', '/seed', token, { body: { clientSeed } });
export const fetchRounds = (token: string, game: GameCode, pageNum: number, pageSize: number, signal?: AbortSignal) =>
  call<RoundPage>('GET', '/rounds', token, { query: { game, pageNum, pageSize }, signal });
export const postVerify = <R>(body: VerifyBody) => call<VerifyAnswer<R>>('POST', '/verify', null, { body });
// fetchRound reads one of the member's rounds for the betting record's
// verify link: this one goes with the member's session, not a game token.
export const fetchRound = (roundId: string, signal?: AbortSignal) => request<Round>('GET', INHOUSE_API + '/round', { query: { roundId }, signal });
export const fetchPaytable = (signal?: AbortSignal) => call<Paytable>('GET', '/paytable', null, { signal });

// A refused game token must not end the member's session of the page
// around the frame (app/App.tsx reads this).
const meta = { gameSession: true };

export const seedsKey = (token: string | null) => ['inhouse', 'seed', token] as const;
export const roundsKey = (token: string | null, game: GameCode) => ['inhouse', 'rounds', token, game] as const;

export function useGameSession(game: GameCode, token: string | null, demo: boolean) {
  const lang = useTranslation().i18n.language;
  return useQuery({
    queryKey: ['inhouse', 'session', game, token, demo, lang],
    queryFn: ({ signal }) => fetchSession(game, token, demo, signal),
    enabled: !!token || demo,
    staleTime: Infinity,
    meta,
  });
}

export function useSeeds(token: string | null) {
  return useQuery({
    queryKey: seedsKey(token),
    queryFn: ({ signal }) => fetchSeeds(token!, signal),
    enabled: !!token,
    meta,
  });
}

export const ROUNDS_PAGE_SIZE = 10;

export function useRounds(token: string | null, game: GameCode, page: number) {
  return useQuery({
    queryKey: [...roundsKey(token, game), page],
    queryFn: ({ signal }) => fetchRounds(token!, game, page, ROUNDS_PAGE_SIZE, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
    meta,
  });
}

export function usePaytable() {
  return useQuery({ queryKey: ['inhouse', 'paytable'], queryFn: ({ signal }) => fetchPaytable(signal), staleTime: Infinity, meta });
}
