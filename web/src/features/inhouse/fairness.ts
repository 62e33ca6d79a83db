import type { GameCode, Round } from './api';

// validClientSeed is the server's rule: 1 to 64 printable ASCII
// characters (space to ~), no ':' (it separates the HMAC message's parts).
export function validClientSeed(s: string): boolean {
  return /^[\x20-\x39\x3b-\x7e]{1,64}$/.test(s);
}

export const VERIFY_PATH = '/play/pge/verify';

/** The navigation state of the betting record's links to the verify page,
 * so its back button names where it returns to. */
export const FROM_RECORDS = { from: 'records' } as const;

/** The verify page for one of the member's rounds, named by id. */
export const roundVerifyHref = (roundId: string) => `${VERIFY_PATH}?round=${encodeURIComponent(roundId)}`;

// What the verify page needs to replay a round, as its query names it.
export type VerifyParams = {
  game: GameCode;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  stake: number;
  target?: number;
  over?: boolean;
  cashOut?: number;
  // hash is the commitment shown before the round, checked too.
  hash?: string;
};

// verifyHref is the verify page prefilled with one round.
export function verifyHref(p: VerifyParams): string {
  const q = new URLSearchParams({ game: p.game, serverSeed: p.serverSeed, clientSeed: p.clientSeed, nonce: String(p.nonce), stake: String(p.stake) });
  if (p.target !== undefined) q.set('target', String(p.target));
  if (p.over !== undefined) q.set('over', p.over ? '1' : '0');
  if (p.cashOut !== undefined) q.set('cashOut', String(p.cashOut));
  if (p.hash) q.set('hash', p.hash);
  return `${VERIFY_PATH}?${q.toString()}`;
}

// roundVerifyParams turns a listed round into the verify page's query;
// null while its server seed is still secret.
export function roundVerifyParams(r: Round): VerifyParams | null {
  if (!r.serverSeed) return null;
  return { game: r.game, serverSeed: r.serverSeed, clientSeed: r.clientSeed, nonce: r.nonce, stake: r.stake, ...r.params, hash: r.serverSeedHash };
}

// readVerifyParams reads the verify page's query back, leniently: what is
// missing or malformed is left for the player to fill in.
export function readVerifyParams(q: URLSearchParams): Partial<VerifyParams> {
  const int = (k: string) => {
    const v = q.get(k);
    return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
  };
  const game = q.get('game');
  const over = q.get('over');
  return {
    game: game === 'PGE_SLOT' || game === 'PGE_DICE' || game === 'PGE_CRASH' ? game : undefined,
    serverSeed: q.get('serverSeed') ?? undefined,
    clientSeed: q.get('clientSeed') ?? undefined,
    nonce: int('nonce'),
    stake: int('stake'),
    target: int('target'),
    over: over === null ? undefined : over === '1' || over === 'true',
    cashOut: int('cashOut'),
    hash: q.get('hash') ?? undefined,
  };
}
