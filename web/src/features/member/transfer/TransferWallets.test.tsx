import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../../data/permission';
import type { Permission } from '../../../data/types';
import { MemberPage } from '../MemberPage';
import type { MerchantWallets, WalletTransfer } from './api';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({
    t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key),
    i18n: { language: 'EN' },
  }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const permission = { referral: false, merchant: { code: 'demo', name: 'Demo', currency: 'USD', currencySymbol: '$', decimals: 2, defaultLanguage: 'KM', languages: [] } } as unknown as Permission;

type Call = { method: string; path: string; body: Record<string, unknown> | undefined };
let wallets: MerchantWallets;
let main: number;
let calls: Call[];
let trial: boolean;
let outcome: WalletTransfer['status'];

const slow = { timeout: 5000 };

beforeEach(() => {
  main = 10000;
  trial = false;
  outcome = 'done';
  wallets = {
    isSingle: false,
    hasMerchantWallet: false,
    currency: 'USD',
    decimals: 2,
    wallets: [
      { vendor: 'SABA', name: 'SABA Sports', balance: 0, available: true },
      { vendor: 'CMD', name: 'CMD368', balance: null, available: false },
    ],
    pending: [],
  };
  calls = [];
  sessionStorage.setItem('token', 'T');
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const u = new URL(url, 'http://site');
    const body = init.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: u.pathname, body });
    const ok = (value: unknown) => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value }) });
    const p = u.pathname;
    if (p === '/wps/member/info') return ok({ id: 7, account: 'player01', isTrial: trial, type: 0, hasVip: false, mobileNum: '', email: '' });
    if (p === '/wps/v2/wallets/balance') return ok({ balance: main, currency: 'USD', currencySymbol: '$', decimals: 2 });
    if (p === '/wps/member/messages/unread') return ok({ unread: 0 });
    if (p === '/wps/relay/GCS_merchantWallet') return ok(wallets);
    if (p === '/wps/relay/GCS_walletTransfer') {
      const minor = Math.round(Number(body!.amount) * 100);
      const x: WalletTransfer = { id: 9, from: body!.from as string, to: body!.to as string, vendor: 'SABA', amount: minor, currency: 'USD', status: outcome, reason: '', createdAt: '2026-11-25T04:00:00Z', settledAt: null };
      if (outcome === 'done') {
        main -= minor;
        wallets = { ...wallets, wallets: [{ ...wallets.wallets[0], balance: minor }, wallets.wallets[1]] };
      } else if (outcome === 'unknown') {
        main -= minor;
        wallets = { ...wallets, pending: [x] };
      }
      return ok({ transfer: x, balance: main });
    }
    if (p === '/wps/relay/GCS_walletRecall') {
      const held = wallets.wallets[0].balance ?? 0;
      main += held;
      wallets = { ...wallets, wallets: [{ ...wallets.wallets[0], balance: 0 }, wallets.wallets[1]] };
      return ok({ transfers: [{ id: 10, from: 'SABA', to: 'main', vendor: 'SABA', amount: held, currency: 'USD', status: 'done', reason: '', createdAt: '', settledAt: '' }], unavailable: ['CMD'], balance: main });
    }
    return Promise.resolve({ status: 404, json: () => Promise.resolve({ success: false, code: 'resource.not_found', message: 'nope', value: null }) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PermissionContext.Provider value={permission}>
        <MemoryRouter initialEntries={['/member?page=transferFund']}>
          <MemberPage />
        </MemoryRouter>
      </PermissionContext.Provider>
    </QueryClientProvider>,
  );
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('transferFund with transfer wallets', { timeout: 20_000 }, () => {
  it('lists the wallets, a vendor that does not answer marked as such', async () => {
    show();
    const rows = await screen.findByTestId('wallet-rows', {}, slow);
    await waitFor(() => expect(within(rows).getByTestId('wallet-main')).toHaveTextContent('100.00'));
    expect(within(rows).getByTestId('wallet-SABA')).toHaveTextContent('SABA Sports');
    expect(within(rows).getByTestId('wallet-SABA')).toHaveTextContent('0.00');
    expect(within(rows).getByTestId('wallet-CMD')).toHaveTextContent('wallet.transfer.unavailable');
    // Nothing held anywhere: nothing to recall.
    expect(screen.getByTestId('recall-all')).toBeDisabled();
  });

  it('checks the form before sending anything', async () => {
    show();
    await screen.findByTestId('transfer-form', {}, slow);
    const amount = screen.getByLabelText('wallet.transfer.amount');
    for (const [text, problem] of [
      ['', 'amount'],
      ['1.234', 'amount'],
      ['500', 'more'],
    ] as const) {
      fireEvent.change(amount, { target: { value: text } });
      fireEvent.click(screen.getByTestId('transfer-submit'));
      expect(await screen.findByRole('alert')).toHaveTextContent(`wallet.transfer.problem.${problem}`);
    }
    fireEvent.change(screen.getByLabelText('wallet.transfer.to'), { target: { value: 'main' } });
    fireEvent.change(amount, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('wallet.transfer.problem.wallets');
    expect(posts('/wps/relay/GCS_walletTransfer')).toHaveLength(0);
  });

  it('moves money in, shows the result and the new balances, then recalls it all', async () => {
    show();
    await screen.findByTestId('transfer-form', {}, slow);
    await waitFor(() => expect(screen.getByTestId('wallet-main')).toHaveTextContent('100.00'));
    fireEvent.change(screen.getByLabelText('wallet.transfer.amount'), { target: { value: '30.5' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('wallet.transfer.done');
    const [sent] = posts('/wps/relay/GCS_walletTransfer');
    expect(sent.body).toMatchObject({ from: 'main', to: 'SABA', amount: '30.50' });
    expect(typeof sent.body!.requestId).toBe('string');
    await waitFor(() => expect(screen.getByTestId('wallet-SABA')).toHaveTextContent('30.50'));
    await waitFor(() => expect(screen.getByTestId('wallet-main')).toHaveTextContent('69.50'));

    fireEvent.click(screen.getByTestId('recall-all'));
    expect(await screen.findByTestId('recall-result')).toHaveTextContent('wallet.transfer.recalled wallet.transfer.someUnavailable');
    await waitFor(() => expect(screen.getByTestId('wallet-main')).toHaveTextContent('100.00'));
    expect(screen.getByTestId('wallet-SABA')).toHaveTextContent('0.00');
  });

  it('shows a transfer the vendor has not confirmed as being confirmed', async () => {
    outcome = 'unknown';
    show();
    await screen.findByTestId('transfer-form', {}, slow);
    fireEvent.change(screen.getByLabelText('wallet.transfer.amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('transfer-submit'));
    expect(await screen.findByTestId('transfer-result')).toHaveTextContent('wallet.transfer.confirming');
    const pending = await screen.findByTestId('transfer-pending');
    expect(pending).toHaveTextContent('wallet.transfer.pendingTitle');
    expect(pending).toHaveTextContent('10.00');
  });

  it('tells a trial account transfers need a real account, asking nothing', async () => {
    trial = true;
    show();
    expect(await screen.findByText('errors.realAccount', {}, slow)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/wps/relay/GCS_walletTransfer')).toBe(false);
  });

  it('keeps the single-wallet message for a seamless merchant', async () => {
    wallets = { ...wallets, isSingle: true, hasMerchantWallet: true, wallets: [] };
    show();
    expect(await screen.findByText('wallet.singleTitle', {}, slow)).toBeInTheDocument();
    expect(screen.queryByTestId('transfer-form')).toBeNull();
  });
});
