import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { PromotionsPage } from './PromotionsPage';
import type { AdminPromo, Application } from './types';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const all = ['promotions.read', 'promotions.write', 'promotions.review'];
const readOnly = ['promotions.read'];
const money = { currency: 'USD', decimals: 2 };
const page = <T,>(content: T[]) => ({ content, pageNum: 1, pageSize: 20, totalPages: 1, total: content.length, ...money });

const promo = (id: number, extra: Partial<AdminPromo> = {}): AdminPromo => ({
  id, kind: 'first_deposit', title: `Welcome ${id}`, summary: '', imageUrl: '', startsAt: '2026-11-01T00:00:00Z', endsAt: null,
  reward: { kind: 'bonus', amount: 0, percentBp: 10000, cap: 50000, wagering: 10, expiryDays: 7 }, minDeposit: 1000, target: 0, gameTypes: [],
  perMemberLimit: 1, vipMin: 0, vipMax: 99, status: 'live', texts: { en: { title: `Welcome ${id}`, summary: 'Double', body: '<p>Body</p>' } },
  budget: 1000000, spent: 250000, claims: 12, totalLimit: 0, createdAt: '2026-10-01T00:00:00Z', updatedAt: '2026-10-01T00:00:00Z', ...extra,
});
const application: Application = {
  id: 5, promotionId: 9, title: 'Share and win', memberId: 77, username: 'player01', comment: 'I shared it', images: ['/admin/api/promotions/applications/5/images/0', '/admin/api/promotions/applications/5/images/1'],
  state: 'applying', createdAt: '2026-11-20T08:00:00Z', reason: '',
};

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const p = c.url.pathname;
    if (p === '/admin/api/promotions' && c.method === 'GET')
      return { value: { content: [promo(1), promo(9, { kind: 'application', status: 'draft', reward: { kind: 'points', amount: 300, percentBp: 0, cap: 0, wagering: 0, expiryDays: 0 }, budget: 0, spent: 600 })], ...money } };
    if (p === '/admin/api/promotions/1/ledger') return { value: { cost: 250000, claims: 12, members: 11, converted: 40000, forfeited: 10000, budget: 1000000, spent: 250000, ...money } };
    if (p === '/admin/api/promotions/1/claims')
      return { value: page([{ id: 31, memberId: 77, username: 'player01', state: 'claimed', amount: 35000, rewardKind: 'bonus', createdAt: '2026-11-02T00:00:00Z', decidedAt: null, decidedBy: '', reason: '' }]) };
    if (p === '/admin/api/promotions/applications') return { value: page([application]) };
    if (p === '/admin/api/bonus/grants')
      return { value: page([{ id: 4, username: 'player01', title: 'Welcome 1', source: 'promo:1:claim:31', amount: 35000, required: 350000, wagered: 175000, progressPercent: 50, state: 'active', grantedAt: '2026-11-02T00:00:00Z', expiresAt: '2026-11-09T00:00:00Z', endedAt: null, converted: 0, forfeited: 0 }]) };
    if (p === '/admin/api/bonus/contributions' && c.method === 'GET') return { value: [{ gameType: 'RNG', percent: 100 }, { gameType: 'LIVE', percent: 10 }] };
    if (p === '/admin/api/points/settings' && c.method === 'GET') return { value: { earnRateBp: 100, convertRate: 100, convertMin: 100, enabled: true } };
    if (p === '/admin/api/points/items' && c.method === 'GET')
      return { value: { content: [{ id: 3, texts: { EN: { name: 'Mug', description: '' }, TH: { name: 'แก้ว', description: '' } }, imageUrl: '', points: 500, amountRequirement: 0, stock: 20, perMemberLimit: 1, kind: 'goods', cashAmount: 0, status: 'active', sort: 4, createdAt: 1, updatedAt: 1 }], ...money } };
    if (p === '/admin/api/points/redemptions')
      return { value: page([{ id: 8, username: 'player01', name: 'Mug', quantity: 1, pointsRequirement: 500, amountRequirement: 0, status: 'applying', applyTime: '2026-11-21T00:00:00Z', referenceNo: 'R8', reason: '' }]) };
    if (p === '/admin/api/vip/levels' && c.method === 'GET')
      return { value: { levels: [{ level: 0, name: 'Member', minDeposit: 0, minValidBet: 0, windowDays: 30, upgradeReward: 0, withdrawDailyLimit: null }, { level: 1, name: 'Silver', minDeposit: 100000, minValidBet: 500000, windowDays: 30, upgradeReward: 1000, withdrawDailyLimit: 500000 }], ...money } };
    if (p === '/admin/api/rebate/rates' && c.method === 'GET') return { value: { rates: [{ id: 1, kind: 'rebate', gameType: '', vipLevel: 0, rateBp: 50, period: 'daily', mode: 'auto', minPayout: 100, cap: 0 }], ...money } };
    if (p === '/admin/api/rebate/runs')
      return { value: { ...page([{ id: 2, kind: 'cashback', period: 'weekly', periodStart: '2026-11-16T00:00:00Z', periodEnd: '2026-11-23T00:00:00Z', members: 40, amount: 123400, state: 'done', error: '', trigger: 'job', startedAt: '2026-11-23T00:01:00Z', finishedAt: '2026-11-23T00:01:05Z' }]), timezone: '+07:00' } };
    if (p === '/admin/api/rebate/runs/2/payouts') return { value: page([{ id: 90, memberId: 77, username: 'player01', kind: 'cashback', mode: 'auto', periodStart: '2026-11-16T00:00:00Z', periodEnd: '2026-11-23T00:00:00Z', base: 100000, amount: 5000, paidAt: '2026-11-23T00:01:02Z' }]) };
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const open = (route = '/promotions', permissions = all) => renderAsOperator(<PromotionsPage />, operator(permissions), route);

describe('PromotionsPage', () => {
  it('asks for promotions.read when the role only reviews', () => {
    serve();
    open('/promotions', ['promotions.review']);
    expect(screen.getByText('promotions.needsRead')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('lists promotions with the budget meter, claims and cost, and the actions of each status', async () => {
    serve();
    open();
    const row = await screen.findByTestId('promo-1');
    expect(within(row).getByText('promotions.state.live')).toBeInTheDocument();
    expect(within(row).getByText('2,500.00 USD / 10,000.00 USD (25 %)')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'promotions.status.to.paused' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'promotions.status.to.ended' })).toBeInTheDocument();
    const draft = screen.getByTestId('promo-9');
    expect(within(draft).getByText('promotions.list.noBudget')).toBeInTheDocument();
    expect(within(draft).getByText('600 PTS')).toBeInTheDocument();
    expect(within(draft).getByRole('button', { name: 'promotions.status.to.live' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(7);
  });

  it('shows a read-only operator the lists without any edit or status button', async () => {
    serve();
    open('/promotions', readOnly);
    const row = await screen.findByTestId('promo-1');
    expect(screen.queryByRole('button', { name: 'promotions.list.new' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /status\.to/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'promotions.list.editOne' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'promotions.ledger.openOne' })).toBeInTheDocument();
  });

  it('moves a promotion to paused only after a confirm, and shows a refusal in the dialog', async () => {
    let refuse = true;
    const calls = serve((c) => {
      if (c.method !== 'POST') return undefined;
      if (refuse) {
        refuse = false;
        return { status: 409, code: 'promo.bad_status', message: 'Cannot pause now' };
      }
      return { value: promo(1, { status: 'paused' }) };
    });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await screen.findByTestId('promo-1')).getByRole('button', { name: 'promotions.status.to.paused' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('confirm-text')).toHaveTextContent('promotions.status.effect.paused');
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'promotions.status.confirm' }));
    expect(await within(dialog).findByText('Cannot pause now')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'promotions.status.confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls).map((c) => [c.url.pathname, c.body])).toEqual([
      ['/admin/api/promotions/1/status', { status: 'paused' }],
      ['/admin/api/promotions/1/status', { status: 'paused' }],
    ]);
    expect(screen.getByTestId('promotions-outcome')).toHaveTextContent('promotions.status.done.paused');
  });

  it('builds a promotion: checks before sending, previews as typed (sanitized), sends the contract body and shows a refusal', async () => {
    let answer: Reply = { status: 422, code: 'promo.invalid', message: 'Wagering must be 1 to 100' };
    const calls = serve((c) => {
      if (c.method !== 'POST') return undefined;
      const r = answer;
      answer = { value: promo(20, { status: 'draft' }) };
      return r;
    });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'promotions.list.new' }));
    // A new promotion starts now unless told otherwise.
    expect((screen.getByLabelText('promotions.builder.startsAt') as HTMLInputElement).value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    fireEvent.change(screen.getByLabelText('promotions.builder.startsAt'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'promotions.builder.create' }));
    expect(screen.getByText('promotions.problem.titleNeeded')).toBeInTheDocument();
    expect(screen.getByText('promotions.problem.required')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('promotions.builder.startsAt'), { target: { value: '2026-12-01T10:00' } });
    await user.clear(screen.getByLabelText('promotions.builder.minDeposit'));
    await user.type(screen.getByLabelText('promotions.builder.minDeposit'), '10');
    await user.clear(screen.getByLabelText('promotions.builder.cap'));
    await user.type(screen.getByLabelText('promotions.builder.cap'), '500');
    await user.type(screen.getByLabelText('promotions.builder.title'), 'សូមស្វាគមន៍');
    await user.type(screen.getByLabelText('promotions.builder.body'), '<p>Hello<img src=x onerror="alert(1)"></p>');
    const preview = screen.getByTestId('promo-preview');
    expect(within(preview).getByRole('heading', { name: 'សូមស្វាគមន៍' })).toBeInTheDocument();
    expect(preview.querySelector('img[onerror]')).toBeNull();
    expect(within(preview).getByText('Hello')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'promotions.language.en' }));
    await user.type(screen.getByLabelText('promotions.builder.title'), 'Welcome');

    await user.click(screen.getByRole('button', { name: 'promotions.builder.create' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const sent = writes(calls)[0];
    expect(sent.url.pathname).toBe('/admin/api/promotions');
    expect(sent.body).toMatchObject({
      kind: 'first_deposit',
      reward: { kind: 'bonus', amount: 0, percentBp: 10000, cap: 50000, wagering: 10, expiryDays: 7 },
      minDeposit: 1000,
      perMemberLimit: 1,
      vipMin: 0,
      vipMax: 99,
      texts: { km: { title: 'សូមស្វាគមន៍', summary: '', body: '<p>Hello<img src=x onerror="alert(1)"></p>' }, en: { title: 'Welcome', summary: '', body: '' } },
    });
    expect(await screen.findByText('Wagering must be 1 to 100')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'promotions.builder.create' }));
    await waitFor(() => expect(screen.getByTestId('promotions-outcome')).toHaveTextContent('promotions.builder.created'));
  });

  it('places a server field error at its field', async () => {
    // The harness's failures carry no value: this fetch answers a 422 naming its field.
    const calls: Call[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://portal.test');
      calls.push({ method: init.method ?? 'GET', url, headers: {}, body: init.body ? JSON.parse(init.body as string) : undefined });
      if (init.method === 'POST') return new Response(JSON.stringify({ success: false, code: 'promo.invalid', message: 'Wagering 1..100', value: { field: 'reward.wagering', reason: 'range' } }), { status: 422 });
      return new Response(JSON.stringify({ success: true, value: { content: [], ...money } }), { status: 200 });
    });
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(await screen.findByRole('button', { name: 'promotions.list.new' }));
    fireEvent.change(screen.getByLabelText('promotions.builder.startsAt'), { target: { value: '2026-12-01T10:00' } });
    await user.type(screen.getByLabelText('promotions.builder.title'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'promotions.builder.create' }));
    const wagering = screen.getByLabelText('promotions.builder.wagering');
    await waitFor(() => expect(wagering).toHaveAttribute('aria-invalid', 'true'));
    expect(wagering).toHaveAccessibleDescription(/Wagering 1\.\.100/);
  });

  it('keeps kind and reward fixed when editing a live promotion, and sends a PUT', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { value: promo(1) } : undefined));
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await screen.findByTestId('promo-1')).getByRole('button', { name: 'promotions.list.editOne' }));
    expect(screen.getByLabelText('promotions.list.kind')).toBeDisabled();
    expect(screen.getByLabelText('promotions.builder.rewardKind')).toBeDisabled();
    expect(screen.getByLabelText('promotions.builder.percent')).toHaveValue('100.00');
    await user.clear(screen.getByLabelText('promotions.builder.totalLimit'));
    await user.type(screen.getByLabelText('promotions.builder.totalLimit'), '500');
    await user.click(screen.getByRole('button', { name: 'promotions.builder.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/admin/api/promotions/1');
    // The status it keeps goes along: the server reads a missing one as draft.
    expect(writes(calls)[0].body).toMatchObject({ status: 'live', totalLimit: 500, budget: 1000000, reward: { percentBp: 10000, cap: 50000 }, texts: { en: { title: 'Welcome 1' } } });
  });

  it('opens the reward ledger with its claims and the CSV link', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await user.click(within(await screen.findByTestId('promo-1')).getByRole('button', { name: 'promotions.ledger.openOne' }));
    expect(await screen.findByTestId('ledger-cost')).toHaveTextContent('2,500.00 USD');
    expect(screen.getByTestId('ledger-members')).toHaveTextContent('11');
    expect(screen.getByTestId('ledger-converted')).toHaveTextContent('400.00 USD');
    expect(within(await screen.findByTestId('claim-31')).getByText('350.00 USD')).toBeInTheDocument();
    const csv = new URL(screen.getByTestId('claims-csv').getAttribute('href')!, 'http://portal.test');
    expect(csv.pathname).toBe('/admin/api/promotions/1/claims');
    expect(csv.searchParams.get('format')).toBe('csv');
  });
});

describe('PromotionsPage: applications', () => {
  it('filters by state, opens the comment and images, and approves with an amount in the promotion unit', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: { ...application, state: 'approved', amount: 450 } } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=applications');
    await screen.findByTestId('application-5');
    expect(calls.find((c) => c.url.pathname === '/admin/api/promotions/applications')!.url.searchParams.get('state')).toBe('applying');
    await user.selectOptions(screen.getByLabelText('promotions.applications.state'), 'rejected');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('state')).toBe('rejected'));
    await user.click(screen.getByRole('button', { name: 'promotions.applications.openOne' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('application-comment')).toHaveTextContent('I shared it');
    const thumbs = within(dialog).getAllByRole('button', { name: 'promotions.applications.imageOpen' });
    expect(thumbs).toHaveLength(2);
    await user.click(thumbs[1]);
    expect(within(screen.getByTestId('image-full')).getByRole('img')).toHaveAttribute('src', '/admin/api/promotions/applications/5/images/1');
    const amount = await within(dialog).findByDisplayValue('300');
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.approve' }));
    expect(within(dialog).getByText('promotions.problem.positive')).toBeInTheDocument();
    await user.type(amount, '450');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.approve' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/admin/api/promotions/applications/5/approve');
    expect(writes(calls)[0].body).toEqual({ amount: 450 });
    await waitFor(() => expect(screen.getByTestId('promotions-outcome')).toHaveTextContent('promotions.applications.approved'));
  });

  it('rejects only with a reason', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: { ...application, state: 'rejected' } } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=applications');
    await user.click(await screen.findByRole('button', { name: 'promotions.applications.openOne' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.reject' }));
    expect(within(dialog).getByText('promotions.problem.reasonRequired')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('promotions.reason'), 'Not shared publicly');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.reject' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/admin/api/promotions/applications/5/reject');
    expect(writes(calls)[0].body).toEqual({ reason: 'Not shared publicly' });
  });

  it('shows a reader the application without the decision', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=applications', readOnly);
    await user.click(await screen.findByRole('button', { name: 'promotions.applications.openOne' }));
    expect(screen.getByTestId('application-comment')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'promotions.applications.approve' })).toBeNull();
  });
});

describe('PromotionsPage: bonus, points, VIP and rebate', () => {
  it('lists grants by member and state, and saves the contributions', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { value: c.body } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=bonus');
    const row = await screen.findByTestId('grant-4');
    expect(within(row).getByText('1,750.00 USD / 3,500.00 USD (50 %)')).toBeInTheDocument();
    // The server filters by member ID: a username is refused before sending.
    const member = screen.getByLabelText('promotions.bonus.memberId');
    await user.type(member, 'player01');
    await user.click(screen.getByRole('button', { name: 'promotions.apply' }));
    expect(screen.getByText('promotions.problem.memberId')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname === '/admin/api/bonus/grants').some((c) => c.url.searchParams.has('member'))).toBe(false);
    await user.clear(member);
    await user.type(member, '77');
    await user.selectOptions(screen.getByLabelText('promotions.bonus.state'), 'active');
    await user.click(screen.getByRole('button', { name: 'promotions.apply' }));
    await waitFor(() => {
      const q = calls.filter((c) => c.url.pathname === '/admin/api/bonus/grants').at(-1)!.url.searchParams;
      expect([q.get('member'), q.get('state')]).toEqual(['77', 'active']);
    });
    const live = await screen.findByRole('textbox', { name: /games\.types\.LIVE/ });
    await user.clear(live);
    await user.type(live, '120');
    await user.click(screen.getByRole('button', { name: 'promotions.save' }));
    expect(screen.getByText('promotions.problem.percentWhole')).toBeInTheDocument();
    await user.clear(live);
    await user.type(live, '20');
    await user.click(screen.getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual([{ gameType: 'RNG', percent: 100 }, { gameType: 'LIVE', percent: 20 }]);
  });

  it('shows contributions read-only to a reader', async () => {
    serve();
    open('/promotions?tab=bonus', readOnly);
    expect(await screen.findByTestId('contribution-LIVE')).toHaveTextContent('10 %');
    expect(screen.queryByRole('button', { name: 'promotions.save' })).toBeNull();
  });

  it('saves the points settings and creates an item', async () => {
    const calls = serve((c) => (c.method !== 'GET' ? { value: c.body } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=points');
    const earn = await screen.findByLabelText('promotions.points.earnRate');
    expect(earn).toHaveValue('1.00');
    await user.clear(earn);
    await user.type(earn, '1.5');
    await user.click(within(screen.getByRole('region', { name: 'promotions.points.settings' })).getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({ earnRateBp: 150, convertRate: 100, convertMin: 100, enabled: true });

    expect(within(await screen.findByTestId('item-3')).getByText('Mug')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'promotions.points.newItem' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.save' }));
    expect(within(dialog).getByText('promotions.problem.nameNeeded')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('promotions.points.name'), 'កាដូ');
    await user.selectOptions(within(dialog).getByLabelText('promotions.points.kind'), 'cash');
    await user.clear(within(dialog).getByLabelText('promotions.points.cashAmount'));
    await user.type(within(dialog).getByLabelText('promotions.points.cashAmount'), '5');
    await user.type(within(dialog).getByLabelText('promotions.points.points'), '800');
    await user.type(within(dialog).getByLabelText('promotions.points.stock'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/admin/api/points/items');
    expect(writes(calls)[1].body).toEqual({ texts: { km: { name: 'កាដូ', description: '' } }, imageUrl: '', points: 800, amountRequirement: 0, stock: 50, perMemberLimit: 0, kind: 'cash', cashAmount: 500, status: 'active', sort: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Editing keeps the item's sort and the languages the tabs do not show;
    // the server's "EN" is the en tab.
    await user.click(within(screen.getByTestId('item-3')).getByRole('button', { name: 'promotions.points.editOne' }));
    const edit = screen.getByRole('dialog');
    await user.click(within(edit).getByRole('tab', { name: 'promotions.language.en' }));
    expect(within(edit).getByLabelText('promotions.points.name')).toHaveValue('Mug');
    await user.selectOptions(within(edit).getByLabelText('promotions.list.status'), 'hidden');
    await user.click(within(edit).getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2]).toMatchObject({ method: 'PUT', body: { texts: { en: { name: 'Mug' }, th: { name: 'แก้ว' } }, stock: 20, sort: 4, status: 'hidden' } });
  });

  it('reviews redemptions: approve after a confirm, reject with a reason; a reader sees no buttons', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: {} } : undefined));
    const user = userEvent.setup({ delay: null });
    const view = open('/promotions?tab=redemptions');
    const row = await screen.findByTestId('redemption-8');
    await user.click(within(row).getByRole('button', { name: 'promotions.redemptions.rejectOne' }));
    let dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('promotions.problem.reasonRequired');
    await user.type(within(dialog).getByLabelText('promotions.reason'), 'Out of stock');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.reject' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toMatchObject({ url: expect.objectContaining({ pathname: '/admin/api/points/redemptions/8/reject' }), body: { reason: 'Out of stock' } });
    await user.click(within(screen.getByTestId('redemption-8')).getByRole('button', { name: 'promotions.redemptions.approveOne' }));
    dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.applications.approve' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/admin/api/points/redemptions/8/approve');
    view.unmount();
    open('/promotions?tab=redemptions', readOnly);
    await screen.findByTestId('redemption-8');
    expect(screen.queryByRole('button', { name: 'promotions.redemptions.approveOne' })).toBeNull();
  });

  it('edits VIP levels: adds a level, checks it, and saves the table', async () => {
    const calls = serve((c) => (c.method === 'PUT' ? { value: c.body } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=vip');
    await screen.findByTestId('vip-1');
    await user.click(screen.getByRole('button', { name: 'promotions.vip.add' }));
    await user.click(screen.getByRole('button', { name: 'promotions.save' }));
    expect(within(screen.getByTestId('vip-2')).getByText('promotions.problem.required')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
    const cells = within(screen.getByTestId('vip-2')).getAllByRole('textbox');
    await user.type(cells[0], 'Gold');
    await user.clear(cells[1]);
    await user.type(cells[1], '5000');
    await user.clear(cells[4]);
    await user.type(cells[4], '50');
    await user.click(screen.getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const body = writes(calls)[0].body as { levels: unknown[] };
    expect(body.levels).toHaveLength(3);
    expect(body.levels[2]).toEqual({ level: 2, name: 'Gold', minDeposit: 500000, minValidBet: 500000, windowDays: 30, upgradeReward: 5000, withdrawDailyLimit: null });
    expect(body.levels[1]).toMatchObject({ withdrawDailyLimit: 500000 });
  });

  it('shows a reader the VIP levels without inputs', async () => {
    serve();
    open('/promotions?tab=vip', readOnly);
    const row = await screen.findByTestId('vip-1');
    expect(within(row).getByText('Silver')).toBeInTheDocument();
    expect(within(row).getAllByText('5,000.00 USD')).toHaveLength(2);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('edits rebate rates and re-runs a period after a confirm', async () => {
    const calls = serve((c) => (c.method !== 'GET' ? { value: {} } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/promotions?tab=rebate');
    await screen.findByTestId('rate-0');
    await user.click(screen.getByRole('button', { name: 'promotions.rebate.add' }));
    const row = screen.getByTestId('rate-1');
    const [kind, game, , , ] = within(row).getAllByRole('combobox');
    await user.selectOptions(kind, 'cashback');
    await user.selectOptions(game, 'LIVE');
    const inputs = within(row).getAllByRole('textbox');
    await user.type(inputs[1], '5');
    await user.click(screen.getByRole('button', { name: 'promotions.save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toEqual({
      rates: [
        { id: 1, kind: 'rebate', gameType: '', vipLevel: 0, rateBp: 50, period: 'daily', mode: 'auto', minPayout: 100, cap: 0 },
        { kind: 'cashback', gameType: 'LIVE', vipLevel: 0, rateBp: 500, period: 'daily', mode: 'auto', minPayout: 0, cap: 0 },
      ],
    });

    // A day picked for a re-run starts at the reporting zone's midnight.
    await user.type(screen.getByLabelText('promotions.rebate.periodStart'), '2026-11-16');
    await user.click(screen.getByRole('button', { name: 'promotions.rebate.rerun' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'promotions.rebate.rerunConfirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].body).toEqual({ kind: 'rebate', periodStart: '2026-11-16T00:00:00+07:00' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const run = await screen.findByTestId('run-2');
    expect(within(run).getByText('1,234.00 USD')).toBeInTheDocument();
    await user.click(within(run).getByRole('button', { name: 'promotions.rebate.rerunOne' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('confirm-text')).toHaveTextContent('promotions.rebate.rerunEffect');
    await user.click(within(dialog).getByRole('button', { name: 'promotions.rebate.rerunConfirm' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(3));
    expect(writes(calls)[2].url.pathname).toBe('/admin/api/rebate/runs/rerun');
    expect(writes(calls)[2].body).toEqual({ kind: 'cashback', periodStart: '2026-11-16T00:00:00Z' });

    await user.click(screen.getByRole('button', { name: 'promotions.rebate.openRun' }));
    expect(within(await screen.findByTestId('payout-90')).getByText('50.00 USD')).toBeInTheDocument();
    const csv = new URL(screen.getByTestId('payouts-csv').getAttribute('href')!, 'http://portal.test');
    expect([csv.pathname, csv.searchParams.get('format')]).toEqual(['/admin/api/rebate/runs/2/payouts', 'csv']);
  });

  it('shows rates read-only and no re-run without promotions.review', async () => {
    serve();
    open('/promotions?tab=rebate', ['promotions.read', 'promotions.write']);
    await screen.findByTestId('run-2');
    expect(screen.queryByRole('button', { name: 'promotions.rebate.rerunOne' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'promotions.rebate.rerun' })).toBeNull();
  });

  it('shows a load failure with a retry', async () => {
    serve((c) => (c.url.pathname === '/admin/api/vip/levels' ? { status: 500, code: 'system.error', message: 'Database down' } : undefined));
    open('/promotions?tab=vip');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database down');
    expect(within(alert).getByRole('button', { name: 'common.retry' })).toBeInTheDocument();
  });
});
