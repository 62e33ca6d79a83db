import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';
import { bcp47 } from '../lib/language';
import { formatMinor, formatSigned } from '../lib/money';
import { useSessionToken } from '../lib/session';
import type { BalanceMessage } from '../lib/socket';
import { usePermission } from './permission';

// The wallet answers (checklist D-001..D-005). Amounts are integer minor
// units; decimals says how many of them make one unit.
// bonusBalance is the running bonus (issue 16), apart from the cash balance.
export type Balance = { balance: number; currency: string; currencySymbol: string; decimals: number; bonusBalance?: number };

// Keys carry the session token: a log-out and a log-in as someone else
// never shows the previous member's balance. The socket writes into the
// same key (applyBalancePush, from src/app/Startup).
export const balanceQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['balance', token],
    queryFn: ({ signal }) => get<Balance>('/wps/v2/wallets/balance', undefined, signal),
    // The socket pushes every change; a refetch is for the refresh button,
    // a game closing, or a reconnect gap.
    staleTime: 30_000,
  });

// applyBalancePush writes a balance the socket pushed into the member's
// balance query.
export function applyBalancePush(client: QueryClient, token: string, m: BalanceMessage): void {
  const key = balanceQuery(token).queryKey;
  // A push carries the amount only; the symbol and decimals come with the
  // first full answer.
  if (!client.getQueryData(key)) {
    void client.invalidateQueries({ queryKey: key });
    return;
  }
  // The push is newer than any answer still on its way, so that one is
  // dropped rather than allowed to overwrite it.
  void client.cancelQueries({ queryKey: key }).then(() => client.setQueryData<Balance>(key, (old) => old && { ...old, balance: m.balance, currency: m.currency || old.currency }));
}

export function useBalance() {
  const token = useSessionToken();
  return useQuery({ ...balanceQuery(token), enabled: !!token });
}

// The merchant wallet kind is cached for the session (spec §4 Caching):
// isSingle means one seamless wallet, so there is nothing to transfer
// between (public state hasMerchantWallet, spec §3).
export const merchantWalletQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['merchantWallet', token],
    queryFn: async ({ signal }) => {
      const v = await get<{ isSingle: boolean }>('/wps/relay/GCS_merchantWallet', undefined, signal);
      return { hasMerchantWallet: !!v.isSingle };
    },
    staleTime: Infinity,
  });

export function useMerchantWallet() {
  const token = useSessionToken();
  return useQuery({ ...merchantWalletQuery(token), enabled: !!token });
}

// useMoney formats minor units the way the wallet counts them: its
// decimals once the balance answered, the merchant's until then, and the
// current language's separators.
export function useMoney() {
  const { i18n } = useTranslation();
  const p = usePermission();
  const balance = useBalance();
  const decimals = balance.data?.decimals ?? p.merchant.decimals;
  const symbol = balance.data?.currencySymbol ?? p.merchant.currencySymbol;
  const locale = bcp47(i18n.language);
  return {
    decimals,
    symbol,
    locale,
    format: (minor: number) => formatMinor(minor, decimals, locale),
    signed: (minor: number) => formatSigned(minor, decimals, locale),
    count: (n: number) => formatMinor(n, 0, locale),
  };
}
