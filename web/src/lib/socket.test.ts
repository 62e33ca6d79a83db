import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectSocket, parseMessage, socketURL } from './socket';

// FakeSocket stands in for the browser's WebSocket.
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  // Test helpers: what the server or the network does.
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  push(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1];

function start(random = () => 1) {
  const onBalance = vi.fn();
  const handle = connectSocket({ url: 'ws://site/wps/ws', token: 'tok', merchant: 'demo', onBalance, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random });
  return { onBalance, handle };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('socket backoff', () => {
  it('starts at 1 s, doubles, and stops at 30 s', () => {
    const full = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, full))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('jitters between half and all of each step', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0)).toBe(4000);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    expect(backoffDelay(9, () => 0)).toBe(15000);
  });

  it('uses wss under https', () => {
    expect(socketURL({ protocol: 'https:', host: 'a.example' })).toBe('wss://a.example/wps/ws');
    expect(socketURL({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/wps/ws');
  });
});

describe('socket connection', () => {
  it('authenticates after open and hands balance pushes over', () => {
    const { onBalance } = start();
    const ws = last();
    expect(ws.url).toBe('ws://site/wps/ws');
    ws.open();
    expect(JSON.parse(ws.sent[0])).toEqual({ type: 'auth', token: 'tok', merchant: 'demo' });
    ws.push({ type: 'balance', balance: 123400, currency: 'USD' });
    expect(onBalance).toHaveBeenCalledWith({ type: 'balance', balance: 123400, currency: 'USD' });
  });

  it('ignores junk and other message types', () => {
    const { onBalance } = start();
    last().open();
    last().push('not json');
    last().push({ type: 'notice', text: 'hi' });
    last().push({ type: 'balance', balance: 'lots' });
    expect(onBalance).not.toHaveBeenCalled();
    expect(parseMessage(42)).toBeNull();
  });

  it('reconnects with growing waits, and starts over after a good message', () => {
    start();
    last().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // Opened but refused (no balance): the next wait doubles.
    last().open();
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().drop();
    vi.advanceTimersByTime(4000);
    expect(FakeSocket.all).toHaveLength(4);
    // A balance proves the link: the next drop waits 1 s again.
    last().open();
    last().push({ type: 'balance', balance: 1, currency: 'USD' });
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(5);
  });

  it('closes on logout and never reconnects', () => {
    const { handle, onBalance } = start();
    const ws = last();
    ws.open();
    handle.close();
    expect(ws.closedWith).toBe(1000);
    ws.push({ type: 'balance', balance: 1, currency: 'USD' });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(onBalance).not.toHaveBeenCalled();
  });

  it('cancels a pending reconnect on close', () => {
    const { handle } = start();
    last().drop();
    handle.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('status pushes', () => {
  function startVisitor() {
    const onStatus = vi.fn();
    const onBalance = vi.fn();
    connectSocket({ url: 'ws://site/wps/ws', token: '', merchant: 'demo', onStatus, onBalance, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 1 });
    return { onStatus, onBalance };
  }

  it("a visitor's page authenticates without a token and hears status changes", () => {
    const { onStatus, onBalance } = startVisitor();
    last().open();
    expect(JSON.parse(last().sent[0])).toEqual({ type: 'auth', token: '', merchant: 'demo' });
    expect(onStatus).not.toHaveBeenCalled();
    last().push({ type: 'status' });
    expect(onStatus).toHaveBeenCalledTimes(1);
    expect(onBalance).not.toHaveBeenCalled();
    expect(parseMessage(JSON.stringify({ type: 'status' }))).toEqual({ type: 'status' });
  });

  it('asks for the status again after a reconnect, in case a change went by', () => {
    const { onStatus } = startVisitor();
    last().open();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(onStatus).toHaveBeenCalledTimes(1);
  });

  it('a quiet link that stays open counts as working', () => {
    startVisitor();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    last().drop();
    vi.advanceTimersByTime(2000); // second failure: 2 s
    expect(FakeSocket.all).toHaveLength(3);
    last().open();
    vi.advanceTimersByTime(10_000);
    last().drop();
    vi.advanceTimersByTime(1000); // back to 1 s
    expect(FakeSocket.all).toHaveLength(4);
  });
});

// A freeze or a forced log-out in the back office ends the member's
// session on the server and pushes "logout": the page ends it too.
describe('logout pushes', () => {
  it('calls onLogout, and nothing else, for a logout push', () => {
    const onLogout = vi.fn();
    const onStatus = vi.fn();
    const onBalance = vi.fn();
    connectSocket({ url: 'ws://site/wps/ws', token: 'tok', merchant: 'demo', onLogout, onStatus, onBalance, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 1 });
    last().open();
    last().push({ type: 'logout' });
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onStatus).not.toHaveBeenCalled();
    expect(onBalance).not.toHaveBeenCalled();
    expect(parseMessage(JSON.stringify({ type: 'logout' }))).toEqual({ type: 'logout' });
  });
});

// A message from the merchant raises the member's unread count at once
// (public state unreadMessage) without the header polling.
describe('message pushes', () => {
  function startMember() {
    const onMessage = vi.fn();
    const onStatus = vi.fn();
    const onReopen = vi.fn();
    connectSocket({ url: 'ws://site/wps/ws', token: 'tok', merchant: 'demo', onMessage, onStatus, onReopen, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 1 });
    return { onMessage, onStatus, onReopen };
  }

  it('hands the unread count over, and nothing else', () => {
    const { onMessage, onStatus } = startMember();
    last().open();
    last().push({ type: 'message', unread: 3 });
    expect(onMessage).toHaveBeenCalledWith({ type: 'message', unread: 3 });
    expect(onStatus).not.toHaveBeenCalled();
  });

  it('reads a count the server left out as zero and refuses a malformed one', () => {
    expect(parseMessage(JSON.stringify({ type: 'message' }))).toEqual({ type: 'message', unread: 0 });
    expect(parseMessage(JSON.stringify({ type: 'message', unread: -1 }))).toBeNull();
    expect(parseMessage(JSON.stringify({ type: 'message', unread: 1.5 }))).toBeNull();
    expect(parseMessage(JSON.stringify({ type: 'message', unread: '2' }))).toBeNull();
  });

  it('says when the link is back, so what went by is asked for again', () => {
    const { onReopen } = startMember();
    last().open();
    expect(onReopen).not.toHaveBeenCalled();
    last().drop();
    vi.advanceTimersByTime(1000);
    last().open();
    expect(onReopen).toHaveBeenCalledTimes(1);
  });
});

// A message to many members (decision 0033) names no count: the page asks.
describe('broadcast pushes', () => {
  it('calls onBroadcast, and nothing else, for a broadcast push', () => {
    const onBroadcast = vi.fn();
    const onMessage = vi.fn();
    const onStatus = vi.fn();
    connectSocket({ url: 'ws://site/wps/ws', token: 'tok', merchant: 'demo', onBroadcast, onMessage, onStatus, WebSocketImpl: FakeSocket as unknown as typeof WebSocket, random: () => 1 });
    last().open();
    last().push({ type: 'broadcast', unread: 'ignored' });
    expect(onBroadcast).toHaveBeenCalledTimes(1);
    expect(onMessage).not.toHaveBeenCalled();
    expect(onStatus).not.toHaveBeenCalled();
    expect(parseMessage(JSON.stringify({ type: 'broadcast' }))).toEqual({ type: 'broadcast' });
  });
});
