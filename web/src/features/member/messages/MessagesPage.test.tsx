import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBroadcastPush, applyMessagePush, type InboxMessage, type MessageKind } from '../../../data/messages';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { MemberPage } from '../MemberPage';

// The count must reach the accessible name, so this file's t() puts the
// interpolated values after the key ("messages.unreadCount 2").
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const permission = { referral: false, merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;

const message = (id: number, title: string, readAt: string | null, body = `Body of ${title}`, kind: MessageKind = 'direct'): InboxMessage => ({
  id,
  kind,
  title,
  body,
  sender: 'Support desk',
  createdAt: `2026-11-2${id}T10:00:00Z`,
  readAt,
});

let trial = false;
let inbox: InboxMessage[] = [];
let calls: { method: string; path: string; query: URLSearchParams }[] = [];

const unreadOf = () => inbox.filter((m) => !m.readAt).length;

// The page is its own chunk: load it once, so no test waits on the import.
beforeAll(() => import('./MessagesPage'));

// A first render (the page's imports) may take seconds on a busy machine.
const slow = { timeout: 5000 };

beforeEach(() => {
  trial = false;
  inbox = [];
  calls = [];
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    calls.push({ method: init.method ?? 'GET', path: u.pathname, query: u.searchParams });
    let value: unknown = null;
    const read = u.pathname.match(/^\/wps\/member\/messages\/(\d+)\/read$/);
    const one = u.pathname.match(/^\/wps\/member\/messages\/(\d+)$/);
    const kind = u.searchParams.get('kind') ?? 'direct';
    if (u.pathname === '/wps/member/info') value = { id: 7, account: 'player01', nickname: '', type: trial ? 4 : 0, isAgent: false, isTrial: trial, hasVip: false, passwordChangeRequired: false, mobileNum: '', email: '' };
    else if (u.pathname === '/wps/v2/wallets/balance') value = { balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2 };
    else if (u.pathname === '/wps/member/messages/unread') value = { unread: unreadOf() };
    else if (u.pathname === '/wps/member/messages') value = { content: inbox, pageNum: 1, pageSize: 20, totalPages: inbox.length ? 1 : 0, total: inbox.length, unread: unreadOf() };
    else if (read) {
      const m = inbox.find((x) => x.id === Number(read[1]) && x.kind === kind);
      if (!m) return Promise.resolve({ status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'Not found', value: null }) });
      m.readAt = '2026-11-25T01:00:00Z';
      value = { unread: unreadOf() };
    } else if (one && init.method === 'DELETE') {
      const at = inbox.findIndex((x) => x.id === Number(one[1]) && x.kind === kind);
      if (at < 0) return Promise.resolve({ status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'Not found', value: null }) });
      inbox.splice(at, 1);
      value = { unread: unreadOf() };
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
        <MemoryRouter initialEntries={['/member?page=messageV2']}>
          <MemberPage />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
  return client;
}

// opener is the button that opens a message (its delete button names the
// title too).
const opener = (name: RegExp) => screen.getAllByRole('button', { name }).find((b) => b.classList.contains('message-open'))!;
const findOpener = async (name: RegExp) => {
  await screen.findAllByRole('button', { name }, slow);
  return opener(name);
};

const navLink = () => screen.getByRole('link', { name: /^member\.page\.messageV2/ });

describe('messages page (messageV2)', { timeout: 20_000 }, () => {
  it('lists the messages in the order the server gives (newest first), the unread ones labelled in words', async () => {
    inbox = [message(3, 'Weekend bonus', null), message(2, 'Maintenance tonight', '2026-11-24T08:00:00Z'), message(1, 'Welcome', null)];
    show();
    const list = (await screen.findByText('Weekend bonus', {}, slow)).closest('ul')!;
    const buttons = within(list).getAllByRole('button').filter((b) => b.classList.contains('message-open'));
    expect(buttons.map((b) => b.textContent)).toEqual([expect.stringContaining('Weekend bonus'), expect.stringContaining('Maintenance tonight'), expect.stringContaining('Welcome')]);
    expect(buttons[0]).toHaveAccessibleName(expect.stringContaining('messages.unread'));
    expect(buttons[1]).not.toHaveAccessibleName(expect.stringContaining('messages.unread'));
    expect(buttons[2]).toHaveAccessibleName(expect.stringContaining('messages.unread'));
    expect(buttons[0]).toHaveAccessibleName(expect.stringContaining('messages.from Support desk'));
    // One page, 20 to a page, asked of the server.
    const list1 = calls.find((c) => c.path === '/wps/member/messages')!;
    expect(list1.query.get('pageNum')).toBe('1');
    expect(list1.query.get('pageSize')).toBe('20');
    expect(screen.queryByRole('navigation', { name: 'common.pages' })).toBeNull();
    // The menu entry carries the count, in its accessible name too.
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 2'), slow);
    expect(within(navLink()).getByText('2')).toBeInTheDocument();
  });

  it('says honestly that there are no messages, with no badge', async () => {
    show();
    expect(await screen.findByText('messages.empty', {}, slow)).toBeInTheDocument();
    expect(navLink()).toHaveAccessibleName('member.page.messageV2');
    expect(navLink().querySelector('.count-badge')).toBeNull();
  });

  it('opens a message, marks it read and lowers the badge; a read one is not marked again', async () => {
    inbox = [message(2, 'Weekend bonus', null, 'Line one\nLine two'), message(1, 'Welcome', '2026-11-20T08:00:00Z')];
    show();
    await screen.findByText('Weekend bonus', {}, slow);
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 1'), slow);
    fireEvent.click(opener(/Weekend bonus/));
    const dialog = await screen.findByRole('dialog', { name: 'Weekend bonus' });
    expect(dialog.querySelector('.message-body')!.textContent).toBe('Line one\nLine two');
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/wps/member/messages/2/read']);
    // The title bar's × and the button under the text both close it.
    expect(within(dialog).getAllByRole('button', { name: 'common.close' })).toHaveLength(2);
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'common.close' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list shows it read now.
    expect(opener(/Weekend bonus/)).not.toHaveAccessibleName(expect.stringContaining('messages.unread'));
    fireEvent.click(opener(/Welcome/));
    await screen.findByRole('dialog', { name: 'Welcome' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('shows a body with markup as text, never as HTML', async () => {
    const hostile = 'Hello\n<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold</b>';
    inbox = [message(1, '<i>title</i>', null, hostile)];
    show();
    fireEvent.click(await findOpener(/<i>title<\/i>/));
    const dialog = await screen.findByRole('dialog', { name: '<i>title</i>' });
    const body = dialog.querySelector('.message-body')!;
    expect(body.textContent).toBe(hostile);
    expect(dialog.querySelector('script, img, b, i')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('raises the badge and shows the new message when the socket says one arrived', async () => {
    inbox = [message(1, 'Welcome', '2026-11-20T08:00:00Z')];
    const client = show();
    await screen.findByText('Welcome', {}, slow);
    expect(navLink()).toHaveAccessibleName('member.page.messageV2');
    inbox = [message(2, 'Fresh news', null), ...inbox];
    act(() => applyMessagePush(client, 'T', { type: 'message', unread: 1 }));
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 1'));
    expect(await findOpener(/Fresh news/)).toHaveAccessibleName(expect.stringContaining('messages.unread'));
  });

  it('lists both kinds, tells same ids apart, and reads a broadcast as a broadcast', async () => {
    inbox = [message(4, 'For every member', null, 'Hello all', 'broadcast'), message(4, 'Just for you', null)];
    show();
    await screen.findByText('For every member', {}, slow);
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 2'), slow);
    expect(screen.getByText('For every member').closest('li')).toHaveAttribute('data-kind', 'broadcast');
    fireEvent.click(opener(/For every member/));
    await screen.findByRole('dialog', { name: 'For every member' });
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 1'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/wps/member/messages/4/read');
    expect(post.query.get('kind')).toBe('broadcast');
    // The direct message with the same id is still unread.
    expect(opener(/Just for you/)).toHaveAccessibleName(expect.stringContaining('messages.unread'));
  });

  it('deletes a message after a confirmation, and the list and badge follow; cancelling deletes nothing', async () => {
    inbox = [message(2, 'Weekend bonus', null, 'b', 'broadcast'), message(1, 'Welcome', null)];
    show();
    await screen.findByText('Weekend bonus', {}, slow);
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 2'), slow);
    // Cancel first: nothing is asked of the server.
    fireEvent.click(screen.getByRole('button', { name: 'messages.deleteLabel Welcome' }));
    let confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('messages.confirmDelete Welcome');
    fireEvent.click(within(confirm).getByRole('button', { name: 'common.cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    // Then delete the broadcast.
    fireEvent.click(screen.getByRole('button', { name: 'messages.deleteLabel Weekend bonus' }));
    confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'common.confirm' }));
    await waitFor(() => expect(screen.queryByText('Weekend bonus')).toBeNull());
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 1'));
    const gone = calls.filter((c) => c.method === 'DELETE');
    expect(gone.map((c) => `${c.path}?kind=${c.query.get('kind')}`)).toEqual(['/wps/member/messages/2?kind=broadcast']);
    expect(screen.getByText('Welcome')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says why when a delete is refused', async () => {
    inbox = [message(1, 'Welcome', null)];
    show();
    await screen.findByText('Welcome', {}, slow);
    inbox = [];
    fireEvent.click(screen.getByRole('button', { name: 'messages.deleteLabel Welcome' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'common.confirm' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('asks for the count and the list again when a broadcast push arrives', async () => {
    inbox = [message(1, 'Welcome', '2026-11-20T08:00:00Z')];
    const client = show();
    await screen.findByText('Welcome', {}, slow);
    expect(navLink()).toHaveAccessibleName('member.page.messageV2');
    inbox = [message(1, 'To everyone', null, 'b', 'broadcast'), ...inbox];
    act(() => applyBroadcastPush(client, 'T'));
    await waitFor(() => expect(navLink()).toHaveAccessibleName('member.page.messageV2 messages.unreadCount 1'));
    expect(await findOpener(/To everyone/)).toHaveAccessibleName(expect.stringContaining('messages.unread'));
  });

  it('asks nothing about messages for a trial user', async () => {
    trial = true;
    inbox = [message(1, 'Welcome', null)];
    show();
    expect(await screen.findByText('errors.realAccount', {}, slow)).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(calls.filter((c) => c.path.startsWith('/wps/member/messages'))).toEqual([]);
    expect(navLink().querySelector('.count-badge')).toBeNull();
  });
});
