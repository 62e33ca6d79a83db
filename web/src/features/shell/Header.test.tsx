import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMessagePush } from '../../data/messages';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import { Header } from './Header';

// The count must reach the accessible name, so this file's t() puts the
// interpolated values after the key ("messages.unreadCount 4").
vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN', changeLanguage: () => Promise.resolve() },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const permission = { customerService: [], merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'EN', languages: [] } } as unknown as Permission;

let unread = 0;

beforeEach(() => {
  unread = 0;
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string) => {
    const path = new URL(url, 'http://site').pathname;
    let value: unknown = null;
    if (path === '/wps/member/info') value = { id: 7, account: 'player01', nickname: '', type: 0, isAgent: false, isTrial: false, hasVip: false, passwordChangeRequired: false };
    else if (path === '/wps/member/info/icon') value = { icon: '1' };
    else if (path === '/wps/v2/wallets/balance') value = { balance: 0, currency: 'USD', currencySymbol: '$', decimals: 2 };
    else if (path === '/wps/member/messages/unread') value = { unread };
    else if (path === '/lgw/games/game_menus') value = [];
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
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
  return client;
}

const toggle = () => screen.getByRole('button', { name: /^header\.memberMenu/ });

describe('header messages badge (E-014)', { timeout: 20_000 }, () => {
  it('shows the unread count on the menu and on its messages entry, in their names', async () => {
    unread = 4;
    show();
    await waitFor(() => expect(toggle()).toHaveAccessibleName('header.memberMenu messages.unreadCount 4'), { timeout: 5000 });
    fireEvent.click(toggle());
    expect(screen.getByRole('menuitem', { name: /^header\.messages/ })).toHaveAccessibleName('header.messages messages.unreadCount 4');
  });

  it('shows no badge at 0, and one as soon as a message is pushed', async () => {
    const client = show();
    await screen.findByText('player01', {}, { timeout: 5000 });
    await act(() => new Promise((r) => setTimeout(r, 30)));
    expect(toggle()).toHaveAccessibleName('header.memberMenu');
    expect(document.querySelector('.count-badge')).toBeNull();
    act(() => applyMessagePush(client, 'T', { type: 'message', unread: 1 }));
    await waitFor(() => expect(toggle()).toHaveAccessibleName('header.memberMenu messages.unreadCount 1'));
    fireEvent.click(toggle());
    expect(screen.getByRole('menuitem', { name: /^header\.messages/ })).toHaveAccessibleName('header.messages messages.unreadCount 1');
  });
});
