import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { popups } from '../../lib/popups';
import { claimKey, type MemberPromoState, type Promo } from './api';
import { checkApplication, COMMENT_MAX } from './ApplyForm';
import { errorKeys } from './errors';
import { PromotionsPage } from './PromotionsPage';
import { actionFor, progressPercent, visitorState } from './states';
import { renderAt, serve } from './testing';
import en from '../../locales/en.json';

// t() puts the interpolated values after the key, so a test sees both.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string, o?: Record<string, unknown>) => (o ? `${key} ${Object.values(o).join(' ')}` : key), i18n: { language: 'EN' } }),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

const base: Promo = {
  id: 1,
  kind: 'free',
  title: 'Free spin cash',
  summary: 'A gift',
  imageUrl: '',
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  reward: { kind: 'cash', amount: 500, percentBp: 0, cap: 0, wagering: 0, expiryDays: 0 },
  minDeposit: 0,
  target: 0,
  gameTypes: [],
  perMemberLimit: 1,
  vipMin: 0,
  vipMax: 99,
  budgetLeftPercent: null,
  comingSoon: false,
};
const promos: Promo[] = [
  base,
  { ...base, id: 2, kind: 'turnover', title: 'Spin more', target: 10000 },
  { ...base, id: 3, kind: 'first_deposit', title: 'Welcome bonus', reward: { kind: 'bonus', amount: 0, percentBp: 10000, cap: 50000, wagering: 10, expiryDays: 7 }, budgetLeftPercent: 73 },
  { ...base, id: 4, kind: 'application', title: 'Tell us' },
  { ...base, id: 5, kind: 'loss', title: 'Later', comingSoon: true, startsAt: '2099-01-01T00:00:00Z' },
];
const st = (state: MemberPromoState['state'], extra: Partial<MemberPromoState> = {}): MemberPromoState => ({ state, progress: null, claimable: null, reason: '', claims: 0, ...extra });
const states = { '1': st('claimed', { claims: 1 }), '2': st('in_progress', { progress: { current: 2500, target: 10000 } }), '3': st('claim', { claimable: 35000 }), '4': st('rejected', { reason: 'blurry' }), '5': st('coming_soon') };

beforeEach(() => popups.set([]));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('promotion states', () => {
  it.each([
    ['free', 'claim', true, 'claim'],
    ['deposit', 'claim', false, 'login'],
    ['turnover', 'join', true, 'join'],
    ['loss', 'join', false, 'login'],
    ['application', 'claim', true, 'apply'],
    ['application', 'rejected', true, 'apply'],
    ['free', 'rejected', true, null],
    ['turnover', 'joined', true, null],
    ['turnover', 'in_progress', true, null],
    ['deposit', 'applying', true, null],
    ['deposit', 'claimed', true, null],
    ['deposit', 'issued', true, null],
    ['deposit', 'closed', true, null],
    ['deposit', 'coming_soon', false, null],
  ] as const)('%s in %s (logged in %s) acts %s', (kind, state, loggedIn, action) => {
    expect(actionFor(kind, state, loggedIn)).toBe(action);
  });

  it('shows a visitor when a promotion starts, else its first step', () => {
    expect(visitorState(promos[4])).toBe('coming_soon');
    expect(visitorState(promos[1])).toBe('join');
    expect(visitorState(promos[0])).toBe('claim');
    expect(visitorState({ ...base, endsAt: '2000-01-01T00:00:00Z' })).toBe('closed');
  });

  it('bounds progress to 0..100', () => {
    expect(progressPercent({ current: 2500, target: 10000 })).toBe(25);
    expect(progressPercent({ current: 20000, target: 10000 })).toBe(100);
    expect(progressPercent(null)).toBe(0);
    expect(progressPercent({ current: 5, target: 0 })).toBe(0);
  });

  it('has a label for every state and every error code in English', () => {
    const tree = en as unknown as Record<string, Record<string, Record<string, string>>>;
    for (const s of ['coming_soon', 'closed', 'join', 'joined', 'in_progress', 'claim', 'applying', 'rejected', 'claimed', 'issued']) expect(tree.promo.state[s], s).toBeTruthy();
    const lookup = (key: string) => key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], en);
    for (const [code, key] of Object.entries(errorKeys)) expect(typeof lookup(key), code).toBe('string');
  });
});

describe('promotions page', () => {
  it('lists cards with state labels, progress and budget for a member', async () => {
    sessionStorage.setItem('token', 'T');
    serve({ 'GET /wps/promotions': { value: { content: promos } }, 'GET /wps/promotions/states': { value: { states } } });
    renderAt(<PromotionsPage />, '/promotions');
    const claimed = await screen.findByTestId('promo-1');
    await waitFor(() => expect(within(claimed).getByText('promo.state.claimed')).toBeInTheDocument());
    const counting = screen.getByTestId('promo-2');
    expect(within(counting).getByText('promo.state.in_progress')).toBeInTheDocument();
    expect(within(counting).getByRole('progressbar', { name: 'promo.progressLabel' })).toHaveAttribute('aria-valuenow', '25');
    const welcome = screen.getByTestId('promo-3');
    expect(within(welcome).getByRole('button', { name: 'promo.state.claim' })).toBeInTheDocument();
    expect(within(welcome).getByRole('progressbar', { name: 'promo.budgetLabel' })).toHaveAttribute('aria-valuenow', '73');
    expect(within(screen.getByTestId('promo-4')).getByRole('button', { name: 'promo.action.apply' })).toBeInTheDocument();
    expect(within(screen.getByTestId('promo-4')).getByText(/blurry/)).toBeInTheDocument();
    expect(within(screen.getByTestId('promo-5')).getByText('promo.state.coming_soon')).toBeInTheDocument();
    // Tabs: all, the kinds present, and VIP.
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['promo.tab.all', 'promo.kind.free', 'promo.kind.first_deposit', 'promo.kind.turnover', 'promo.kind.loss', 'promo.kind.application', 'promo.tab.vip']);
    fireEvent.click(screen.getByRole('tab', { name: 'promo.kind.turnover' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('confirms a bonus claim naming its wagering and expiry, then claims once with a request id', async () => {
    sessionStorage.setItem('token', 'T');
    const calls = serve({
      'GET /wps/promotions': { value: { content: promos } },
      'GET /wps/promotions/states': { value: { states } },
      'POST /wps/promotions/3/claim': { value: { state: 'claimed', reward: { kind: 'bonus', amount: 35000 }, balance: 100, bonusBalance: 35000 } },
    });
    renderAt(<PromotionsPage />, '/promotions');
    const welcome = await screen.findByTestId('promo-3');
    fireEvent.click(await within(welcome).findByRole('button', { name: 'promo.state.claim' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    // The state's claimable (35000) is what the claim pays, not the 100% rule.
    expect(dialog).toHaveTextContent(/promo\.confirmBonus .*350\.00.* 10 7/);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'common.confirm' })));
    await screen.findByText(/promo\.claimedDone/);
    const claims = calls.filter((c) => c.method === 'POST');
    expect(claims).toHaveLength(1);
    expect((claims[0].body as { requestId: string }).requestId).toMatch(/\w{8,}/);
  });

  it('words a refusal by its code', async () => {
    sessionStorage.setItem('token', 'T');
    serve({
      'GET /wps/promotions': { value: { content: promos } },
      'GET /wps/promotions/states': { value: { states: { ...states, '2': st('join') } } },
      'POST /wps/promotions/2/join': { code: 'promo.closed', message: 'closed' },
    });
    renderAt(<PromotionsPage />, '/promotions');
    const card = await screen.findByTestId('promo-2');
    await act(async () => fireEvent.click(await within(card).findByRole('button', { name: 'promo.state.join' })));
    expect(await within(card).findByRole('alert')).toHaveTextContent('promo.error.closed');
  });

  it('opens the log-in popup from a visitor action and asks no member state', async () => {
    const calls = serve({ 'GET /wps/promotions': { value: { content: promos } } });
    renderAt(<PromotionsPage />, '/promotions');
    const card = await screen.findByTestId('promo-2');
    fireEvent.click(within(card).getByRole('button', { name: 'promo.state.join' }));
    expect(popups.get().map((p) => p.id)).toEqual(['login']);
    expect(calls.some((c) => c.path === '/wps/promotions/states')).toBe(false);
  });

  it('shows a trial account the visitor states and asks no member state (real accounts only)', async () => {
    sessionStorage.setItem('token', 'T');
    const calls = serve({ 'GET /wps/promotions': { value: { content: promos } }, 'GET /wps/member/info': { value: { isTrial: true } } });
    renderAt(<PromotionsPage />, '/promotions');
    await waitFor(() => expect(calls.some((c) => c.path === '/wps/member/info')).toBe(true));
    const card = await screen.findByTestId('promo-2');
    expect(await within(card).findByRole('button', { name: 'promo.state.join' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(calls.some((c) => c.path === '/wps/promotions/states')).toBe(false);
  });

  it('keys claims apart from applications of the same id', () => {
    expect(claimKey({ id: 5, state: 'claimed' })).not.toBe(claimKey({ id: 5, state: 'applying' }));
    expect(claimKey({ id: 5, state: 'issued' })).toBe(claimKey({ id: 5, state: 'claimed' }));
    expect(claimKey({ id: 5, state: 'rejected' })).toBe(claimKey({ id: 5, state: 'applying' }));
  });

  it('says so when there are no promotions, and offers a retry on a load error', async () => {
    serve({ 'GET /wps/promotions': { value: { content: [] } } });
    const { unmount } = renderAt(<PromotionsPage />, '/promotions');
    expect(await screen.findByText('promotions.none')).toBeInTheDocument();
    unmount();
    serve({ 'GET /wps/promotions': { status: 500, code: 'system.error', message: 'boom' } });
    renderAt(<PromotionsPage />, '/promotions');
    expect(await screen.findByRole('button', { name: 'common.retry' })).toBeInTheDocument();
  });
});

describe('promotion detail and application', () => {
  it('shows the body and the rules of a bonus promotion', async () => {
    serve({ 'GET /wps/promotions/3': { value: { ...promos[2], body: '<p>Welcome <b>aboard</b></p>', minDeposit: 1000 } } });
    renderAt(<PromotionsPage />, '/promotionDetail?id=3');
    expect(await screen.findByText('aboard')).toBeInTheDocument();
    expect(screen.getByText('promo.rule.wagering')).toBeInTheDocument();
    expect(screen.getByText('promo.times 10')).toBeInTheDocument();
    expect(screen.getByText('promo.days 7')).toBeInTheDocument();
    expect(screen.getByText('promo.rule.minDeposit')).toBeInTheDocument();
  });

  it('says a missing promotion is not found', async () => {
    serve({ 'GET /wps/promotions/9': { status: 404, code: 'promo.not_found' } });
    renderAt(<PromotionsPage />, '/promotionDetail?id=9');
    expect(await screen.findByText('promo.error.notFound')).toBeInTheDocument();
  });

  it('enforces the comment and image limits before sending', () => {
    const png = { type: 'image/png', size: 1000 };
    expect(checkApplication('x'.repeat(COMMENT_MAX), [png, png, png])).toBe('');
    expect(checkApplication('x'.repeat(COMMENT_MAX + 1), [])).toBe('comment');
    expect(checkApplication('', [png, png, png, png])).toBe('tooMany');
    expect(checkApplication('', [{ type: 'image/gif', size: 10 }])).toBe('type');
    expect(checkApplication('', [{ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }])).toBe('size');
    // Khmer and emoji count as characters, not UTF-16 units.
    expect(checkApplication('😀'.repeat(COMMENT_MAX), [])).toBe('');
  });

  it('counts the comment live, refuses a wrong file and sends multipart', async () => {
    sessionStorage.setItem('token', 'T');
    const calls = serve({
      'GET /wps/promotions/4': { value: promos[3] },
      'GET /wps/promotions/states': { value: { states } },
      'POST /wps/promotions/4/apply': { value: { state: 'applying', applicationId: 5 } },
    });
    renderAt(<PromotionsPage />, '/promotionDetail?id=4');
    fireEvent.click(await screen.findByRole('button', { name: 'promo.action.apply' }));
    const comment = screen.getByLabelText('promo.apply.comment');
    fireEvent.change(comment, { target: { value: 'x'.repeat(141) } });
    expect(screen.getByText('promo.apply.counter 141 140')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'promo.apply.submit' })).toBeDisabled();
    fireEvent.change(comment, { target: { value: 'my receipt' } });
    const input = screen.getByLabelText(/promo\.apply\.images/);
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(screen.getByRole('alert')).toHaveTextContent('promo.apply.problem.type');
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert')).toHaveTextContent('promo.apply.problem.size');
    const ok = (n: number) => new File(['png'], `p${n}.png`, { type: 'image/png' });
    fireEvent.change(input, { target: { files: [ok(1), ok(2), ok(3), ok(4)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('promo.apply.problem.tooMany');
    expect(screen.getAllByRole('button', { name: /promo\.apply\.remove/ })).toHaveLength(3);
    // The picker goes once three images are chosen; removing one brings it back.
    expect(screen.queryByLabelText(/promo\.apply\.images/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'promo.apply.remove 3' }));
    expect(screen.getByLabelText(/promo\.apply\.images/)).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'promo.apply.submit' })));
    expect(await screen.findByText('promo.apply.sent')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(sent.body).toBeInstanceOf(FormData);
    const form = sent.body as FormData;
    expect(form.get('comment')).toBe('my receipt');
    expect(form.getAll('images')).toHaveLength(2);
    expect(sent.headers['Content-Type']).toBeUndefined();
  });
});
