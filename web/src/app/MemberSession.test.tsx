import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMessagePush, unreadMessageQuery, useUnreadMessages } from '../data/messages';
import { endSession, startSession } from '../lib/session';
import { MemberSession } from './MemberSession';

let trial = false;
let unread = 0;
let paths: string[] = [];

beforeEach(() => {
  trial = false;
  unread = 0;
  paths = [];
  vi.stubGlobal('fetch', (url: string) => {
    const path = new URL(url, 'http://site').pathname;
    paths.push(path);
    let value: unknown = null;
    if (path === '/wps/member/info') value = { id: 7, account: 'player01', nickname: '', type: trial ? 4 : 0, isAgent: false, isTrial: trial, hasVip: false, passwordChangeRequired: false };
    else if (path === '/wps/member/messages/unread') value = { unread };
    else if (path === '/wps/game/favorite/ids') value = [];
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

// Count stands for any reader of public state unreadMessage (the badges).
function Count() {
  return <output data-testid="unread">{useUnreadMessages()}</output>;
}

function start() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemberSession />
      <Count />
    </QueryClientProvider>,
  );
  return client;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

describe('public state unreadMessage', () => {
  it('is fetched after log-in, raised by a push, and cleared at log-out', async () => {
    unread = 2;
    sessionStorage.setItem('token', 'T');
    const client = start();
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('2'));
    expect(paths.filter((p) => p === '/wps/member/messages/unread')).toHaveLength(1);
    act(() => applyMessagePush(client, 'T', { type: 'message', unread: 3 }));
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('3'));
    act(() => endSession());
    expect(screen.getByTestId('unread')).toHaveTextContent('0');
    await settle();
    expect(client.getQueryData(unreadMessageQuery('T').queryKey)).toBeUndefined();
  });

  it('is never asked for a trial user (C-106)', async () => {
    trial = true;
    unread = 5;
    sessionStorage.setItem('token', 'T');
    start();
    await waitFor(() => expect(paths).toContain('/wps/member/info'));
    await settle();
    expect(paths).not.toContain('/wps/member/messages/unread');
    expect(screen.getByTestId('unread')).toHaveTextContent('0');
  });

  it('is not asked for a visitor, and is asked once the visitor logs in', async () => {
    unread = 1;
    start();
    await settle();
    expect(paths).not.toContain('/wps/member/messages/unread');
    act(() => startSession('T2'));
    await waitFor(() => expect(screen.getByTestId('unread')).toHaveTextContent('1'));
    expect(paths).toContain('/wps/member/messages/unread');
  });
});
