// The back office's promotions shapes (issue 16, the shared contract's
// Admin routes). Money is integer minor units, points whole numbers,
// rates basis points, times RFC 3339 strings.

export const promoApi = '/admin/api/promotions';

export const promoKinds = ['free', 'first_deposit', 'deposit', 'turnover', 'loss', 'application'] as const;
export type PromoKind = (typeof promoKinds)[number];

export const rewardKinds = ['cash', 'bonus', 'points'] as const;
export type RewardKind = (typeof rewardKinds)[number];

export const promoStatuses = ['draft', 'live', 'paused', 'ended'] as const;
export type PromoStatus = (typeof promoStatuses)[number];

/** textLanguages are the builder's language tabs (the back office's three). */
export const textLanguages = ['km', 'en', 'cn'] as const;
export type TextLanguage = (typeof textLanguages)[number];

export type Reward = { kind: RewardKind; amount: number; percentBp: number; cap: number; wagering: number; expiryDays: number };

export type PromoText = { title: string; summary: string; body: string };

/** Money is how an answer names its currency: every admin list, page and
 * ledger of this section carries currency and decimals (two decimals are
 * assumed only while an answer is missing). */
export type Money = { currency?: string; decimals?: number };

export type AdminPromo = {
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
  budgetLeftPercent?: number | null;
  comingSoon?: boolean;
  status: PromoStatus;
  texts: Partial<Record<string, PromoText>>;
  budget: number;
  spent: number;
  claims: number;
  totalLimit: number;
  createdAt: string;
  updatedAt: string;
};

/** PromoBody is what create and update send: AdminPromo without the id,
 * the counters and the server's times. */
export type PromoBody = Omit<AdminPromo, 'id' | 'title' | 'summary' | 'status' | 'spent' | 'claims' | 'createdAt' | 'updatedAt' | 'budgetLeftPercent' | 'comingSoon'>;

export type Page<T> = { content: T[]; pageNum: number; pageSize: number; totalPages: number; total: number } & Money;

export type Claim = {
  id: number;
  memberId: number;
  username: string;
  state: string;
  amount: number;
  rewardKind: RewardKind;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string;
  reason: string;
};

export type Ledger = { cost: number; claims: number; members: number; converted: number; forfeited: number; budget: number; spent: number } & Money;

// An approved application has issued its reward (the member sees issued).
export const applicationStates = ['applying', 'approved', 'rejected'] as const;

export type Application = {
  id: number;
  promotionId: number;
  title: string;
  memberId: number;
  username: string;
  comment: string;
  /** images are the image route's addresses, /…/images/0 upwards. */
  images: string[];
  state: string;
  /** amount is what the approval paid (minor units or points); 0 before. */
  amount?: number;
  createdAt: string;
  reason: string;
};

export const grantStates = ['active', 'converted', 'forfeited', 'expired'] as const;

export type Grant = {
  id: number;
  memberId?: number;
  username: string;
  title: string;
  source: string;
  amount: number;
  required: number;
  wagered: number;
  progressPercent: number;
  state: string;
  grantedAt: string;
  expiresAt: string;
  endedAt: string | null;
  converted: number;
  forfeited: number;
};

export type Contribution = { gameType: string; percent: number };

export type PointsSettings = { earnRateBp: number; convertRate: number; convertMin: number; enabled: boolean };

export const itemKinds = ['goods', 'cash'] as const;
export const itemStatuses = ['active', 'hidden'] as const;

/** ItemText is one language's name and description of a mall item (the
 * server keys languages in capitals: "KM", "EN", "CN"). */
export type ItemText = { name: string; description: string };

/** PointsItem is an item as the back office edits it: stock is what is
 * left, sort orders the mall (low first), createdAt/updatedAt Unix ms. */
export type PointsItem = {
  id: number;
  texts: Partial<Record<string, ItemText>>;
  imageUrl: string;
  points: number;
  amountRequirement: number;
  stock: number;
  perMemberLimit: number;
  kind: 'goods' | 'cash';
  cashAmount: number;
  status: 'active' | 'hidden';
  sort: number;
  createdAt?: number;
  updatedAt?: number;
};

export const redemptionStates = ['applying', 'approved', 'rejected'] as const;

export type Redemption = {
  id: number;
  username: string;
  name: string;
  quantity: number;
  pointsRequirement: number;
  amountRequirement: number;
  status: string;
  applyTime: string;
  referenceNo: string;
  reason: string;
  memberId?: number;
  itemId?: number;
  kind?: 'goods' | 'cash';
  cashAmount?: number;
  decidedAt?: string | null;
  decidedBy?: string;
};

export type VipLevel = {
  level: number;
  name: string;
  minDeposit: number;
  minValidBet: number;
  windowDays: number;
  upgradeReward: number;
  withdrawDailyLimit: number | null;
};

export const rebateKinds = ['rebate', 'cashback'] as const;
export const rebatePeriods = ['daily', 'weekly'] as const;
export const rebateModes = ['auto', 'manual'] as const;

export type Rate = {
  id?: number;
  kind: 'rebate' | 'cashback';
  gameType: string;
  vipLevel: number;
  rateBp: number;
  period: 'daily' | 'weekly';
  mode: 'auto' | 'manual';
  minPayout: number;
  cap: number;
};

/** RebateRun is one settlement of a kind's period: state running, done or
 * failed (error says why); trigger is what started it (job or operator). */
export type RebateRun = {
  id: number;
  kind: string;
  period: string;
  periodStart: string;
  periodEnd: string;
  members: number;
  amount: number;
  state: string;
  error?: string;
  trigger?: string;
  startedAt: string;
  finishedAt: string | null;
};

/** RunPage is the runs' page: timezone is the reporting zone ("+07:00")
 * whose local midnight starts every period. */
export type RunPage = Page<RebateRun> & { timezone?: string };

export type RebatePayout = {
  id: number;
  memberId?: number;
  username: string;
  kind?: string;
  mode?: string;
  periodStart?: string;
  periodEnd?: string;
  base: number;
  amount: number;
  paidAt: string;
};

/** listOf reads a list answer that is either a bare array or wraps it in
 * key (the contract names some lists only by their rows). */
export function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const v = (answer as Record<string, unknown> | null)?.[key];
  return Array.isArray(v) ? (v as T[]) : [];
}
