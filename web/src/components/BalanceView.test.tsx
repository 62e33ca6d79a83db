import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../data/permission';
import type { Permission } from '../data/types';
import { setBalanceHidden } from '../lib/money';
import { BalanceView } from './BalanceView';

const permission = { merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;

let balance = 1234567;
let calls = 0;

beforeEach(() => {
  calls = 0;
  balance = 1234567;
  sessionStorage.setItem('token', 'T1');
  vi.stubGlobal('fetch', (url: string) => {
    if (url.startsWith('/wps/v2/wallets/balance')) calls++;
    return Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: { balance, currency: 'USD', currencySymbol: '$', decimals: 2 } }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
  act(() => setBalanceHidden(false));
  localStorage.clear();
});

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>{children}</PermissionContext.Provider>
    </QueryClientProvider>
  );
}

describe('balance view', () => {
  it('shows the balance with 2 decimals and the symbol, hides it behind asterisks', async () => {
    render(wrap(<BalanceView />));
    expect(await screen.findByText('$12,345.67')).toBeInTheDocument();
    expect(screen.getByText('wallet.balance')).toBeInTheDocument();
    const eye = screen.getByRole('button', { name: 'wallet.hide' });
    expect(eye).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(eye);
    expect(screen.getByTestId('balance')).toHaveTextContent('****');
    expect(eye).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('balanceHidden')).toBe('1');
    fireEvent.click(eye);
    expect(screen.getByTestId('balance')).toHaveTextContent('$12,345.67');
  });

  it('labels a trial balance as play money', async () => {
    render(wrap(<BalanceView trial />));
    await screen.findByText('$12,345.67');
    expect(screen.getByText('wallet.playMoney')).toBeInTheDocument();
  });

  it('refreshes on request, once a second at most', async () => {
    render(wrap(<BalanceView />));
    await screen.findByText('$12,345.67');
    expect(calls).toBe(1);
    balance = 500;
    const refresh = screen.getByRole('button', { name: 'wallet.refresh' });
    fireEvent.click(refresh);
    expect(await screen.findByText('$5.00')).toBeInTheDocument();
    expect(calls).toBe(2);
    // Within the same second a second click is dropped.
    fireEvent.click(refresh);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(calls).toBe(2);
  });
});
