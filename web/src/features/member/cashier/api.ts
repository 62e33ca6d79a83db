import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';

// The cashier's member API (issue 14, deposits). Amounts are integer minor
// units of the order's or channel's currency; decimals says how many make
// one unit.

/** ChannelKind is what the member pays with; p2p pays another member's
 * withdrawal straight into their account (gateway match). */
export type ChannelKind = 'bank' | 'ewallet' | 'qr' | 'p2p';

/** BankDetails is where a manual deposit is transferred to. */
export type BankDetails = { bankName: string; accountName: string; accountNumber: string };

/** Channel is one way to deposit, as the member may use it. */
export type Channel = {
  id: number;
  code: string;
  kind: ChannelKind;
  gateway: 'manual' | 'sim' | 'match';
  name: string;
  currency: string;
  decimals: number;
  min: number;
  max: number;
  feeBps: number;
  feeFixed: number;
  instructions: string;
  bank: BankDetails | null;
};

/** DepositStatus is an order's state; finalStatuses never change again. */
export type DepositStatus = 'pending' | 'submitted' | 'review' | 'credited' | 'rejected' | 'expired' | 'failed';

/** depositStatuses are every status, in the order an order goes through
 * them (the history's filter). */
export const depositStatuses: DepositStatus[] = ['pending', 'submitted', 'review', 'credited', 'rejected', 'expired', 'failed'];

const finalStatuses: DepositStatus[] = ['credited', 'rejected', 'expired', 'failed'];

/** isFinal tells an order that will not change any more: its page stops
 * asking. */
export function isFinal(status: DepositStatus): boolean {
  return finalStatuses.includes(status);
}

/** Deposit is one deposit order of the member. */
export type Deposit = {
  id: number;
  channelId: number;
  channelName: string;
  kind: ChannelKind;
  gateway: 'manual' | 'sim' | 'match';
  amount: number;
  fee: number;
  credit: number;
  currency: string;
  decimals: number;
  status: DepositStatus;
  reference: string;
  proofUrl: string;
  payUrl?: string;
  bank?: BankDetails | null;
  reason: string;
  createdAt: string;
  expiresAt: string;
  creditedAt: string | null;
};

/** DepositPage is one page of the member's orders (the Page shape). */
export type DepositPage = { content: Deposit[]; pageNum: number; pageSize: number; total: number; totalPages: number };

/** DEPOSIT_PAGE_SIZE: the history sits under the form, so a short page. */
export const DEPOSIT_PAGE_SIZE = 10;

/** POLL_MS is how often an order not yet final is read again, besides the
 * socket's push (which a dropped link can miss). */
export const POLL_MS = 5000;

// Keys carry the session token (like the balance's), so another member's
// orders never show after a log-in. The socket's "deposit" push
// invalidates ['deposits', token] (src/app/Startup).
const ordersKey = (token: string | null) => ['deposits', token] as const;

/** useChannels is the channels the member may deposit with, in display
 * order. */
export function useChannels() {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['cashierChannels', token],
    queryFn: async ({ signal }) => (await get<{ channels: Channel[] }>('/wps/cashier/channels', undefined, signal)).channels,
    enabled: !!token,
  });
}

/** pollInterval is when to read an order again: every POLL_MS until it is
 * final; never after a refusal (another member's order, or none). */
export function pollInterval(order: Pick<Deposit, 'status'> | undefined, error: unknown): number | false {
  if (error || (order && isFinal(order.status))) return false;
  return POLL_MS;
}

/** useDeposit is one order, read again every POLL_MS until it is final
 * (or cannot be read). */
export function useDeposit(id: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...ordersKey(token), 'order', id],
    queryFn: ({ signal }) => get<Deposit>(`/wps/cashier/deposits/${id}`, undefined, signal),
    enabled: !!token && id > 0,
    refetchInterval: (q) => pollInterval(q.state.data, q.state.error),
  });
}

/** useDepositHistory is one page of the member's orders, newest first,
 * optionally of one status. */
export function useDepositHistory(pageNum: number, status: DepositStatus | '') {
  const token = useSessionToken();
  return useQuery({
    queryKey: [...ordersKey(token), 'list', pageNum, status],
    queryFn: ({ signal }) => get<DepositPage>('/wps/cashier/deposits', { pageNum, pageSize: DEPOSIT_PAGE_SIZE, status }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

/** NewDeposit is a create call: requestId is made once per attempt, so a
 * repeated click or a retry after a lost answer gives the same order. */
export type NewDeposit = { channelId: number; amount: number; requestId: string };

// useOrderMutation stores the order a call answers as the order's own
// query and has the history asked again.
function useOrderMutation<V>(call: (v: V) => Promise<Deposit>) {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (d) => {
      client.setQueryData([...ordersKey(token), 'order', d.id], d);
      void client.invalidateQueries({ queryKey: [...ordersKey(token), 'list'] });
    },
  });
}

/** useCreateDeposit creates an order (or answers the one its requestId
 * already made). */
export function useCreateDeposit() {
  return useOrderMutation((d: NewDeposit) => post<Deposit>('/wps/cashier/deposits', d));
}

/** ManualProof is what a member sends for a manual deposit: the transfer's
 * reference and an image of the receipt as a data URL. */
export type ManualProof = { id: number; reference: string; proof: string };

/** useSubmitDeposit sends a manual order's reference and receipt. */
export function useSubmitDeposit() {
  return useOrderMutation((p: ManualProof) => post<Deposit>(`/wps/cashier/deposits/${p.id}/submit`, { reference: p.reference, proof: p.proof }));
}
