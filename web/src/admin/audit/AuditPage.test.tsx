import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call } from '../testing/harness';
import { AuditPage } from './AuditPage';
import { dayStart } from './auditQuery';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number) => ({
  id,
  time: '2026-11-24T10:00:00Z',
  operator: 'ann',
  merchant: 'demo',
  ip: '10.0.0.1',
  action: 'operator.create',
  target: `operator:${id}`,
  before: null,
  after: { role: 'support' },
  outcome: id % 2 ? 'ok' : 'refused:admin.forbidden',
});

function serve() {
  return fakeServer((c: Call) => {
    const pageNum = Number(c.url.searchParams.get('pageNum'));
    return { value: { content: [entry(pageNum * 10 + 1), entry(pageNum * 10 + 2)], pageNum, pageSize: Number(c.url.searchParams.get('pageSize')), totalPages: 3, total: 45 } };
  });
}

const lastQuery = (calls: Call[]) => Object.fromEntries(calls[calls.length - 1].url.searchParams);

describe('AuditPage', () => {
  it('asks the server for the first page, newest first, and shows its rows', async () => {
    const calls = serve();
    renderAsOperator(<AuditPage />, operator(['audit.read']));
    expect(await screen.findByText('operator:11')).toBeInTheDocument();
    expect(calls[0].url.pathname).toBe('/admin/api/audit');
    expect(lastQuery(calls)).toMatchObject({ pageNum: '1', pageSize: '20', sort: 'time', order: 'desc' });
    expect(lastQuery(calls).from).toBeUndefined();
    // A refusal shows as refused, with its code.
    expect(screen.getAllByTitle('refused:admin.forbidden')[0]).toHaveTextContent('audit.outcomes.refused admin.forbidden');
    expect(screen.getAllByText('{"role":"support"}')).toHaveLength(2);
  });

  it('sends the filters, pages and page size to the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<AuditPage />, operator(['audit.read']));
    await screen.findByText('operator:11');

    await user.type(screen.getByLabelText('audit.operator'), 'ann');
    await user.type(screen.getByLabelText('audit.action'), 'operator.create');
    await user.selectOptions(screen.getByLabelText('audit.outcome'), 'refused');
    await user.type(screen.getByLabelText('audit.from'), '2026-11-01');
    await user.type(screen.getByLabelText('audit.to'), '2026-11-24');
    await user.click(screen.getByRole('button', { name: 'audit.apply' }));
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({
        operator: 'ann',
        action: 'operator.create',
        outcome: 'refused',
        // Whole days in the operator's zone, as RFC 3339 instants.
        from: dayStart('2026-11-01'),
        to: dayStart('2026-11-25'),
        pageNum: '1',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'pager.next' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ operator: 'ann', pageNum: '2' }));
    expect(await screen.findByText('operator:21')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('pager.size'), '50');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ pageNum: '1', pageSize: '50' }));
  });

  it('sorts by time on the server', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<AuditPage />, operator(['audit.read']));
    await screen.findByText('operator:11');
    await user.click(screen.getByRole('button', { name: 'audit.sortOldest' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ order: 'asc', pageNum: '1' }));
    expect(screen.getByRole('columnheader', { name: /audit.time/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('exports as CSV with the filters the table shows', async () => {
    serve();
    const user = userEvent.setup();
    renderAsOperator(<AuditPage />, operator(['audit.read']));
    await screen.findByText('operator:11');
    await user.type(screen.getByLabelText('audit.operator'), 'bob');
    await user.selectOptions(screen.getByLabelText('audit.outcome'), 'ok');
    // Typed but not applied: the export follows what the table shows.
    expect(new URL(screen.getByRole('link', { name: 'audit.exportCsv' }).getAttribute('href')!, 'http://x').searchParams.get('operator')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'audit.apply' }));
    const link = screen.getByRole('link', { name: 'audit.exportCsv' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/admin/api/audit.csv');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ operator: 'bob', outcome: 'ok', order: 'desc' });
    expect(url.searchParams.get('pageNum')).toBeNull();
    expect(link).toHaveAttribute('download');
  });

  it('says so when nothing matches', async () => {
    fakeServer(() => ({ value: { content: [], pageNum: 1, pageSize: 20, totalPages: 0, total: 0 } }));
    renderAsOperator(<AuditPage />, operator(['audit.read']));
    expect(await screen.findByText('audit.none')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'pager.next' })).toBeDisabled();
  });
});
