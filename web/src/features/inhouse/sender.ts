import { ApiError } from '../../lib/api';
import type { Bet, PlayBody } from './api';

// newRequestId names one bet for the server: a retry with the same id is
// the same bet, never a second one. crypto.randomUUID needs a secure
// context; getRandomValues does not.
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// outcomeUnknown reports whether a failed play may still have been played:
// no answer at all, or the server failing rather than refusing. Such a bet
// is sent again with its own request id, never a new one.
export function outcomeUnknown(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err.code === 'network.abnormal' || err.status === 0) return true;
  return err.status >= 500 && err.code !== 'game.maintenance';
}

// Delays of the automatic retries of one click, same request id each time.
export const RETRY_DELAYS_MS = [400, 1200];

type Send<A> = (body: PlayBody) => Promise<A>;

// RoundSender plays one round at a time. Each click gets a fresh request
// id; a round whose answer was lost is retried with the same id and body,
// automatically a couple of times and then on the player's next click,
// until the server gives a definite answer. So a retry can never charge a
// second stake.
export class RoundSender<A> {
  private pending: PlayBody | null = null;
  private inFlight = false;

  constructor(
    private readonly send: Send<A>,
    private readonly newId: () => string = newRequestId,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  // unresolved is the bet whose outcome is not known yet: the next play
  // sends it again instead of a new one.
  get unresolved(): PlayBody | null {
    return this.pending;
  }

  get busy(): boolean {
    return this.inFlight;
  }

  async play(bet: Bet & { demo?: boolean }): Promise<A> {
    if (this.inFlight) throw new Error('a round is already in flight');
    this.inFlight = true;
    const body = this.pending ?? { ...bet, requestId: this.newId() };
    this.pending = body;
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const answer = await this.send(body);
          this.pending = null;
          return answer;
        } catch (err) {
          if (!outcomeUnknown(err)) {
            this.pending = null;
            throw err;
          }
          if (attempt >= RETRY_DELAYS_MS.length) throw err;
          await this.sleep(RETRY_DELAYS_MS[attempt]);
        }
      }
    } finally {
      this.inFlight = false;
    }
  }
}
