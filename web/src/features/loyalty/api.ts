import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get, post } from '../../lib/api';
import { useSessionToken } from '../../lib/session';
import { PAGE_SIZE, type Paged } from '../promotions/api';

// The points mall and VIP calls (issue 16 contract, G-013..G-020). Points
// are whole numbers; money is minor units.

export type PointsConfig = { enabled: boolean; convertRate: number; convertMin: number; earnRateBp: number; neverExpire: boolean };
export type MallItem = {
  id: number;
  name: string;
  description: string;
  imageUrl: string;
  points: number;
  amountRequirement: number;
  quantity: number;
  perMemberLimit: number;
  kind: 'goods' | 'cash';
  cashAmount: number;
};
export type RedeemStatus = 'applying' | 'rejected' | 'approved';
export type Redemption = { id: number; name: string; quantity: number; pointsRequirement: number; amountRequirement: number; status: RedeemStatus; applyTime: string; referenceNo: string; reason: string };
export type PointsKind = 'earn' | 'promo' | 'redeem' | 'refund' | 'convert' | 'adjust';
export type PointsEntry = { id: number; kind: PointsKind; points: number; balance: number; createdAt: string; reference: string };
export type VipLevel = { level: number; name: string; minDeposit: number; minValidBet: number; windowDays: number; upgradeReward: number; withdrawDailyLimit: number | null };
export type Vip = {
  level: number;
  name: string;
  next: { level: number; name: string; minDeposit: number; minValidBet: number } | null;
  progress: { deposits: number; validBet: number; windowDays: number };
  levels: VipLevel[];
};

export function usePointsBalance() {
  const token = useSessionToken();
  return useQuery({ queryKey: ['points', 'balance', token], queryFn: ({ signal }) => get<{ points: number }>('/wps/points/balance', undefined, signal), enabled: !!token });
}

export function usePointsReward() {
  const token = useSessionToken();
  return useQuery({ queryKey: ['points', 'reward', token], queryFn: ({ signal }) => get<{ today: number; yesterday: number; total: number }>('/wps/points/reward', undefined, signal), enabled: !!token });
}

export function usePointsConfig() {
  return useQuery({ queryKey: ['points', 'config'], queryFn: ({ signal }) => get<PointsConfig>('/wps/points/config', undefined, signal), staleTime: 300_000 });
}

export function useMallItems() {
  const token = useSessionToken();
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['points', 'items', token, i18n.language], queryFn: ({ signal }) => get<{ content: MallItem[] }>('/wps/points/items', undefined, signal), enabled: !!token });
}

export function useRedemptions(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['points', 'redeemed', token, page],
    queryFn: ({ signal }) => get<Paged<Redemption>>('/wps/points/redeem/list', { pageNum: page, pageSize: PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

export function usePointsEntries(page: number) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['points', 'entries', token, page],
    queryFn: ({ signal }) => get<Paged<PointsEntry>>('/wps/points/transactions', { pageNum: page, pageSize: PAGE_SIZE }, signal),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['points'] });
    void client.invalidateQueries({ queryKey: ['balance'] });
  };
}

// Redeem and convert go encrypted (E): they carry the payment password.
export function useRedeem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: { itemId: number; quantity: number; paymentPassword: string; requestId: string }) => post<Redemption>('/wps/points/redeem', b, true),
    onSettled: refresh,
  });
}

export function useConvert() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (b: { points: number; paymentPassword: string; requestId: string }) => post<{ points: number; balance: number; amount: number }>('/wps/points/convert', b, true),
    onSettled: refresh,
  });
}

// useVip is the member's level and progress; a visitor reads the levels only.
export function useVip(enabled = true) {
  const token = useSessionToken();
  return useQuery({ queryKey: ['vip', token], queryFn: ({ signal }) => get<Vip>('/wps/vip', undefined, signal), enabled: !!token && enabled });
}

export function useVipLevels(enabled: boolean) {
  return useQuery({ queryKey: ['vip', 'levels'], queryFn: ({ signal }) => get<{ levels: VipLevel[] }>('/wps/vip/levels', undefined, signal), enabled });
}
