import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';
import { PAGE_SIZE, type Paged } from '../../promotions/api';

// The rebate and cashback calls (issue 16 contract, E-012). Money is minor
// units, rates basis points.
export type Rate = { id: number; kind: 'rebate' | 'cashback'; gameType: string; vipLevel: number; rateBp: number; period: 'daily' | 'weekly'; mode: 'auto' | 'manual'; minPayout: number; cap: number };
export type RebateInfo = {
  rates: Rate[];
  period: { start: string; end: string };
  accrued: { rebate: number; cashback: number };
  claimable: number;
  lastPaid: { amount: number; at: string } | null;
};
export type RebatePayout = { id: number; kind: 'rebate' | 'cashback'; mode: 'auto' | 'manual'; periodStart: string; periodEnd: string; base: number; amount: number; paidAt: string };

export function useRebate() {
  const token = useSessionToken();
  return useQuery({ queryKey: ['rebate', 'info', token], queryFn: ({ signal }) => get<RebateInfo>('/wps/rebate', undefined, signal), enabled: !!token });
}

export function useRebateHistory(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['rebate', 'history', token, page],
    queryFn: ({ signal }) => get<Paged<RebatePayout>>('/wps/rebate/history', { pageNum: page, pageSize: PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useRebateClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => post<{ amount: number; balance: number }>('/wps/rebate/claim', { requestId }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['rebate'] });
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}
