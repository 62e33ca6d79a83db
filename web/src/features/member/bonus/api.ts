import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { useSessionToken } from '../../../lib/session';
import { PAGE_SIZE, type Paged } from '../../promotions/api';

// The bonus money calls (issue 16 contract, E-007). Amounts are minor units.
export type GrantState = 'active' | 'converted' | 'forfeited' | 'expired';
export type GrantView = {
  id: number;
  title: string;
  source: string;
  amount: number;
  required: number;
  wagered: number;
  progressPercent: number;
  state: GrantState;
  grantedAt: string;
  expiresAt: string;
  endedAt: string | null;
  converted: number;
  forfeited: number;
};
export type BonusInfo = { bonusBalance: number; active: GrantView | null; currency: string; decimals: number };

export function useBonus() {
  const token = useSessionToken();
  return useQuery({ queryKey: ['bonus', 'info', token], queryFn: ({ signal }) => get<BonusInfo>('/wps/bonus', undefined, signal), enabled: !!token });
}

export function useGrants(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['bonus', 'grants', token, page],
    queryFn: ({ signal }) => get<Paged<GrantView>>('/wps/bonus/grants', { pageNum: page, pageSize: PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function useContributions() {
  return useQuery({ queryKey: ['bonus', 'contributions'], queryFn: ({ signal }) => get<{ gameType: string; percent: number }[]>('/wps/bonus/contributions', undefined, signal), staleTime: 300_000 });
}

export function useForfeit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => post<{ forfeited: number }>('/wps/bonus/forfeit', {}),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['bonus'] });
      void client.invalidateQueries({ queryKey: ['balance'] });
    },
  });
}
