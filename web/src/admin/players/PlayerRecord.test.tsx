import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call } from '../testing/harness';
import type { PlayerDetail, PlayerRow } from '../lib/types';
import { PlayerRecord } from './PlayerRecord';

afterEach(() => vi.unstubAllGlobals());

const player: PlayerRow = {
  id: 7,
  username: 'carol',
  type: 0,
  status: 'active',
  mobile: '',
  email: '',
  realName: '',
  currency: 'USD',
  balance: '10.00',
  createdAt: '2026-11-01T00:00:00Z',
  lastLoginAt: null,
};
const detail: PlayerDetail = {
  player,
  sessions: [],
  addresses: [],
  notes: [{ id: 1, operator: 'demo-owner', text: 'Called <b>twice</b>', createdAt: '2026-11-24T10:00:00Z' }],
  tags: ['vip'],
  totp: false,
  unreadMessages: 2,
};
const page = (content: unknown[]) => ({ content, pageNum: 1, pageSize: 20, totalPages: 1, total: content.length });

function serve() {
  return fakeServer((c: Call) => {
    const p = c.url.pathname;
    if (p.endsWith('/ledger')) return { value: page([{ id: 1, time: '2026-11-24T10:00:00Z', type: 'adjust', amount: '-12.50', reference: 'goodwill' }]) };
    if (p.endsWith('/bets'))
      return {
        value: {
          ...page([{ roundId: 'R1', gameName: 'Dice', gameCode: 'IH_DICE', vendorName: 'House', gameType: 'RNG', stake: '1.00', win: '0.00', profit: '-1.00', status: 'settled', mode: 'real', betTime: '2026-11-24T10:00:00Z' }]),
          totals: { count: 1, stake: '1.00', win: '0.00', profit: '-1.00' },
        },
      };
    if (p.endsWith('/logins')) return { value: page([{ at: '2026-11-24T10:00:00Z', lastSeenAt: '2026-11-24T10:05:00Z', ip: '203.0.113.9', userAgent: 'Firefox', state: 'ended' }]) };
    if (p.endsWith('/messages') && c.method === 'GET') return { value: page([]) };
    if (p.endsWith('/messages')) return { value: { id: 3 } };
    if (p.endsWith('/tags')) return { value: { tags: ['high-roller', 'vip'] } };
    if (p.endsWith('/reset-password')) return { value: { password: 'Ab3dEfGh2jKm', sessions: 'ended' } };
    if (p.endsWith('/notes')) return { status: 422, code: 'admin.note_invalid', message: 'A note must be 1 to 1000 characters' };
    return { status: 404, code: 'resource.not_found' };
  });
}

describe('PlayerRecord', () => {
  it('shows the ledger with the signed amount, then bets and log-ins by tab, reading each on the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayerRecord player={player} detail={detail} writer={false} />, operator(['players.read']));
    expect(await screen.findByText('-12.50 USD')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'playerRecord.tabs.bets' }));
    expect(await screen.findByText('R1')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'playerRecord.tabs.logins' }));
    expect(await screen.findByText('203.0.113.9')).toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).toEqual(['/admin/api/players/7/ledger', '/admin/api/players/7/bets', '/admin/api/players/7/logins']);
    expect(calls[0].url.searchParams.get('type')).toBe('all');
    // A reader sees no reset.
    expect(screen.queryByRole('button', { name: 'playerRecord.resets.password' })).toBeNull();
  });

  it('keeps a note as text and saves tags', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayerRecord player={player} detail={detail} writer />, operator(['players.read', 'players.write']));
    await user.click(screen.getByRole('tab', { name: /playerRecord.tabs.notes/ }));
    expect(screen.getByText('Called <b>twice</b>')).toBeInTheDocument();
    const tags = screen.getByRole('textbox', { name: 'playerRecord.notes.tags' });
    await user.clear(tags);
    await user.type(tags, 'vip, high-roller');
    await user.click(screen.getByRole('button', { name: 'playerRecord.notes.saveTags' }));
    expect(await screen.findByText('playerRecord.notes.tagsSaved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tags: ['vip', 'high-roller'] });
    await user.type(screen.getByRole('textbox', { name: 'playerRecord.notes.note' }), 'x');
    await user.click(screen.getByRole('button', { name: 'playerRecord.notes.add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A note must be 1 to 1000 characters');
  });

  it('resets the password after a confirmation and shows the new one once', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayerRecord player={player} detail={detail} writer />, operator(['players.read', 'players.write']));
    expect(screen.getByRole('button', { name: 'playerRecord.resets.totp' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'playerRecord.resets.password' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const confirm = screen.getByRole('region', { name: 'playerRecord.resets.password' });
    await user.click(within(confirm).getByRole('button', { name: 'playerRecord.resets.confirm.password' }));
    expect(await screen.findByTestId('new-password')).toHaveTextContent('Ab3dEfGh2jKm');
  });

  it('sends a message with its title and text', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<PlayerRecord player={player} detail={detail} writer />, operator(['players.read', 'players.write']));
    await user.click(screen.getByRole('tab', { name: 'playerRecord.tabs.messages' }));
    await user.click(await screen.findByRole('button', { name: 'playerRecord.messages.send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('playerRecord.messages.required');
    await user.type(screen.getByRole('textbox', { name: 'playerRecord.messages.title' }), 'Hello');
    await user.type(screen.getByRole('textbox', { name: 'playerRecord.messages.body' }), 'Line one');
    await user.click(screen.getByRole('button', { name: 'playerRecord.messages.send' }));
    expect(await screen.findByText('playerRecord.messages.sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Hello', body: 'Line one' });
  });
});
