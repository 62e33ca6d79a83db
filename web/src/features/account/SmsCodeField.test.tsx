import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionContext } from '../../data/permission';
import type { Permission } from '../../data/types';
import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';
import { popups } from '../../lib/popups';
import { SmsCodeField } from './SmsCodeField';

afterEach(() => {
  popups.set([]);
  vi.unstubAllGlobals();
});

// C-045: a refused code request shows the server's message in a warning
// dialog with a confirm button.
describe('SMS code request failure', () => {
  it('opens a warning with the server message', async () => {
    vi.stubGlobal('fetch', (url: string) => {
      const body = url.startsWith('/wps/system/countryCodes')
        ? { success: true, value: [{ countryDialingCode: '855', iso: 'KH', name: 'Cambodia', digits: [8, 9] }] }
        : { success: false, code: 'sms.quota_insufficient', message: 'SMS quota insufficient, please contact customer service', value: null };
      return Promise.resolve({ status: url.startsWith('/wps/system') ? 200 : 503, json: () => Promise.resolve(body) });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PermissionContext.Provider value={{ expiredMinutes: 5, registerRules: {} } as unknown as Permission}>
          <SmsCodeField id="c" phone={{ countryDialingCode: '855', mobileNum: '12345678' }} value="" onChange={() => undefined} purpose="login" />
        </PermissionContext.Provider>
      </QueryClientProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'form.sendCode' })));
    await vi.waitFor(() => expect(popups.get()).toHaveLength(1));
    expect(popups.get()[0]).toEqual({ id: 'message', props: { text: 'SMS quota insufficient, please contact customer service', title: '', tone: 'warning' } });
  });
});

// The spec's message rows the site words in its own catalogue.
describe('errorText', () => {
  const t = (k: string) => `<${k}>`;
  it.each([
    ['login.verification_incomplete', '<errors.verifyFirst>'],
    ['login.contact_agent', '<errors.contactAgent>'],
    ['member.confirmation_incorrect', '<errors.confirmationIncorrect>'],
    ['sms.failed', '<errors.smsFailed>'],
    ['login.verification_closed', '<errors.verificationClosed>'],
    ['member.in_need_true_account', '<errors.realAccount>'],
    ['network.abnormal', '<errors.network>'],
    ['sms.code_invalid', 'the server says'],
  ])('%s', (code, want) => expect(errorText(t, new ApiError(code, 'the server says', 400, null))).toBe(want));

  it('a failure without an answer is the network', () => expect(errorText(t, new TypeError('offline'))).toBe('<errors.network>'));
});
