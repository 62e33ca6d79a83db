import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import type { LoginResult } from './afterLogin';
import { TwoFactorDialog } from './TwoFactorDialog';

const result: LoginResult = { token: 't', firstTimeLogin: false, passwordExpired: false, isAgent: false, isTrial: false, passwordChangeRequired: false };

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

function open(props: Partial<Parameters<typeof TwoFactorDialog>[0]> = {}) {
  const send = vi.fn(() => Promise.resolve(5));
  const verify = vi.fn(() => Promise.resolve(result));
  const onDone = vi.fn();
  const onCancel = vi.fn();
  render(<TwoFactorDialog challenge={{ methods: ['sms', 'email'], mobile: '+855****5002', email: 'p***@example.com' }} send={send} verify={verify} onDone={onDone} onCancel={onCancel} {...props} />);
  act(() => vi.advanceTimersByTime(100));
  return { send, verify, onDone, onCancel };
}

// The new-address verification (C-117, C-118): a modal dialog named by its
// title, with the click-to-verify, successful and retry steps.
describe('two-factor log-in dialog', () => {
  it('is a dialog labelled by its title, starting at click to verify', () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'ipVerify.dialogTitle' });
    expect(dialog).toHaveAttribute('aria-labelledby');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)).toHaveTextContent('ipVerify.dialogTitle');
    expect(screen.getByRole('button', { name: 'ipVerify.clickToVerify' })).toBeInTheDocument();
  });

  it('sends the code on click to verify, then verifies and shows success', async () => {
    const { send, verify, onDone } = open();
    fireEvent.click(screen.getByRole('tab', { name: 'ipVerify.email' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.clickToVerify' })));
    expect(send).toHaveBeenCalledWith('email', undefined);
    expect(screen.getByRole('button', { name: 'form.resendIn' })).toBeDisabled();
    // Verifying without a code: complete verification first.
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('errors.verifyFirst');
    expect(verify).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('ipVerify.code'), { target: { value: ' 123456 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' })));
    expect(verify).toHaveBeenCalledWith('email', '123456', undefined);
    expect(screen.getByRole('status')).toHaveTextContent('ipVerify.success');
    fireEvent.click(screen.getByRole('button', { name: 'common.confirm' }));
    expect(onDone).toHaveBeenCalledWith(result);
  });

  it('offers a retry after a failed code', async () => {
    const verify = vi.fn().mockRejectedValueOnce(new ApiError('sms.code_invalid', 'A valid verification code is required', 400, null)).mockResolvedValueOnce(result);
    open({ challenge: { methods: ['totp'] }, verify });
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.clickToVerify' }));
    fireEvent.change(screen.getByLabelText('ipVerify.code'), { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' })));
    expect(screen.getByRole('alert')).toHaveTextContent('ipVerify.failed');
    expect(screen.getByRole('alert')).toHaveTextContent('A valid verification code is required');
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.retry' }));
    fireEvent.change(screen.getByLabelText('ipVerify.code'), { target: { value: '111111' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' })));
    expect(screen.getByRole('status')).toHaveTextContent('ipVerify.success');
  });

  // After repeated failures the server wants a captcha with each step
  // (decision 0017): the box shows, and the next try carries its answer.
  it('shows the captcha the server asks for and sends its answer', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve({ status: 200, json: () => Promise.resolve({ success: true, value: { captchaId: 'cap-1', image: '' } }) }));
    const asked = new ApiError('login.captcha_required', 'Please enter the captcha', 400, { captcha: true });
    const verify = vi.fn().mockRejectedValueOnce(asked).mockResolvedValueOnce(result);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TwoFactorDialog challenge={{ methods: ['totp'] }} send={vi.fn()} verify={verify} onDone={vi.fn()} onCancel={vi.fn()} />
      </QueryClientProvider>,
    );
    act(() => vi.advanceTimersByTime(100));
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.clickToVerify' }));
    fireEvent.change(screen.getByLabelText('ipVerify.code'), { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' })));
    expect(verify).toHaveBeenLastCalledWith('totp', '000000', undefined);
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.retry' }));
    fireEvent.change(screen.getByLabelText('ipVerify.code'), { target: { value: '111111' } });
    // Without the captcha's answer nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('form.empty');
    expect(verify).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(screen.getByRole('img', { name: 'form.captchaImage' })).toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('form.captcha'), { target: { value: ' ab12 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'ipVerify.verify' })));
    expect(verify).toHaveBeenLastCalledWith('totp', '111111', { captchaId: 'cap-1', captcha: 'ab12' });
    expect(screen.getByRole('status')).toHaveTextContent('ipVerify.success');
    vi.unstubAllGlobals();
  });

  it('closing it before success gives the log-in up (X-036)', () => {
    const { onCancel, onDone } = open();
    fireEvent.click(screen.getByRole('button', { name: 'common.close' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
