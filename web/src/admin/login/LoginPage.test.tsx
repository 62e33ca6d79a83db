import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call, type Reply } from '../testing/harness';
import { LoginPage } from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

const me = { id: 4, username: 'ann', merchant: 'demo', role: 'owner', permissions: ['audit.read'], csrfToken: 'c' };

function setup(answer: (call: Call) => Reply) {
  const calls = fakeServer(answer);
  const onLoggedIn = vi.fn();
  render(<LoginPage onLoggedIn={onLoggedIn} />);
  return { calls, onLoggedIn, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  // The cursor starts in the username field: the whole log-in goes by keyboard.
  expect(screen.getByLabelText('login.username')).toHaveFocus();
  await user.keyboard('ann');
  await user.tab();
  await user.keyboard('secret-1{Enter}');
}

describe('LoginPage', () => {
  it('walks password change, authenticator set-up and code to a session', async () => {
    const { calls, onLoggedIn, user } = setup((c) => {
      switch (c.url.pathname) {
        case '/admin/api/session':
          return { value: { step: 'password_change', loginToken: 'lt1' } };
        case '/admin/api/session/password':
          return { value: { step: 'totp_setup', loginToken: 'lt2', secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Portal:ann?secret=JBSWY3DPEHPK3PXP&issuer=Portal' } };
        default:
          return { value: { operator: me, csrfToken: 'csrf-9' } };
      }
    });
    await logIn(user);

    await waitFor(() => expect(screen.getByLabelText('login.newPassword')).toHaveFocus());
    await user.keyboard('NewPass#2026');
    await user.tab();
    await user.keyboard('NewPass#2026{Enter}');

    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    const qr = await screen.findByRole('img', { name: 'login.qrLabel' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByLabelText('login.code')).toHaveFocus();
    await user.keyboard('123 456{Enter}');

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith({ operator: me, csrfToken: 'csrf-9' }));
    expect(calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['POST', '/admin/api/session', { username: 'ann', password: 'secret-1' }],
      ['POST', '/admin/api/session/password', { loginToken: 'lt1', newPassword: 'NewPass#2026' }],
      ['POST', '/admin/api/session/totp', { loginToken: 'lt2', code: '123456' }],
    ]);
  });

  it('asks only for the code when the authenticator is set up', async () => {
    const { onLoggedIn, user } = setup((c) => (c.url.pathname === '/admin/api/session' ? { value: { step: 'totp', loginToken: 'lt' } } : { value: { operator: me, csrfToken: 'x' } }));
    await logIn(user);
    expect(await screen.findByText('login.totpHint')).toBeInTheDocument();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    await user.type(screen.getByLabelText('login.code'), '654321{Enter}');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
  });

  it.each([
    [401, 'admin.login_failed', 'Wrong username or password'],
    [429, 'admin.too_many_attempts', 'Locked for 15 minutes'],
    [403, 'admin.ip_not_allowed', 'This address may not open the back office'],
  ])('shows the envelope message of a %i %s and stays on the first step', async (status, code, message) => {
    const { user } = setup(() => ({ status, code, message }));
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('login.password')).toBeInTheDocument();
  });

  it('falls back to its own words for a lockout the server did not word', async () => {
    const { user } = setup(() => ({ status: 429, code: 'request.too_many' }));
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('errors.locked');
  });

  it('shows a wrong code and lets the operator try again, or start over', async () => {
    let tries = 0;
    const { onLoggedIn, user } = setup((c) => {
      if (c.url.pathname === '/admin/api/session') return { value: { step: 'totp', loginToken: 'lt' } };
      tries++;
      return tries === 1 ? { status: 401, code: 'admin.totp_invalid', message: 'Wrong code' } : { value: { operator: me, csrfToken: 'x' } };
    });
    await logIn(user);
    await user.type(await screen.findByLabelText('login.code'), '000000{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code');
    await user.clear(screen.getByLabelText('login.code'));
    await user.type(screen.getByLabelText('login.code'), '111111{Enter}');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
  });

  it('refuses two different new passwords without asking the server', async () => {
    const { calls, user } = setup(() => ({ value: { step: 'password_change', loginToken: 'lt' } }));
    await logIn(user);
    await user.type(await screen.findByLabelText('login.newPassword'), 'One#11111');
    await user.type(screen.getByLabelText('login.confirmPassword'), 'Two#22222{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('login.passwordMismatch');
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'login.restart' }));
    expect(screen.getByLabelText('login.username')).toBeInTheDocument();
  });
});
