import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { AgentsPage } from './AgentsPage';
import type { CommissionAnswer, Contract, Downline, Payout, Run } from './types';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.unstubAllGlobals());

const all = ['agents.read', 'agents.write', 'agents.settle'];
const money = { currency: 'USD', decimals: 2 };

function member(id: number, username: string, extra: Partial<Downline> = {}): Downline {
  return { id, username, nickname: '', type: 1, isAgent: true, status: 'active', balance: 123450, lastLoginAt: 0, createdAt: 1764000000000, teamSize: 4, directCount: 2, depth: 1, ...extra };
}
const top = member(1, 'topagent', { depth: 0, teamSize: 9 });
const mid = member(5, 'midagent', { balance: 5000 });
const leaf = member(8, 'player8', { isAgent: false, teamSize: 1, directCount: 0 });
const other = member(9, 'otheragent');
const tree: Record<string, { member: Downline; path: { id: number; username: string }[]; children: Downline[] }> = {
  midagent: { member: mid, path: [{ id: 1, username: 'topagent' }, { id: 5, username: 'midagent' }], children: [leaf] },
  player8: { member: leaf, path: [{ id: 1, username: 'topagent' }, { id: 5, username: 'midagent' }, { id: 8, username: 'player8' }], children: [] },
  topagent: { member: top, path: [{ id: 1, username: 'topagent' }], children: [mid] },
  otheragent: { member: other, path: [{ id: 9, username: 'otheragent' }], children: [] },
};

const contract: Contract = {
  id: 31,
  kind: 'dividend',
  period: 'weekly',
  upline: null,
  member: { id: 1, username: 'topagent' },
  tiers: [
    { validBet: 100000, activeMembers: 3, loss: 50000, rate: 1000 },
    { validBet: 500000, activeMembers: 10, loss: 200000, rate: 1500 },
  ],
  activeMinBet: 1000,
  topRate: 1500,
  state: 'active',
  offeredAt: 1763000000000,
  decidedAt: 1763100000000,
  startsAt: 1763200000000,
  endsAt: 0,
  endedReason: '',
  replacesId: 0,
};
const ended: Contract = { ...contract, id: 30, kind: 'daily_salary', period: 'daily', upline: { id: 1, username: 'topagent' }, member: { id: 5, username: 'midagent' }, state: 'terminated', endedReason: 'moved', endsAt: 1763300000000 };

const run = (id: number, extra: Partial<Run> = {}): Run => ({
  id, kind: 'daily_salary', period: 'daily', periodStart: 1764000000000, periodEnd: 1764086400000, state: 'done', contracts: 3, paid: 2, insufficient: 0, nothing: 1,
  amount: 4550, error: '', startedAt: 1764086460000, finishedAt: 1764086470000, trigger: 'schedule', ...extra,
});
const payout: Payout = {
  id: 77, contractId: 30, kind: 'daily_salary', period: 'daily', periodStart: 1764000000000, periodEnd: 1764086400000, payer: { id: 1, username: 'topagent' },
  member: { id: 5, username: 'midagent' }, teamSize: 4, activeMembers: 3, validBet: 303300, profitLoss: -12000, base: 303300, tier: 0, rate: 150, amount: 4550,
  state: 'insufficient', attempts: 2, paidAt: 0, createdAt: 1764086470000,
};
const commission: CommissionAnswer = {
  list: [{ member: { id: 1, username: 'topagent' }, received: 10000, paid: 4550, net: 5450, byKind: { dividend: 10000 } }],
  total: 1, page: 1, pageSize: 20, summary: { platformPaid: 10000, received: 14550, paid: 4550 }, ...money,
};

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    const p = c.url.pathname;
    const q = c.url.searchParams;
    if (p === '/admin/api/agents/tree') {
      const byId = Object.values(tree).find((x) => String(x.member.id) === q.get('memberId'));
      const found = byId ?? tree[q.get('username') ?? ''];
      return found ? { value: { ...found, ...money } } : { status: 404, code: 'resource.not_found', message: 'No such member' };
    }
    if (p === '/admin/api/agents/contracts' && c.method === 'GET') return { value: { list: [contract, ended], total: 2, page: 1, pageSize: 20, ...money } };
    if (p === '/admin/api/agents/runs') return { value: { list: [run(3, { state: 'failed', error: 'db timeout', paid: 0 }), run(2, { insufficient: 1, paid: 1 }), run(1)], total: 3, page: 1, pageSize: 20, ...money } };
    if (p === '/admin/api/agents/runs/2') return { value: { run: run(2, { insufficient: 1, paid: 1 }), list: [payout], total: 1, page: 1, pageSize: 20, ...money } };
    if (p === '/admin/api/agents/payouts/77/figures')
      return { value: { payout, contract: ended, list: [{ memberId: 8, username: 'player8', depth: 2, validBet: 300000, profitLoss: -12000, active: true }], total: 1, page: 1, pageSize: 20, ...money } };
    if (p === '/admin/api/agents/commission') return { value: commission };
    return { status: 404, code: 'resource.not_found', message: 'Not found' };
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const open = (route = '/agents', permissions = all) => renderAsOperator(<AgentsPage />, operator(permissions), route);

async function findMember(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(screen.getByLabelText('agents.username'), name);
  await user.click(screen.getByRole('button', { name: 'agents.tree.find' }));
  return screen.findByTestId('tree-member');
}

describe('AgentsPage: tree', () => {
  it('finds a member, shows its path and children, and descends and climbs by id', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open();
    const card = await findMember(user, 'midagent');
    expect(within(card).getByText('50.00 USD')).toBeInTheDocument();
    expect(within(card).getByText('agents.tree.agent')).toBeInTheDocument();
    const path = screen.getByRole('navigation', { name: 'agents.tree.path' });
    expect(within(path).getByRole('button', { name: 'topagent' })).toBeInTheDocument();
    expect(within(path).getByText('midagent')).toBeInTheDocument();
    expect(within(screen.getByTestId('child-8')).getByText('1,234.50 USD')).toBeInTheDocument();

    await user.click(within(screen.getByTestId('child-8')).getByRole('button', { name: 'player8' }));
    expect(await screen.findByText('agents.tree.noChildren')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('memberId')).toBe('8');
    await user.click(within(screen.getByRole('navigation', { name: 'agents.tree.path' })).getByRole('button', { name: 'topagent' }));
    await waitFor(() => expect(screen.getByTestId('child-5')).toBeInTheDocument());
  });

  it('shows a lookup failure with a retry', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open();
    await user.type(screen.getByLabelText('agents.username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'agents.tree.find' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No such member');
    expect(within(alert).getByRole('button', { name: 'common.retry' })).toBeInTheDocument();
  });

  it('moves a member under a new upline found by username, with a required reason, then refreshes', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: { member: mid, path: [{ id: 9, username: 'otheragent' }, { id: 5, username: 'midagent' }] } } : undefined));
    setCsrfToken('csrf-1');
    const user = userEvent.setup({ delay: null });
    open();
    await findMember(user, 'midagent');
    await user.click(screen.getByRole('button', { name: 'agents.move.open' }));
    const dialog = await screen.findByRole('dialog', { name: 'agents.move.title' });
    await user.type(within(dialog).getByLabelText('agents.move.upline'), 'otheragent');
    await user.click(within(dialog).getByRole('button', { name: 'agents.move.next' }));
    expect(await within(dialog).findByText('agents.reasonRequired')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('agents.reason'), 'Team asked to join other');
    await user.click(within(dialog).getByRole('button', { name: 'agents.move.next' }));
    expect(await within(dialog).findByTestId('move-effect')).toHaveTextContent('agents.move.effect');
    expect(posts(calls)).toHaveLength(0);
    const treeCalls = calls.filter((c) => c.url.pathname === '/admin/api/agents/tree').length;
    await user.click(within(dialog).getByRole('button', { name: 'agents.move.confirm' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/agents/5/move');
    expect(posts(calls)[0].body).toEqual({ uplineId: 9, reason: 'Team asked to join other' });
    expect(posts(calls)[0].headers['X-CSRF-Token']).toBe('csrf-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('tree-outcome')).toHaveTextContent('agents.move.done');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/admin/api/agents/tree').length).toBeGreaterThan(treeCalls));
  });

  it('moves to the top with upline 0, and shows a refusal in the dialog', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { status: 409, code: 'agent.move_cycle', message: 'Cannot move under its own team' } : undefined));
    const user = userEvent.setup({ delay: null });
    open();
    await findMember(user, 'midagent');
    await user.click(screen.getByRole('button', { name: 'agents.move.open' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: 'agents.move.top' }));
    expect(within(dialog).getByLabelText('agents.move.upline')).toBeDisabled();
    await user.type(within(dialog).getByLabelText('agents.reason'), 'Promoted');
    await user.click(within(dialog).getByRole('button', { name: 'agents.move.next' }));
    expect(await within(dialog).findByTestId('move-effect')).toHaveTextContent('agents.move.effectTop');
    await user.click(within(dialog).getByRole('button', { name: 'agents.move.confirm' }));
    expect(await within(dialog).findByText('Cannot move under its own team')).toBeInTheDocument();
    expect(posts(calls)[0].body).toEqual({ uplineId: 0, reason: 'Promoted' });
  });
});

describe('AgentsPage: contracts', () => {
  it('lists contracts with the platform as upline and opens a row to its tiers', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    const row = await screen.findByTestId('contract-31');
    expect(within(row).getByText('agents.platform')).toBeInTheDocument();
    expect(within(row).getByText('15.00 %')).toBeInTheDocument();
    expect(within(row).getByText('agents.contractState.active')).toBeInTheDocument();
    expect(within(screen.getByTestId('contract-30')).getByText('agents.endedReason.moved')).toBeInTheDocument();
    expect(within(screen.getByTestId('contract-30')).queryByRole('button', { name: 'agents.terminate.open' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'agents.contracts.tiersOf' }));
    const tiers = screen.getByTestId('tiers-31');
    expect(within(tiers).getByText('2,000.00 USD')).toBeInTheDocument();
    expect(within(tiers).getByText('10.00 %')).toBeInTheDocument();
  });

  it('sends the filters to the server', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    await screen.findByTestId('contract-31');
    await user.selectOptions(screen.getByLabelText('agents.contracts.state'), 'offered');
    await user.selectOptions(screen.getByLabelText('agents.kindLabel'), 'dividend');
    await user.type(screen.getByLabelText('agents.username'), ' top ');
    await user.click(screen.getByRole('button', { name: 'agents.apply' }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.at(-1)!.url.searchParams)).toEqual({ state: 'offered', kind: 'dividend', username: 'top', page: '1', pageSize: '20', language: 'EN' }),
    );
  });

  it('offers a platform contract: tiers checked first, rates sent in basis points', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: { ...contract, id: 40, state: 'offered', member: { id: 9, username: 'otheragent' } } } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    await screen.findByTestId('contract-31');
    await user.click(screen.getByRole('button', { name: 'agents.offer.open' }));
    const form = await screen.findByRole('form', { name: 'agents.offer.title' });
    await user.type(within(form).getByLabelText('agents.offer.member'), 'otheragent');
    await user.selectOptions(within(form).getByLabelText('agents.kindLabel'), 'dividend');
    await user.selectOptions(within(form).getByLabelText('agents.periodLabel'), 'weekly');
    await user.type(within(form).getByLabelText('agents.offer.activeMinBet (USD)'), '10');
    const field = (name: string, n: number) => within(form).getAllByLabelText('agents.tiers.fieldOf')[n * 4 + ['validBet', 'activeMembers', 'loss', 'rate'].indexOf(name)];
    await user.type(field('validBet', 0), '1000');
    await user.type(field('loss', 0), '500');
    await user.type(field('rate', 0), '10');
    await user.click(within(form).getByRole('button', { name: 'agents.tiers.add' }));
    await user.clear(field('validBet', 1));
    await user.type(field('validBet', 1), '800');
    await user.clear(field('loss', 1));
    await user.type(field('loss', 1), '2000');
    await user.type(field('rate', 1), '12.5');
    await user.click(within(form).getByRole('button', { name: 'agents.offer.send' }));
    expect(await within(form).findByText('agents.tiers.problem.decreasing')).toBeInTheDocument();
    expect(field('validBet', 1)).toHaveAttribute('aria-invalid', 'true');
    expect(posts(calls)).toHaveLength(0);

    await user.clear(field('validBet', 1));
    await user.type(field('validBet', 1), '5000.50');
    await user.click(within(form).getByRole('button', { name: 'agents.offer.send' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/agents/contracts');
    expect(posts(calls)[0].body).toEqual({
      memberId: 9,
      kind: 'dividend',
      period: 'weekly',
      activeMinBet: 1000,
      tiers: [
        { validBet: 100000, activeMembers: 0, loss: 50000, rate: 1000 },
        { validBet: 500050, activeMembers: 0, loss: 200000, rate: 1250 },
      ],
    });
    expect(await screen.findByTestId('contracts-outcome')).toHaveTextContent('agents.offer.done');
  });

  it('refuses to offer to a member who is not an agent', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    await screen.findByTestId('contract-31');
    await user.click(screen.getByRole('button', { name: 'agents.offer.open' }));
    const form = await screen.findByRole('form', { name: 'agents.offer.title' });
    await user.type(within(form).getByLabelText('agents.offer.member'), 'player8');
    await user.type(within(form).getByLabelText('agents.offer.activeMinBet (USD)'), '10');
    const fields = within(form).getAllByLabelText('agents.tiers.fieldOf');
    await user.type(fields[0], '100');
    await user.type(fields[2], '1');
    await user.click(within(form).getByRole('button', { name: 'agents.offer.send' }));
    expect(await within(form).findByText('agents.offer.notAgent')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('sends no offer while the answer does not name the currency decimals', async () => {
    const calls = serve((c) => (c.url.pathname === '/admin/api/agents/contracts' && c.method === 'GET' ? { value: { list: [contract], total: 1, page: 1, pageSize: 20 } } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    await screen.findByTestId('contract-31');
    await user.click(screen.getByRole('button', { name: 'agents.offer.open' }));
    const form = await screen.findByRole('form', { name: 'agents.offer.title' });
    expect(within(form).getByText('agents.offer.noCurrency')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'agents.offer.send' })).toBeDisabled();
    expect(posts(calls)).toHaveLength(0);
  });

  it('terminates a contract with a reason', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: { ...contract, state: 'terminated', endedReason: 'operator' } } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=contracts');
    await user.click(within(await screen.findByTestId('contract-31')).getByRole('button', { name: 'agents.terminate.open' }));
    const dialog = await screen.findByRole('dialog', { name: 'agents.terminate.title' });
    await user.click(within(dialog).getByRole('button', { name: 'agents.terminate.confirm' }));
    expect(await within(dialog).findByText('agents.reasonRequired')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('agents.reason'), 'Fraud review');
    await user.click(within(dialog).getByRole('button', { name: 'agents.terminate.confirm' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/agents/contracts/31/terminate');
    expect(posts(calls)[0].body).toEqual({ reason: 'Fraud review' });
  });
});

describe('AgentsPage: settlement runs', () => {
  it('lists runs, opens one to its payouts and a payout to its figures', async () => {
    const calls = serve();
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=runs');
    const failed = await screen.findByTestId('run-3');
    expect(within(failed).getByText('db timeout')).toBeInTheDocument();
    expect(within(failed).getByText('agents.runState.failed')).toBeInTheDocument();
    expect(within(screen.getByTestId('run-1')).getByText('45.50 USD')).toBeInTheDocument();
    // Only a failed run, or one with unpaid payouts, can run again.
    expect(within(failed).getByRole('button', { name: 'agents.rerun.open' })).toBeInTheDocument();
    expect(within(screen.getByTestId('run-2')).getByRole('button', { name: 'agents.rerun.open' })).toBeInTheDocument();
    expect(within(screen.getByTestId('run-1')).queryByRole('button', { name: 'agents.rerun.open' })).toBeNull();

    await user.click(within(screen.getByTestId('run-2')).getByRole('button', { name: 'agents.runs.openOne' }));
    const p = await screen.findByTestId('payout-77');
    expect(within(p).getAllByText('3,033.00 USD')).toHaveLength(2);
    expect(within(p).getByText('-120.00 USD')).toBeInTheDocument();
    expect(within(p).getByText('1.50 %')).toBeInTheDocument();
    expect(within(p).getByText('agents.payoutState.insufficient')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('agents.payouts.state'), 'insufficient');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('state')).toBe('insufficient'));

    await user.click(within(screen.getByTestId('payout-77')).getByRole('button', { name: 'agents.figures.openOne' }));
    const dialog = await screen.findByRole('dialog', { name: 'agents.figures.title' });
    expect(await within(dialog).findByText('player8')).toBeInTheDocument();
    expect(within(dialog).getByText('agents.figures.yes')).toBeInTheDocument();
    expect(within(dialog).getByTestId('figures-outcome')).toHaveTextContent('agents.figures.outcome');
  });

  it('re-runs a run after a confirmation', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { value: run(3, { trigger: 'operator', state: 'running' }) } : undefined));
    const user = userEvent.setup({ delay: null });
    open('/agents?tab=runs');
    await user.click(within(await screen.findByTestId('run-3')).getByRole('button', { name: 'agents.rerun.open' }));
    const dialog = await screen.findByRole('dialog', { name: 'agents.rerun.title' });
    expect(within(dialog).getByTestId('rerun-effect')).toHaveTextContent('agents.rerun.effectFailed');
    await user.click(within(dialog).getByRole('button', { name: 'agents.rerun.confirm' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/agents/runs/3/rerun');
    expect(await screen.findByTestId('runs-outcome')).toHaveTextContent('agents.rerun.done');
  });
});

describe('AgentsPage: commission', () => {
  it('shows each agent with the summary and asks this month by default', async () => {
    const calls = serve();
    open('/agents?tab=commission');
    const row = await screen.findByTestId('commission-1');
    expect(within(row).getByText('+54.50 USD')).toBeInTheDocument();
    expect(within(row).getAllByText('100.00 USD')).toHaveLength(2);
    expect(screen.getByTestId('commission-summary')).toHaveTextContent('145.50 USD');
    const q = calls.find((c) => c.url.pathname === '/admin/api/agents/commission')!.url.searchParams;
    expect(q.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
    expect(screen.getByRole('button', { name: 'agents.commission.exportCsv' })).toBeEnabled();
  });
});

describe('AgentsPage: permissions', () => {
  it('hides every action from a reader', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    open('/agents', ['agents.read']);
    await findMember(user, 'midagent');
    expect(screen.queryByRole('button', { name: 'agents.move.open' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'sections.agents.parts.contracts' }));
    await screen.findByTestId('contract-31');
    expect(screen.queryByRole('button', { name: 'agents.offer.open' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'agents.terminate.open' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'sections.agents.parts.runs' }));
    await screen.findByTestId('run-3');
    expect(screen.queryByRole('button', { name: 'agents.rerun.open' })).toBeNull();
  });

  it('gives a writer no re-run and a settler no move', async () => {
    serve();
    const user = userEvent.setup({ delay: null });
    const { unmount } = open('/agents?tab=runs', ['agents.read', 'agents.write']);
    await screen.findByTestId('run-3');
    expect(screen.queryByRole('button', { name: 'agents.rerun.open' })).toBeNull();
    unmount();
    open('/agents', ['agents.read', 'agents.settle']);
    await findMember(user, 'midagent');
    expect(screen.queryByRole('button', { name: 'agents.move.open' })).toBeNull();
  });

  it('opens no tab without agents.read', () => {
    const calls = serve();
    open('/agents', ['agents.write']);
    expect(screen.queryAllByRole('tab')).toEqual([]);
    expect(screen.getByText('agents.needsRead')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
