// A page's live channel: one websocket to /wps/ws. Every page hears when
// its merchant's status may have changed (maintenance, region rules), so
// the maintenance page shows within seconds; while a session exists it is
// also the member's channel (spec §2 "socket event listener", logged in
// only): the server pushes the balance whenever it changes, and the
// unread message count whenever a message arrives, so the header never
// polls.

export type BalanceMessage = { type: 'balance'; balance: number; currency: string };
// StatusMessage says "ask for your status again": the status depends on
// the page's own address, so the server does not say what it is.
export type StatusMessage = { type: 'status' };
// LogoutMessage: the session was ended on the server (an operator froze
// the member or logged them out), so this page ends it too, at once.
export type LogoutMessage = { type: 'logout' };
// MessageMessage: a message from the merchant arrived; unread is the
// member's unread count after it (public state unreadMessage).
export type MessageMessage = { type: 'message'; unread: number };
// DepositMessage: one of the member's deposit orders changed status; an
// open deposit page reads it again rather than waiting for its next poll.
export type DepositMessage = { type: 'deposit'; orderId: number; status: string };
// WithdrawalMessage: one of the member's withdrawals changed status
// (approved, paid, rejected, a dispute decided); an open withdraw page
// reads its list again.
export type WithdrawalMessage = { type: 'withdrawal'; orderId: number; status: string };
// BroadcastMessage: a message went to many members of the merchant; the
// member's count may have changed, so the page asks for it again.
export type BroadcastMessage = { type: 'broadcast' };
export type SocketMessage = BalanceMessage | StatusMessage | LogoutMessage | MessageMessage | DepositMessage | WithdrawalMessage | BroadcastMessage;

export type SocketOptions = {
  url: string;
  // token is the member's session; '' opens a visitor's channel, which
  // carries status messages only.
  token: string;
  merchant: string;
  onBalance?: (m: BalanceMessage) => void;
  onStatus?: () => void;
  onLogout?: () => void;
  onMessage?: (m: MessageMessage) => void;
  onDeposit?: (m: DepositMessage) => void;
  onWithdrawal?: (m: WithdrawalMessage) => void;
  onBroadcast?: () => void;
  // onReopen runs when the link is back after a drop: pushes may have gone
  // by meanwhile (a message's count; the balance comes with the auth).
  onReopen?: () => void;
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

// A link that stays open this long counts as working even if nothing was
// said on it (a visitor's channel is quiet until the status changes).
export const STABLE_MS = 10_000;

// parseMessage accepts only well-formed balance, status, logout, message,
// deposit and withdrawal pushes; anything else (other message types the server may add later,
// junk) is ignored.
export function parseMessage(data: unknown): SocketMessage | null {
  if (typeof data !== 'string') return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const o = m as Record<string, unknown>;
  if (o.type === 'status') return { type: 'status' };
  if (o.type === 'logout') return { type: 'logout' };
  if (o.type === 'broadcast') return { type: 'broadcast' };
  if (o.type === 'message') {
    // The server leaves a zero count out of the event (omitempty).
    const unread = o.unread ?? 0;
    if (typeof unread !== 'number' || !Number.isSafeInteger(unread) || unread < 0) return null;
    return { type: 'message', unread };
  }
  if (o.type === 'deposit' || o.type === 'withdrawal') {
    if (typeof o.orderId !== 'number' || !Number.isSafeInteger(o.orderId) || o.orderId <= 0) return null;
    return { type: o.type, orderId: o.orderId, status: typeof o.status === 'string' ? o.status : '' };
  }
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
  let opens = 0;

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
    let stable: ReturnType<typeof setTimeout> | undefined;
    sock.onopen = () => {
      sock.send(JSON.stringify({ type: 'auth', token: opts.token, merchant: opts.merchant }));
      stable = setTimeout(() => (attempt = 0), STABLE_MS);
      // A status change may have gone by while the link was down.
      if (opens++ > 0) {
        opts.onStatus?.();
        opts.onReopen?.();
      }
    };
    sock.onmessage = (e: MessageEvent) => {
      const m = parseMessage(e.data);
      if (!m) return;
      // The server answers a member's good auth with the balance, and a
      // link that stays open a while works too: only then does the
      // backoff start over (an open-then-refuse loop keeps backing off).
      attempt = 0;
      if (m.type === 'balance') opts.onBalance?.(m);
      else if (m.type === 'logout') opts.onLogout?.();
      else if (m.type === 'message') opts.onMessage?.(m);
      else if (m.type === 'deposit') opts.onDeposit?.(m);
      else if (m.type === 'withdrawal') opts.onWithdrawal?.(m);
      else if (m.type === 'broadcast') opts.onBroadcast?.();
      else opts.onStatus?.();
    };
    sock.onclose = () => {
      clearTimeout(stable);
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
