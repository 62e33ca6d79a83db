import { describe, expect, it } from 'vitest';
import { readVerifyParams, roundVerifyParams, validClientSeed, verifyHref } from './fairness';

describe('fairness helpers', () => {
  it.each([
    ['lucky-player', true],
    ['a b ~', true],
    ['', false],
    ['a:b', false],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['ឡាក់', false],
    ['tab\there', false],
  ])('client seed %j valid: %s', (s, want) => expect(validClientSeed(s)).toBe(want));

  it('links a revealed round to the verify page and reads it back', () => {
    const round = {
      roundId: 'R1',
      game: 'PGE_DICE' as const,
      nonce: 42,
      serverSeedHash: 'abc',
      serverSeed: 'seed',
      clientSeed: 'lucky player',
      stake: 500,
      win: 990,
      status: 'settled' as const,
      params: { target: 5000, over: false },
      createdAt: 1,
    };
    const href = verifyHref(roundVerifyParams(round)!);
    expect(href.startsWith('/play/pge/verify?')).toBe(true);
    const back = readVerifyParams(new URL(href, 'http://x').searchParams);
    expect(back).toEqual({ game: 'PGE_DICE', serverSeed: 'seed', clientSeed: 'lucky player', nonce: 42, stake: 500, target: 5000, over: false, cashOut: undefined, hash: 'abc' });
    expect(roundVerifyParams({ ...round, serverSeed: '' })).toBeNull();
  });

  it('ignores what it cannot read', () => {
    expect(readVerifyParams(new URLSearchParams('game=EVIL&nonce=x&stake=-1'))).toMatchObject({ game: undefined, nonce: undefined, stake: undefined });
  });
});
