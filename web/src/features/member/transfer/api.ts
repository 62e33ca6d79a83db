import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';

// The transfer wallets' calls (decision 0031). Amounts answered are minor
// units; the amount sent is a string of major units, as the server reads
// it in the merchant's decimals.

export type SubWallet = { vendor: string; name: string; balance: number | null; available: boolean };
export type WalletTransfer = {
  id: number;
  from: string;
  to: string;
  vendor: string;
  amount: number;
  currency: string;
  status: 'pending' | 'done' | 'failed' | 'unknown';
  reason: string;
  createdAt: string;
  settledAt: string | null;
};
export type MerchantWallets = {
  isSingle: boolean;
  hasMerchantWallet: boolean;
  currency: string;
  decimals: number;
  wallets: SubWallet[];
  pending: WalletTransfer[];
};

/** MAIN names the main wallet in a transfer's from and to. */
export const MAIN = 'main';

// The sub-wallets' balances are the vendors' and change as the member
// plays there: unlike the cached wallet kind (data/wallet), this query is
// asked afresh on every visit and on the refresh button, and every 15 s
// while a transfer is still being confirmed.
export const subWalletsQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['subWallets', token],
    queryFn: ({ signal }) => get<MerchantWallets>('/wps/relay/GCS_merchantWallet', undefined, signal),
    staleTime: 0,
    refetchInterval: (q) => ((q.state.data?.pending.length ?? 0) > 0 ? 15_000 : false),
  });

export function useSubWallets() {
  const token = useSessionToken();
  return useQuery({ ...subWalletsQuery(token), enabled: !!token });
}

type TransferAnswer = { transfer: WalletTransfer; balance: number };
type RecallAnswer = { transfers: WalletTransfer[]; unavailable: string[]; balance: number };

// After a move the balances are read again: the main one (the socket
// pushes it too) and the vendors'.
function useRefreshAfter() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['subWallets'] });
    void client.invalidateQueries({ queryKey: ['balance'] });
  };
}

export function useWalletTransfer() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: { from: string; to: string; amount: string; requestId: string }) => post<TransferAnswer>('/wps/relay/GCS_walletTransfer', body),
    onSettled: refresh,
  });
}

export function useRecallAll() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (requestId: string) => post<RecallAnswer>('/wps/relay/GCS_walletRecall', { requestId }),
    onSettled: refresh,
  });
}

/** newRequestId names one attempt; a retry of the same attempt reuses it,
 * so the server moves the money once. crypto.randomUUID exists only on
 * secure pages, so a plain-http test domain falls back to random bytes. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
