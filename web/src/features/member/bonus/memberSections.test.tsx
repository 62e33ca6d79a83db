import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paged, renderAt, serve, type Answer } from '../../promotions/testing';
import type { WithdrawInfo } from '../cashier/withdrawApi';
import { MemberPage } from '../MemberPage';
import type { GrantView } from './api';
import { remaining } from './countdown';

vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key), i18n: { language: 'EN' } }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

// The sections are lazy chunks of the member centre: load them once first.
beforeAll(() => Promise.all([import('./BonusDetails'), import('../rewards/RewardCenter'), import('../rebate/ManualRebate'), import('../cashier/WithdrawPage')]));

const inDays = (d: number) => new Date(Date.now() + d * 86400_000 + 60_000).toISOString();
const grant = (id: number, extra: Partial<GrantView> = {}): GrantView => ({
  id,
  title: 'Welcome bonus',
  source: 'promo:3:claim:1',
  amount: 35000,
  required: 350000,
  wagered: 87500,
  progressPercent: 25,
  state: 'active',
  grantedAt: '2026-01-01T00:00:00Z',
  expiresAt: inDays(2),
  endedAt: null,
  converted: 0,
  forfeited: 0,
  ...extra,
});

const common: Record<string, Answer> = {
  'GET /wps/member/info': { value: { id: 7, account: 'player01', isTrial: false, type: 0, hasVip: false, mobileNum: '', email: '' } },
  'GET /wps/v2/wallets/balance': { value: { balance: 50000, currency: 'USD', currencySymbol: '$', decimals: 2, bonusBalance: 35000 } },
  'GET /wps/member/messages/unread': { value: { unread: 0 } },
  'GET /wps/rewards/summary': { value: { count: 0, claimable: [] } },
};

beforeEach(() => sessionStorage.setItem('token', 'T'));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const slow = { timeout: 5000 };
// settle lets a dialog's 100 ms opening delay pass inside act.
const settle = () => act(() => new Promise<void>((r) => setTimeout(r, 300)));
const nav = () => screen.getByRole('navigation', { name: 'member.title' });

describe('member centre badges', () => {
  it('counts rewards to claim on rewardCenter, nothing at 0 and on missions', async () => {
    serve({ ...common, 'GET /wps/rewards/summary': { value: { count: 2, claimable: [] } } });
    renderAt(<MemberPage />, '/member?page=securityCenter');
    const link = within(nav()).getByRole('link', { name: /member\.page\.rewardCenter/ });
    await waitFor(() => expect(link).toHaveTextContent('rewards.badge 2'));
    expect(within(nav()).getByRole('link', { name: 'member.page.missionLeaderboard' }).querySelector('.count-badge')).toBeNull();
  });

  it('shows no badge when nothing waits', async () => {
    const calls = serve(common);
    renderAt(<MemberPage />, '/member?page=securityCenter');
    await waitFor(() => expect(calls.some((c) => c.path === '/wps/rewards/summary')).toBe(true));
    expect(within(nav()).getByRole('link', { name: 'member.page.rewardCenter' }).querySelector('.count-badge')).toBeNull();
  });
});

describe('bonus details', () => {
  it('splits the time left into days, hours and minutes', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(remaining('2026-01-02T03:04:00Z', now)).toEqual({ d: 1, h: 3, m: 4, over: false });
    expect(remaining('2025-12-31T00:00:00Z', now).over).toBe(true);
  });

  it('shows the running grant with its wagering and expiry, and forfeits after a confirm', async () => {
    let active: GrantView | null = grant(1);
    const calls = serve({
      ...common,
      'GET /wps/bonus': () => ({ value: { bonusBalance: active ? 35000 : 0, active, currency: 'USD', decimals: 2 } }),
      'GET /wps/bonus/grants': { value: paged([grant(1), grant(0, { state: 'converted', converted: 12000, endedAt: '2025-12-01T00:00:00Z' })]) },
      'GET /wps/bonus/contributions': { value: [{ gameType: 'RNG', percent: 100 }, { gameType: 'LIVE', percent: 10 }] },
      'POST /wps/bonus/forfeit': () => {
        active = null;
        return { value: { forfeited: 35000 } };
      },
    });
    renderAt(<MemberPage />, '/member?page=bonusDetails');
    expect(await screen.findByTestId('bonus-balance')).toHaveTextContent('350.00');
    expect(screen.getByRole('progressbar', { name: 'bonus.wageringLabel' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('bonus.wagered 875.00 3,500.00 25')).toBeInTheDocument();
    expect(screen.getByTestId('bonus-expiry')).toHaveTextContent(/bonus\.expiresIn 2 0 [01]/);
    expect(await screen.findByText('bonus.state.converted')).toBeInTheDocument();
    expect(await screen.findByText(/^type\.RNG/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'bonus.forfeit' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog).toHaveTextContent('bonus.forfeitConfirm 350.00');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'common.confirm' })));
    expect(await screen.findByText('bonus.forfeited 350.00')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(await screen.findByText('bonus.noneRunning')).toBeInTheDocument();
  });

  it('says when there is no bonus at all', async () => {
    serve({ ...common, 'GET /wps/bonus': { value: { bonusBalance: 0, active: null, currency: 'USD', decimals: 2 } }, 'GET /wps/bonus/grants': { value: paged([]) }, 'GET /wps/bonus/contributions': { value: [] } });
    renderAt(<MemberPage />, '/member?page=bonusDetails');
    expect(await screen.findByText('bonus.noneRunning')).toBeInTheDocument();
    expect(await screen.findByText('bonus.noGrants')).toBeInTheDocument();
  });
});

describe('reward centre', () => {
  it('claims a waiting reward and lists claims and applications', async () => {
    const calls = serve({
      ...common,
      'GET /wps/rewards/summary': { value: { count: 1, claimable: [{ promotionId: 12, title: 'Deposit cash', reward: { kind: 'cash', amount: 2500 } }] } },
      'GET /wps/promotions': { value: { content: [] } },
      'POST /wps/promotions/12/claim': { value: { state: 'claimed', reward: { kind: 'cash', amount: 2500 }, balance: 52500, bonusBalance: 0 } },
      'GET /wps/promotions/claims': {
        value: paged([
          { id: 1, promotionId: 12, title: 'Deposit cash', state: 'claimed', reward: { kind: 'cash', amount: 2500 }, reason: '', createdAt: '2026-01-01T00:00:00Z', decidedAt: null },
          { id: 2, promotionId: 4, title: 'Tell us', state: 'rejected', reward: { kind: 'cash', amount: 0 }, reason: 'blurry', createdAt: '2026-01-01T00:00:00Z', decidedAt: '2026-01-02T00:00:00Z' },
        ]),
      },
    });
    renderAt(<MemberPage />, '/member?page=rewardCenter');
    expect(await screen.findByText('Deposit cash', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByText('promo.state.rejected')).toBeInTheDocument();
    expect(screen.getByText('blurry')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'promo.state.claim' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog).toHaveTextContent('promo.confirmClaim');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'common.confirm' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/wps/promotions/12/claim']));
  });

  it('asks nothing of a trial account (real accounts only)', async () => {
    const calls = serve({ ...common, 'GET /wps/member/info': { value: { id: 8, account: 'trial01', isTrial: true, type: 1, hasVip: false, mobileNum: '', email: '' } } });
    renderAt(<MemberPage />, '/member?page=rewardCenter');
    expect(await screen.findByText('errors.realAccount', {}, slow)).toBeInTheDocument();
    await settle();
    expect(calls.filter((c) => c.path === '/wps/rewards/summary' || c.path === '/wps/promotions/claims')).toHaveLength(0);
  });

  it('says when nothing waits and no claim was made', async () => {
    serve({ ...common, 'GET /wps/promotions/claims': { value: paged([]) } });
    renderAt(<MemberPage />, '/member?page=rewardCenter');
    expect(await screen.findByText('rewards.none')).toBeInTheDocument();
    expect(await screen.findByText('rewards.noHistory')).toBeInTheDocument();
  });
});

describe('manual rebate', () => {
  const info = (claimable: number) => ({
    rates: [{ id: 1, kind: 'rebate', gameType: 'RNG', vipLevel: 0, rateBp: 50, period: 'daily', mode: 'manual', minPayout: 100, cap: 0 }],
    period: { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' },
    accrued: { rebate: 1234, cashback: 0 },
    claimable,
    lastPaid: null,
  });
  it('shows rates and accrued figures, claims, and words a refusal', async () => {
    let first = true;
    serve({
      ...common,
      'GET /wps/rebate': { value: info(1234) },
      'GET /wps/rebate/history': { value: paged([{ id: 1, kind: 'cashback', mode: 'auto', periodStart: '2025-12-01T00:00:00Z', periodEnd: '2025-12-02T00:00:00Z', base: 10000, amount: 500, paidAt: '2025-12-02T00:10:00Z' }]) },
      'POST /wps/rebate/claim': () => (first ? ((first = false), { code: 'rebate.below_minimum' }) : { value: { amount: 1234, balance: 51234 } }),
    });
    renderAt(<MemberPage />, '/member?page=manualRebate');
    expect(await screen.findByTestId('rebate-claimable')).toHaveTextContent('12.34');
    expect(screen.getByText(/^0\.50? %$/)).toBeInTheDocument();
    expect(await screen.findByText('rebate.kind.cashback')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'rebate.claim' })));
    expect(await screen.findByText('rebate.error.belowMinimum')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'rebate.claim' })));
    expect(await screen.findByText('rebate.claimed 12.34')).toBeInTheDocument();
  });

  it('cannot claim nothing', async () => {
    serve({ ...common, 'GET /wps/rebate': { value: info(0) }, 'GET /wps/rebate/history': { value: paged([]) } });
    renderAt(<MemberPage />, '/member?page=manualRebate');
    expect(await screen.findByRole('button', { name: 'rebate.claim' })).toBeDisabled();
    expect(await screen.findByText('rebate.noHistory')).toBeInTheDocument();
  });
});

describe('withdrawal with a running bonus', () => {
  const withdrawInfo: WithdrawInfo = {
    currency: 'USD',
    decimals: 2,
    balance: 50000,
    min: 1000,
    max: 100000,
    dailyCount: 0,
    dailyAmount: 0,
    usedToday: { count: 0, amount: 0 },
    turnover: { multiplePct: 100, required: 0, done: 0, remaining: 0 },
    maxOpen: 0,
    openCount: 0,
    receiptMinutes: 60,
    accounts: [{ id: 3, bankName: 'ABA Bank', accountName: 'Sok Dara', accountMasked: '•••• 6789', createdAt: '2026-11-20T04:00:00Z' }],
    paymentPasswordSet: true,
    realName: 'Sok Dara',
  };
  const routes = (active: GrantView | null) => ({
    ...common,
    'GET /wps/cashier/withdraw/info': { value: withdrawInfo },
    'GET /wps/cashier/withdrawals': { value: paged([]) },
    'GET /wps/bonus': { value: { bonusBalance: active ? 35000 : 0, active, currency: 'USD', decimals: 2 } },
    'POST /wps/cashier/withdrawals': { value: { id: 40, amount: 2000, status: 'pending', currency: 'USD', decimals: 2, proofUrls: [], createdAt: '2026-01-01T00:00:00Z' } },
  });
  async function fill() {
    fireEvent.change(await screen.findByRole('textbox', { name: /^cashier\.amount/ }), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('cashier.paymentPassword.label'), { target: { value: '123456' } });
  }

  it('warns and asks before the request goes, and sends nothing when cancelled', async () => {
    const calls = serve(routes(grant(1)));
    renderAt(<MemberPage />, '/member?page=withdraw');
    expect(await screen.findByTestId('withdraw-bonus-warning')).toHaveTextContent('bonus.withdrawWarning 350.00 USD');
    await fill();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'cashier.withdraw.submit' })));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(dialog).toHaveTextContent('bonus.withdrawConfirm 350.00 USD');
    fireEvent.click(within(dialog).getByRole('button', { name: 'common.cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'cashier.withdraw.submit' })));
    await settle();
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog', {}, slow)).getByRole('button', { name: 'common.confirm' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
  });

  it('warns while a grant runs even with nothing left in it (the grant ends too)', async () => {
    const r = routes(grant(1));
    serve({ ...r, 'GET /wps/bonus': { value: { bonusBalance: 0, active: grant(1), currency: 'USD', decimals: 2 } } });
    renderAt(<MemberPage />, '/member?page=withdraw');
    expect(await screen.findByTestId('withdraw-bonus-warning')).toHaveTextContent('bonus.withdrawWarning 0.00 USD');
  });

  it('neither warns nor asks without a running bonus', async () => {
    const calls = serve(routes(null));
    renderAt(<MemberPage />, '/member?page=withdraw');
    await fill();
    expect(screen.queryByTestId('withdraw-bonus-warning')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'cashier.withdraw.submit' })));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1), slow);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
