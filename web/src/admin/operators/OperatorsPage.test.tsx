import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../lib/api';
import { fakeServer, operator, renderAsOperator, type Call, type Reply } from '../testing/harness';
import { OperatorsPage } from './OperatorsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  setCsrfToken('');
});

const roles = [
  { name: 'owner', builtIn: true, permissions: ['operators.manage', 'audit.read'] },
  { name: 'support', builtIn: true, permissions: ['players.read'] },
];
const carl = { id: 9, username: 'carl', merchant: 'demo', role: 'support', disabled: false, totpEnabled: true, lastLoginAt: null };

function serve(extra: (c: Call) => Reply | undefined = () => undefined) {
  return fakeServer((c) => {
    const r = extra(c);
    if (r) return r;
    if (c.url.pathname === '/admin/api/roles') return { value: roles };
    if (c.url.pathname === '/admin/api/permissions') return { value: [{ name: 'audit.read', description: 'Read the audit trail' }] };
    if (c.url.pathname === '/admin/api/operators' && c.method === 'GET') return { value: [carl] };
    return { value: {} };
  });
}

describe('OperatorsPage', () => {
  it('creates an operator and shows the one-time password once, with a copy button', async () => {
    setCsrfToken('csrf-7');
    const calls = serve((c) =>
      c.method === 'POST' && c.url.pathname === '/admin/api/operators'
        ? { value: { operator: { ...carl, id: 10, username: 'dana' }, oneTimePassword: 'Xy7-kP2q-Zt9' } }
        : undefined,
    );
    const user = userEvent.setup();
    renderAsOperator(<OperatorsPage />, operator(['operators.manage']));
    await screen.findByText('carl');

    await user.type(screen.getByLabelText('operators.username', { selector: 'input' }), 'dana');
    await user.selectOptions(screen.getByLabelText('operators.role', { selector: '[name=newRole]' }), 'support');
    await user.click(screen.getByRole('button', { name: 'operators.create' }));

    const shown = await screen.findByRole('region', { name: 'operators.oneTimeTitle' });
    expect(within(shown).getByTestId('one-time-password')).toHaveTextContent('Xy7-kP2q-Zt9');
    const create = calls.find((c) => c.method === 'POST')!;
    expect(create.body).toEqual({ username: 'dana', role: 'support' });
    expect(create.headers['X-CSRF-Token']).toBe('csrf-7');

    await user.click(within(shown).getByRole('button', { name: 'operators.copy' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('Xy7-kP2q-Zt9');
    expect(await within(shown).findByRole('button', { name: 'operators.copied' })).toBeInTheDocument();

    await user.click(within(shown).getByRole('button', { name: 'operators.done' }));
    expect(screen.queryByText('Xy7-kP2q-Zt9')).toBeNull();
  });

  it('shows the server refusing a username', async () => {
    serve((c) => (c.method === 'POST' ? { status: 409, code: 'admin.operator_exists', message: 'That username is taken' } : undefined));
    const user = userEvent.setup();
    renderAsOperator(<OperatorsPage />, operator(['operators.manage']));
    await screen.findByText('carl');
    await user.type(screen.getByLabelText('operators.username', { selector: 'input' }), 'carl');
    await user.click(screen.getByRole('button', { name: 'operators.create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken');
    expect(screen.queryByTestId('one-time-password')).toBeNull();
  });

  it('changes a role, disables and resets the authenticator after a second press', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderAsOperator(<OperatorsPage />, operator(['operators.manage']));
    await screen.findByText('carl');

    await user.selectOptions(screen.getByLabelText('operators.roleOf'), 'owner');
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url.pathname === '/admin/api/operators/9' && (c.body as { role: string }).role === 'owner')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'operators.disable' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && (c.body as { disabled?: boolean }).disabled === true)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'operators.resetTotp' }));
    expect(calls.some((c) => c.url.pathname.endsWith('/reset-totp'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'operators.confirmResetTotp' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/admin/api/operators/9/reset-totp')).toBe(true));
  });

  it('lists the roles with their permissions', async () => {
    serve();
    renderAsOperator(<OperatorsPage />, operator(['roles.manage']));
    const table = (await screen.findAllByRole('table')).at(-1)!;
    expect(await within(table).findByText('support')).toBeInTheDocument();
    expect(within(table).getByText('audit.read')).toHaveAttribute('title', 'Read the audit trail');
    // Without operators.manage the operators list and its actions are not shown.
    expect(screen.queryByRole('button', { name: 'operators.create' })).toBeNull();
  });
});
