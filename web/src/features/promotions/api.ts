import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get, post, postMultipart } from '../../lib/api';
import { useMember } from '../../data/member';
import { useSessionToken } from '../../lib/session';

// The promotions calls of issue 16 (shared contract). Money is integer
// minor units, points whole numbers, times RFC 3339 strings.

export const PAGE_SIZE = 20;

// Paged is every paged list of the contract.
export type Paged<T> = { content: T[]; pageNum: number; pageSize: number; totalPages: number; total: number };

export type RewardKind = 'cash' | 'bonus' | 'points';
export type Reward = { kind: RewardKind; amount: number; percentBp: number; cap: number; wagering: number; expiryDays: number };
export type PromoKind = 'free' | 'first_deposit' | 'deposit' | 'turnover' | 'loss' | 'application';
export const promoKinds: PromoKind[] = ['free', 'first_deposit', 'deposit', 'turnover', 'loss', 'application'];

export type Promo = {
  id: number;
  kind: PromoKind;
  title: string;
  summary: string;
  imageUrl: string;
  startsAt: string;
  endsAt: string | null;
  reward: Reward;
  minDeposit: number;
  target: number;
  gameTypes: string[];
  perMemberLimit: number;
  vipMin: number;
  vipMax: number;
  budgetLeftPercent: number | null;
  comingSoon: boolean;
  body?: string;
};

// The member's state on a promotion (G-004).
export type PromoState = 'coming_soon' | 'closed' | 'join' | 'joined' | 'in_progress' | 'claim' | 'applying' | 'rejected' | 'claimed' | 'issued';
export const promoStates: PromoState[] = ['coming_soon', 'closed', 'join', 'joined', 'in_progress', 'claim', 'applying', 'rejected', 'claimed', 'issued'];
export type MemberPromoState = { state: PromoState; progress: { current: number; target: number } | null; claimable: number | null; reason: string; claims: number };

export type Claim = {
  id: number;
  promotionId: number;
  title: string;
  state: 'claimed' | 'issued' | 'applying' | 'rejected';
  reward: { kind: RewardKind; amount: number };
  reason: string;
  createdAt: string;
  decidedAt: string | null;
};
export type ClaimResult = { state: PromoState; reward: { kind: RewardKind; amount: number }; balance: number; bonusBalance: number };
export type RewardsSummary = { count: number; claimable: { promotionId: number; title: string; reward: { kind: RewardKind; amount: number } }[] };
export type Available = { availablePromoCount: number; availablePromo: { type: string; enabled: boolean }[] };

// Answers depend on the language (titles, bodies), so the key carries it.
export function usePromotions() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['promo', 'list', i18n.language], queryFn: ({ signal }) => get<{ content: Promo[] }>('/wps/promotions', undefined, signal), staleTime: 60_000 });
}

export function usePromotion(id: number) {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: ['promo', 'one', id, i18n.language], queryFn: ({ signal }) => get<Promo>(`/wps/promotions/${id}`, undefined, signal), enabled: id > 0 });
}

// useTrial says the session is a trial (play-money) account: the member's
// promotion calls are real accounts only (member.in_need_true_account), so
// they are not asked.
export function useTrial(): boolean {
  return useMember().member?.isTrial === true;
}

// useRealMember says the member's own calls may go: a session whose member
// is known not to be a trial account (the member info is cached by the
// header), or whose info failed to load (the call then says what it must).
function useRealMember(): boolean {
  const m = useMember();
  return !!useSessionToken() && (m.member ? !m.member.isTrial : !!m.error);
}

// useStates is the member's state on every live promotion; a visitor or a
// trial account has none.
export function useStates() {
  const token = useSessionToken();
  const real = useRealMember();
  return useQuery({ queryKey: ['promo', 'states', token], queryFn: ({ signal }) => get<{ states: Record<string, MemberPromoState> }>('/wps/promotions/states', undefined, signal), enabled: real });
}

// claimKey keys a row of the claims record: claims and applications are
// numbered apart (an application under review or rejected may share its id
// with a claim), so the state's family is part of the key.
export function claimKey(c: Pick<Claim, 'id' | 'state'>): string {
  return `${c.state === 'applying' || c.state === 'rejected' ? 'application' : 'claim'}-${c.id}`;
}

export function useClaims(page: number) {
  const token = useSessionToken();
  const real = useRealMember();
  return useQuery({
    queryKey: ['promo', 'claims', token, page],
    queryFn: ({ signal }) => get<Paged<Claim>>('/wps/promotions/claims', { pageNum: page, pageSize: PAGE_SIZE }, signal),
    enabled: real,
    placeholderData: keepPreviousData,
  });
}

// useRewardsSummary is the reward centre's list and its badge count (E-008, E-015).
export function useRewardsSummary() {
  const token = useSessionToken();
  const real = useRealMember();
  return useQuery({ queryKey: ['promo', 'rewards', token], queryFn: ({ signal }) => get<RewardsSummary>('/wps/rewards/summary', undefined, signal), enabled: real, staleTime: 30_000 });
}

// After any change the member's states, the reward centre, the balance
// and the bonus all may have moved.
export function invalidatePromo(client: QueryClient): void {
  for (const key of ['promo', 'balance', 'bonus', 'memberInfo']) void client.invalidateQueries({ queryKey: [key] });
}

export function useJoin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (id: number) => post<{ state: PromoState }>(`/wps/promotions/${id}/join`, {}), onSettled: () => invalidatePromo(client) });
}

export function useClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, requestId }: { id: number; requestId: string }) => post<ClaimResult>(`/wps/promotions/${id}/claim`, { requestId }),
    onSettled: () => invalidatePromo(client),
  });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment, images }: { id: number; comment: string; images: File[] }) => {
      const data = new FormData();
      data.set('comment', comment);
      for (const f of images) data.append('images', f, f.name);
      return postMultipart<{ state: PromoState; applicationId: number }>(`/wps/promotions/${id}/apply`, data);
    },
    onSettled: () => invalidatePromo(client),
  });
}
