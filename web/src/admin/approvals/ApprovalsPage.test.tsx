import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import type { Approval } from '../lib/types';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { ApprovalsPage } from './ApprovalsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const inAnHour = () => new Date(Date.now() + 3600_000 + 125_000).toISOString();

const approval = (id: number, extra: Partial<Approval> = {}): Approval => ({
  id,
  kind: 'wallet.adjust',
  merchant: 'demo',
  member: `player${id}`,
  amount: id % 2 ? '150.00' : '-1234.5',
  reason: `reason ${id}`,
  summary: '',
  status: 'pending',
  requestedBy: 'ann',
  requestedAt: '2026-11-24T10:00:00Z',
  expiresAt: inAnHour(),
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  result: null,
  ...extra,
});

const both = ['wallet.adjust.request', 'wallet.adjust.approve', 'approvals.decide'];

function serve(extra: (c: Call) => Reply | undefined = () => undefined, rows: Approval[] = [approval(1), approval(2, { requestedBy: 'boss' })]) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    if (c.method === 'GET' && c.url.pathname === '/admin/api/approvals') {
      const pageNum = Number(c.url.searchParams.get('pageNum'));
      return { value: { content: rows, pageNum, pageSize: Number(c.url.searchParams.get('pageSize')), totalPages: 3, total: 45 } };
    }
    if (c.method === 'POST') return { value: approval(7) };
    return { value: {} };
  });
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.url.pathname === '/admin/api/approvals');
const lastList = (calls: Call[]) => Object.fromEntries(lists(calls).at(-1)!.url.searchParams);
const row = (id: number) => screen.getByTestId(`approval-${id}`);

describe('ApprovalsPage', () => {
  it('lists pending requests first, with who, when, the signed amount and the time left', async () => {
    const calls = serve();
    renderAsOperator(<ApprovalsPage />, operator(both));
    expect(await screen.findByText('player1')).toBeInTheDocument();
    expect(lastList(calls)).toMatchObject({ status: 'pending', pageNum: '1', pageSize: '20' });
    expect(within(row(1)).getByText('ann')).toBeInTheDocument();
    expect(within(row(1)).getByText('+150.00')).toBeInTheDocument();
    expect(within(row(2)).getByText('-1,234.50')).toBeInTheDocument();
    expect(within(row(1)).getByText('reason 1')).toBeInTheDocument();
    expect(within(row(1)).getByText('approvals.countdown.hours')).toBeInTheDocument();
  });

  it('sends the request only after the confirmation restates it', async () => {
    setCsrfToken('csrf-9');
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.request']));
    await screen.findByText('player1');

    await user.type(screen.getByLabelText('approvals.request.member'), ' alice ');
    await user.click(screen.getByLabelText('approvals.request.debit'));
    await user.type(screen.getByLabelText('approvals.request.amount'), '25.50');
    await user.type(screen.getByLabelText('approvals.request.reason'), 'duplicate bonus');
    await user.click(screen.getByRole('button', { name: 'approvals.request.review' }));

    const confirm = screen.getByRole('region', { name: 'approvals.request.confirmTitle' });
    expect(within(confirm).getByTestId('request-effect')).toHaveTextContent('approvals.request.effectDebit');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(confirm).getByRole('button', { name: 'approvals.request.send' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/api/approvals');
    expect(post.body).toEqual({ kind: 'wallet.adjust', member: 'alice', amount: '-25.50', reason: 'duplicate bonus' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-9');
    expect(await screen.findByText('approvals.request.sent')).toBeInTheDocument();
    // The list is asked again so the new request shows.
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(1));
    // A requester without approve sees no approve button.
    expect(screen.queryByRole('button', { name: 'approvals.actions.approve' })).toBeNull();
  });

  it('refuses a zero or malformed amount before asking to confirm', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.request']));
    await screen.findByText('player1');
    await user.type(screen.getByLabelText('approvals.request.member'), 'alice');
    await user.type(screen.getByLabelText('approvals.request.amount'), '0.00');
    await user.type(screen.getByLabelText('approvals.request.reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'approvals.request.review' }));
    expect(screen.getByRole('alert')).toHaveTextContent('approvals.request.amountInvalid');
    expect(screen.getByLabelText('approvals.request.amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('region', { name: 'approvals.request.confirmTitle' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server refusing a request, at the field it names', async () => {
    serve((c) => (c.method === 'POST' ? { status: 404, code: 'admin.member_unknown', message: 'No such member' } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.request']));
    await screen.findByText('player1');
    await user.type(screen.getByLabelText('approvals.request.member'), 'ghost');
    await user.type(screen.getByLabelText('approvals.request.amount'), '10');
    await user.type(screen.getByLabelText('approvals.request.reason'), 'test');
    await user.click(screen.getByRole('button', { name: 'approvals.request.review' }));
    await user.click(screen.getByRole('button', { name: 'approvals.request.send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No such member');
    expect(screen.getByLabelText('approvals.request.member')).toHaveAttribute('aria-invalid', 'true');
  });

  it("does not let an operator approve their own request, but lets them withdraw it", async () => {
    serve();
    renderAsOperator(<ApprovalsPage />, operator(both));
    await screen.findByText('player2');
    const own = within(row(2)).getByRole('button', { name: 'approvals.actions.approve' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription('approvals.actions.ownRequest');
    expect(within(row(2)).getByRole('button', { name: 'approvals.actions.withdraw' })).toBeEnabled();
    expect(within(row(2)).queryByRole('button', { name: 'approvals.actions.reject' })).toBeNull();
    expect(within(row(1)).getByRole('button', { name: 'approvals.actions.approve' })).toBeEnabled();
  });

  it('approves with the CSRF header and refreshes the list', async () => {
    setCsrfToken('csrf-3');
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.approve', 'approvals.decide']));
    await screen.findByText('player1');
    const before = lists(calls).length;
    await user.click(within(row(1)).getByRole('button', { name: 'approvals.actions.approve' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const panel = screen.getByRole('region', { name: 'approvals.actions.title.approve' });
    await user.click(within(panel).getByRole('button', { name: 'approvals.actions.confirm.approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/api/approvals/1/approve');
    expect(post.headers['X-CSRF-Token']).toBe('csrf-3');
    expect(await screen.findByText('approvals.actions.done.approve')).toBeInTheDocument();
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('rejects with a reason and the CSRF header', async () => {
    setCsrfToken('csrf-4');
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.approve', 'approvals.decide']));
    await screen.findByText('player1');
    const before = lists(calls).length;
    await user.click(within(row(1)).getByRole('button', { name: 'approvals.actions.reject' }));
    const panel = screen.getByRole('region', { name: 'approvals.actions.title.reject' });
    // A reason is required before the rejection is sent.
    await user.click(within(panel).getByRole('button', { name: 'approvals.actions.confirm.reject' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(within(panel).getByLabelText('approvals.actions.reason'), 'no ticket');
    await user.click(within(panel).getByRole('button', { name: 'approvals.actions.confirm.reject' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/admin/api/approvals/1/reject');
    expect(post.body).toEqual({ reason: 'no ticket' });
    expect(post.headers['X-CSRF-Token']).toBe('csrf-4');
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('shows a refused decision inline and still refreshes the list', async () => {
    const calls = serve((c) => (c.method === 'POST' ? { status: 409, code: 'wallet.insufficient_funds', message: 'The balance is too low' } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.approve', 'approvals.decide']));
    await screen.findByText('player1');
    const before = lists(calls).length;
    await user.click(within(row(1)).getByRole('button', { name: 'approvals.actions.approve' }));
    const panel = screen.getByRole('region', { name: 'approvals.actions.title.approve' });
    await user.click(within(panel).getByRole('button', { name: 'approvals.actions.confirm.approve' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The balance is too low');
    await waitFor(() => expect(lists(calls).length).toBeGreaterThan(before));
  });

  it('sends the status filter, the page and the page size to the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['wallet.adjust.approve', 'approvals.decide']));
    await screen.findByText('player1');

    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ status: 'pending', pageNum: '2' }));

    await user.selectOptions(screen.getByLabelText('approvals.list.status'), 'approved');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ status: 'approved', pageNum: '1' }));

    await user.selectOptions(screen.getByLabelText('approvals.list.status'), '');
    await waitFor(() => expect(lastList(calls).pageNum).toBe('1'));
    expect(lastList(calls).status).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('pager.size'), '50');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ pageNum: '1', pageSize: '50' }));
  });

  it('shows the decision of a decided request and no actions', async () => {
    serve(undefined, [
      approval(3, { status: 'approved', decidedBy: 'carl', decidedAt: '2026-11-24T11:00:00Z', result: { balance: '1500.00' } }),
      approval(4, { status: 'rejected', decidedBy: 'carl', decidedAt: '2026-11-24T11:00:00Z', decisionReason: 'no ticket' }),
    ]);
    renderAsOperator(<ApprovalsPage />, operator(both));
    await screen.findByText('player3');
    expect(within(row(3)).getByText('approvals.decision.balance')).toBeInTheDocument();
    expect(within(row(4)).getByText('no ticket')).toBeInTheDocument();
    expect(within(row(3)).queryByRole('button')).toBeNull();
    expect(within(row(3)).queryByText('approvals.countdown.hours')).toBeNull();
  });
});

describe('held actions', () => {
  it('shows a held action with its call and data, and its outcome once run', async () => {
    const held = {
      id: 31,
      kind: 'admin.action',
      merchant: 'demo',
      member: '',
      amount: '',
      reason: '',
      summary: 'Freeze a player (POST /admin/api/players/7/freeze)',
      status: 'approved',
      requestedBy: 'ann',
      requestedAt: '2026-11-24T10:00:00Z',
      expiresAt: '2026-11-25T10:00:00Z',
      decidedBy: 'bob',
      decidedAt: '2026-11-24T11:00:00Z',
      decisionReason: null,
      result: { outcome: 'refused', code: 'admin.reason_invalid' },
      action: { action: 'postAdminApiPlayersIdFreeze', method: 'POST', path: '/admin/api/players/{id}/freeze', url: '/admin/api/players/7/freeze', query: '', body: { reason: '' } },
    };
    fakeServer(() => ({ value: { content: [held], pageNum: 1, pageSize: 20, totalPages: 1, total: 1 } }));
    renderAsOperator(<ApprovalsPage />, operator(['approvals.read']));
    expect(await screen.findByText('Freeze a player (POST /admin/api/players/7/freeze)')).toBeInTheDocument();
    expect(screen.getByText('POST /admin/api/players/7/freeze')).toBeInTheDocument();
    expect(screen.getByText('approvals.held.refused')).toBeInTheDocument();
  });

  it('lets a settings holder mark actions that need approval', async () => {
    const calls = fakeServer((c) =>
      c.url.pathname === '/admin/api/merchant/sensitive-actions'
        ? {
            value: {
              actions: [
                { action: 'postAdminApiPlayersIdFreeze', method: 'POST', path: '/admin/api/players/{id}/freeze', summary: 'Freeze a player', permission: 'players.write', sensitive: false },
                { action: 'putAdminApiOperatorsId', method: 'PUT', path: '/admin/api/operators/{id}', summary: 'Change an operator', permission: 'operators.manage', sensitive: true },
              ],
            },
          }
        : { value: { content: [], pageNum: 1, pageSize: 20, totalPages: 0, total: 0 } },
    );
    setCsrfToken('csrf-1');
    const user = userEvent.setup();
    renderAsOperator(<ApprovalsPage />, operator(['settings.write']));
    await user.click(await screen.findByText('approvals.sensitive.title'));
    await user.click(await screen.findByRole('checkbox', { name: /Freeze a player/ }));
    await user.click(screen.getByRole('button', { name: 'approvals.sensitive.save' }));
    await screen.findByText('approvals.sensitive.saved');
    const put = calls.find((c) => c.method === 'PUT');
    expect((put?.body as { actions: string[] }).actions.sort()).toEqual(['postAdminApiPlayersIdFreeze', 'putAdminApiOperatorsId']);
    expect(put?.headers['X-CSRF-Token']).toBe('csrf-1');
  });
});
