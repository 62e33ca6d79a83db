// The member's live channel (spec §2 "socket event listener", logged in
// only): one websocket to /wps/ws while a session exists. The server pushes
// the balance whenever it changes, so the header never polls.

export type BalanceMessage = { type: 'balance'; balance: number; currency: string };

export type SocketOptions = {
  url: string;
  token: string;
  merchant: string;
  onBalance: (m: BalanceMessage) => void;
  // Seams for tests; the browser's own otherwise.
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
};

export type SocketHandle = { close: () => void };

export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;

// backoffDelay is the wait before reconnect attempt n (0-based): 1 s
// doubling to 30 s, with "equal jitter" (between half and all of the step)
// so a server restart is not answered by every tab at the same instant.
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (random() * step) / 2);
}

// socketURL is /wps/ws on the page's own origin, wss under https.
export function socketURL(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/wps/ws`;
}

// parseMessage accepts only well-formed balance pushes; anything else
// (other message types the server may add later, junk) is ignored.
export function parseMessage(data: unknown): BalanceMessage | null {
  if (typeof data !== 'string') return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  if (o.type !== 'balance' || typeof o.balance !== 'number' || !Number.isFinite(o.balance)) return null;
  return { type: 'balance', balance: o.balance, currency: typeof o.currency === 'string' ? o.currency : '' };
}

// connectSocket opens the channel, authenticates, and keeps it open until
// close() is called, reconnecting with backoff whenever it drops.
export function connectSocket(opts: SocketOptions): SocketHandle {
  const WS = opts.WebSocketImpl ?? WebSocket;
  const random = opts.random ?? Math.random;
  let ws: WebSocket | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  function open() {
    timer = undefined;
    if (closed) return;
    let sock: WebSocket;
    try {
      sock = new WS(opts.url);
    } catch {
      schedule();
      return;
    }
    ws = sock;
    sock.onopen = () => sock.send(JSON.stringify({ type: 'auth', token: opts.token, merchant: opts.merchant }));
    sock.onmessage = (e: MessageEvent) => {
      const m = parseMessage(e.data);
      if (!m) return;
      // The server answers a good auth with the balance: only then is the
      // link known to work, so only then does the backoff start over (an
      // open-then-refuse loop keeps backing off).
      attempt = 0;
      opts.onBalance(m);
    };
    sock.onclose = () => {
      if (ws === sock) ws = null;
      schedule();
    };
    // An error is always followed by close, which reconnects.
    sock.onerror = () => undefined;
  }

  function schedule() {
    if (closed || timer !== undefined) return;
    timer = setTimeout(open, backoffDelay(attempt, random));
    attempt++;
  }

  open();

  return {
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const sock = ws;
      ws = null;
      if (sock) {
        sock.onclose = null;
        sock.onmessage = null;
        sock.onopen = null;
        if (sock.readyState === WS.CONNECTING || sock.readyState === WS.OPEN) sock.close(1000, 'logout');
      }
    },
  };
}
