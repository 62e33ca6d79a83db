import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, operator, renderAsOperator, type Call } from '../testing/harness';
import { MessagesPage, type Broadcast } from './MessagesPage';

afterEach(() => vi.unstubAllGlobals());

const sent = (id: number, vipLevel: number | null, title: string, reads = 0): Broadcast => ({
  id,
  vipLevel,
  title,
  body: `Body of ${title}`,
  sender: 'demo-news',
  createdAt: '2026-11-24T10:00:00Z',
  reads,
});

// serve answers the list with list and stores each send on top of it.
function serve(list: Broadcast[], refuse?: { status: number; code: string; message: string }) {
  return fakeServer((c: Call) => {
    if (c.method === 'POST') {
      if (refuse) return refuse;
      const b = c.body as { audience: string; vipLevel?: number; title: string; body: string };
      list.unshift({ ...sent(list.length + 1, b.vipLevel ?? null, b.title), body: b.body });
      return { value: list[0] };
    }
    return { value: { content: list, pageNum: 1, pageSize: 20, totalPages: list.length ? 1 : 0, total: list.length } };
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('MessagesPage (back office)', { timeout: 20_000 }, () => {
  it('lists the sent messages with audience, time and how many have read them, the text as text', async () => {
    serve([sent(2, 3, 'VIP weekend', 1200), sent(1, null, '<b>Hello</b> all', 0)]);
    renderAsOperator(<MessagesPage />, operator(['content.write']));
    await screen.findByText('VIP weekend');
    const table = screen.getByRole('table', { name: 'broadcasts.list' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('broadcasts.vipN')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('1,200');
    expect(within(rows[1]).getByText('broadcasts.audienceAll')).toBeInTheDocument();
    // Markup in a title is shown as the characters typed.
    expect(within(rows[1]).getByText('<b>Hello</b> all')).toBeInTheDocument();
    expect(table.querySelector('b')).toBeNull();
    expect(rows[0].querySelector('time')).toHaveAttribute('dateTime', '2026-11-24T10:00:00Z');
  });

  it('says so when nothing was sent', async () => {
    serve([]);
    renderAsOperator(<MessagesPage />, operator(['content.write']));
    expect(await screen.findByText('broadcasts.none')).toBeInTheDocument();
  });

  it('sends to everyone only after a confirmation, then lists it', async () => {
    const list: Broadcast[] = [];
    const calls = serve(list);
    const user = userEvent.setup();
    renderAsOperator(<MessagesPage />, operator(['content.write']));
    await screen.findByText('broadcasts.none');
    await user.type(screen.getByLabelText('broadcasts.title'), '  Maintenance tonight ');
    await user.type(screen.getByLabelText('broadcasts.body'), 'From 02:00{enter}to 03:00');
    await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
    // Nothing sent yet: the operator is asked first, and may step back.
    expect(posts(calls)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'broadcasts.cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('broadcasts.confirmAll');
    await user.click(screen.getByRole('button', { name: 'broadcasts.confirm' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/admin/api/messages');
    expect(posts(calls)[0].body).toEqual({ audience: 'all', title: 'Maintenance tonight', body: 'From 02:00\nto 03:00' });
    expect(await screen.findByRole('status')).toHaveTextContent('broadcasts.sentAll');
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument();
    expect(screen.getByLabelText('broadcasts.title')).toHaveValue('');
  });

  it('sends to one VIP level, checking the level first', async () => {
    const calls = serve([]);
    const user = userEvent.setup();
    renderAsOperator(<MessagesPage />, operator(['content.write']));
    await screen.findByText('broadcasts.none');
    await user.selectOptions(screen.getByLabelText('broadcasts.audience'), 'vip');
    await user.type(screen.getByLabelText('broadcasts.title'), 'VIP weekend');
    await user.type(screen.getByLabelText('broadcasts.body'), 'Double points');
    for (const bad of ['', '100', '-1', '2.5', 'x']) {
      await user.clear(screen.getByLabelText('broadcasts.vipLevel'));
      if (bad) await user.type(screen.getByLabelText('broadcasts.vipLevel'), bad);
      await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
      expect(screen.getByRole('alert')).toHaveTextContent('broadcasts.levelInvalid');
    }
    await user.clear(screen.getByLabelText('broadcasts.vipLevel'));
    await user.type(screen.getByLabelText('broadcasts.vipLevel'), '3');
    await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('broadcasts.confirmVip');
    await user.click(screen.getByRole('button', { name: 'broadcasts.confirm' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].body).toEqual({ audience: 'vip', vipLevel: 3, title: 'VIP weekend', body: 'Double points' });
  });

  it('asks for a title and a text before anything is sent, and shows the server refusal', async () => {
    const calls = serve([], { status: 422, code: 'member.message_invalid', message: 'A message needs a title' });
    const user = userEvent.setup();
    renderAsOperator(<MessagesPage />, operator(['content.write']));
    await screen.findByText('broadcasts.none');
    await user.type(screen.getByLabelText('broadcasts.title'), '   ');
    await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
    expect(screen.getByRole('alert')).toHaveTextContent('broadcasts.required');
    expect(posts(calls)).toHaveLength(0);
    await user.type(screen.getByLabelText('broadcasts.title'), 'T');
    await user.type(screen.getByLabelText('broadcasts.body'), 'B');
    await user.click(screen.getByRole('button', { name: 'broadcasts.send' }));
    await user.click(screen.getByRole('button', { name: 'broadcasts.confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A message needs a title');
    // The draft stays for the operator to fix.
    expect(screen.getByLabelText('broadcasts.title')).toHaveValue('   T');
  });
});
