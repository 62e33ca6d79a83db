import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call } from '../testing/harness';
import type { PlayerRow } from '../lib/types';
import { major, ProtectionTab, type PlayerProtection } from './ProtectionTab';

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

const kinds = ['depositDay', 'depositWeek', 'depositMonth', 'lossDay', 'lossWeek', 'lossMonth', 'sessionMinutes', 'realityMinutes'];
const answer: PlayerProtection = {
  limits: kinds.map((kind) =>
    kind === 'depositDay'
      ? { kind, value: 2000, pending: 5000, pendingAt: '2026-11-26T03:00:00Z' }
      : kind === 'sessionMinutes'
        ? { kind, value: 90, pending: null, pendingAt: null }
        : { kind, value: null, pending: null, pendingAt: null },
  ),
  exclusion: { kind: 'coolingOff', period: '7d', until: '2026-12-02T03:00:00Z' },
  usage: { depositDay: 1500, depositWeek: 1500, depositMonth: 1500, lossDay: 0, lossWeek: 0, lossMonth: 0, minutesToday: 12 },
  currency: 'USD',
  decimals: 2,
  history: [
    { kind: 'exclusion', oldValue: null, newValue: 1795000000000, period: '7d', effectiveAt: '2026-11-25T03:00:00Z', actor: 'member', at: '2026-11-25T03:00:00Z' },
    { kind: 'depositDay', oldValue: 2000, newValue: 5000, effectiveAt: '2026-11-26T03:00:00Z', actor: 'member', at: '2026-11-25T02:00:00Z' },
  ],
};

describe('ProtectionTab', () => {
  it('shows the limits, usage, pending raise, running cooling-off and history, and offers no way to change them', { timeout: 20_000 }, async () => {
    const calls = fakeServer((c: Call) => (c.url.pathname === '/admin/api/players/7/protection' ? { value: answer } : { status: 404, code: 'resource.not_found' }));
    renderAsOperator(<ProtectionTab player={player} />, operator(['players.read']));
    const limits = await screen.findByRole('table', { name: 'playerProtection.limits' });
    const day = within(limits).getByText('playerProtection.kinds.depositDay').closest('tr')!;
    expect(day).toHaveTextContent('20.00 USD');
    expect(day).toHaveTextContent('15.00 USD');
    expect(day).toHaveTextContent('50.00 USD');
    expect(within(limits).getByText('playerProtection.kinds.sessionMinutes').closest('tr')).toHaveTextContent('playerProtection.minutes');
    expect(screen.getByRole('status')).toHaveTextContent('playerProtection.coolingOff');
    const history = screen.getByRole('table', { name: 'playerProtection.history' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getAllByText('playerProtection.byMember')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('writes minor units exactly', () => {
    expect(major(5, 2)).toBe('0.05');
    expect(major(123456789012345, 2)).toBe('1234567890123.45');
    expect(major(-250, 2)).toBe('-2.50');
    expect(major(7, 0)).toBe('7');
  });
});
