import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { popups } from '../../lib/popups';
import { GamePopup } from './GamePopup';

const target = { gameCode: 'PG_1', vassalage: 'PG', displayName: 'Lucky Koi', gameType: 'RNG' };

let bodies: unknown[] = [];

function answer(status: number, body: unknown) {
  bodies = [];
  vi.stubGlobal('fetch', (_url: string, init: { body?: string }) => {
    if (init.body) bodies.push(JSON.parse(init.body));
    return Promise.resolve({ status, json: () => Promise.resolve(body) });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  popups.set([]);
  sessionStorage.clear();
});

function show(mode: 'real' | 'demo' = 'real', onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <GamePopup target={target} mode={mode} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, invalidate };
}

describe('game popup', () => {
  it('launches and frames the game; closing refreshes balance and recent games', async () => {
    sessionStorage.setItem('token', 'T');
    answer(200, { success: true, value: { url: '/sim/PG/play?token=abc', mode: 'trial' } });
    const { onClose, invalidate } = show();
    await screen.findByRole('dialog');
    const frame = await screen.findByTitle('Lucky Koi');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${window.location.origin}/sim/PG/play?token=abc`);
    expect(frame.getAttribute('allow')).toContain('fullscreen');
    expect(bodies[0]).toMatchObject({ vassalage: 'PG', gameCode: 'PG_1', gameType: 'RNG', language: 'EN', mode: 'real', platform: 'html5-desktop' });
    expect(screen.getByText('wallet.playMoney')).toBeInTheDocument();
    // A spinner covers the frame until it loads.
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    fireEvent.load(frame);
    fireEvent.click(await screen.findByRole('button', { name: 'common.close' }));
    expect(onClose).toHaveBeenCalled();
    const keys = invalidate.mock.calls.map((c) => c[0]?.queryKey?.[0]);
    expect(keys).toEqual(expect.arrayContaining(['balance', 'recent']));
  });

  it('asks a visitor to log in when real money is refused', async () => {
    answer(401, { success: false, code: 'login.not.session', message: 'Please log in', value: null });
    const { onClose } = show();
    await waitFor(() => expect(popups.get().map((p) => p.id)).toContain('login'));
    expect(onClose).toHaveBeenCalled();
  });

  it('suggests other games when the game is in maintenance', async () => {
    answer(503, { success: false, code: 'game.maintenance', message: 'Maintenance', value: null });
    show('demo');
    expect(await screen.findByText('game.maintenanceSuggest')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'game.otherGames' })).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ mode: 'demo' });
  });

  it('never frames a non-http address', async () => {
    answer(200, { success: true, value: { url: 'javascript:alert(1)', mode: 'real' } });
    show();
    expect(await screen.findByText('errors.unknown')).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('refreshes the balance when a same-origin game page says it changed', async () => {
    sessionStorage.setItem('token', 'T');
    answer(200, { success: true, value: { url: '/play/pge/dice?token=abc', mode: 'real' } });
    const { invalidate } = show();
    await screen.findByTitle('Lucky Koi');
    invalidate.mockClear();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'portal:balance' }, origin: 'https://elsewhere.example' }));
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'other' }, origin: window.location.origin }));
    expect(invalidate).not.toHaveBeenCalled();
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'portal:balance' }, origin: window.location.origin }));
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey?.[0])).toEqual(['balance']);
  });
});
