import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { PlayBody } from './api';
import { newRequestId, outcomeUnknown, RoundSender } from './sender';

const network = () => new ApiError('network.abnormal', '', 0, null);
const refused = () => new ApiError('inhouse.insufficient_funds', 'Insufficient balance', 400, null);

function sender(results: (unknown | Error)[]) {
  const bodies: PlayBody[] = [];
  let n = 0;
  const send = vi.fn(async (body: PlayBody) => {
    bodies.push(body);
    const r = results[Math.min(n++, results.length - 1)];
    if (r instanceof Error) throw r;
    return r;
  });
  let id = 0;
  const s = new RoundSender(send, () => `id-${++id}`, () => Promise.resolve());
  return { s, bodies, send };
}

describe('round sender', () => {
  it('gives every click a fresh request id', async () => {
    const { s, bodies } = sender([{ ok: 1 }]);
    await s.play({ game: 'PGE_DICE', stake: 100, target: 5000, over: false });
    await s.play({ game: 'PGE_DICE', stake: 100, target: 5000, over: false });
    expect(bodies.map((b) => b.requestId)).toEqual(['id-1', 'id-2']);
    expect(bodies[0]).toMatchObject({ game: 'PGE_DICE', stake: 100, target: 5000, over: false });
  });

  it('retries a lost answer with the same request id', async () => {
    const { s, bodies } = sender([network(), network(), { ok: 1 }]);
    await expect(s.play({ game: 'PGE_SLOT', stake: 100 })).resolves.toEqual({ ok: 1 });
    expect(bodies.map((b) => b.requestId)).toEqual(['id-1', 'id-1', 'id-1']);
    expect(s.unresolved).toBeNull();
  });

  it('keeps an unresolved bet and re-sends it, unchanged, on the next click', async () => {
    const { s, bodies } = sender([network(), network(), network(), { ok: 1 }]);
    await expect(s.play({ game: 'PGE_SLOT', stake: 100 })).rejects.toMatchObject({ code: 'network.abnormal' });
    expect(s.unresolved).toMatchObject({ requestId: 'id-1', stake: 100 });
    // The player changed the stake, but the lost bet goes first, as it was.
    await s.play({ game: 'PGE_SLOT', stake: 500 });
    expect(bodies).toHaveLength(4);
    expect(bodies.every((b) => b.requestId === 'id-1' && b.stake === 100)).toBe(true);
    expect(s.unresolved).toBeNull();
    await s.play({ game: 'PGE_SLOT', stake: 500 }).catch(() => undefined);
    expect(bodies[4]).toMatchObject({ requestId: 'id-2', stake: 500 });
  });

  it('does not retry a refusal, and forgets the bet', async () => {
    const { s, send } = sender([refused()]);
    await expect(s.play({ game: 'PGE_SLOT', stake: 100 })).rejects.toMatchObject({ message: 'Insufficient balance' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(s.unresolved).toBeNull();
  });

  it('plays one round at a time', async () => {
    let release: (v: unknown) => void = () => undefined;
    const s = new RoundSender(() => new Promise((r) => (release = r)), () => 'x');
    const first = s.play({ game: 'PGE_SLOT', stake: 100 });
    expect(s.busy).toBe(true);
    await expect(s.play({ game: 'PGE_SLOT', stake: 100 })).rejects.toThrow(/in flight/);
    release({ ok: 1 });
    await first;
    expect(s.busy).toBe(false);
  });

  it('tells which failures leave the outcome unknown', () => {
    expect(outcomeUnknown(network())).toBe(true);
    expect(outcomeUnknown(new TypeError('x'))).toBe(true);
    expect(outcomeUnknown(new ApiError('system.error', 'x', 500, null))).toBe(true);
    expect(outcomeUnknown(new ApiError('game.maintenance', 'x', 503, null))).toBe(false);
    expect(outcomeUnknown(refused())).toBe(false);
  });

  it('makes version 4 UUIDs', () => {
    expect(newRequestId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
