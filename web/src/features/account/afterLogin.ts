import type { QueryClient } from '@tanstack/react-query';
import type { Notice } from '../../data/types';
import { get } from '../../lib/api';
import { openPopup } from '../../lib/popups';
import { startSession } from '../../lib/session';

export type LoginResult = {
  token: string;
  firstTimeLogin: boolean;
  passwordExpired: boolean;
  isAgent: boolean;
  isTrial: boolean;
  passwordChangeRequired: boolean;
};

// afterLogin is what every way in (password, SMS code, registration, phone
// reset, trial) does with the login result (spec §4 Login flow): keep the
// token for this tab, reload what depends on the member, run the
// first-login action, and force a password change for a default or
// expired password, except after an SMS log-in (C-022). The password just
// typed is the old one the change form would ask for: it is handed over in
// memory so it is not asked again (C-100).
// forcesPasswordChange: a default or expired password is changed at once
// after a log-in by password (or a registration), never after an SMS log-in.
export function forcesPasswordChange(res: Pick<LoginResult, 'passwordExpired' | 'passwordChangeRequired'>, type: string): boolean {
  return (type === 'username' || type === 'register') && (res.passwordExpired || res.passwordChangeRequired);
}

export async function afterLogin(
  res: LoginResult,
  opts: { client: QueryClient; type: 'username' | 'sms' | 'register' | 'reset' | 'trial'; password?: string },
): Promise<void> {
  startSession(res.token);
  await opts.client.invalidateQueries({ queryKey: ['memberInfo'] });
  if (forcesPasswordChange(res, opts.type)) {
    openPopup('changePassword', { forced: true, oldPassword: opts.password });
    return;
  }
  if (res.firstTimeLogin) {
    try {
      const notices = await get<Notice[]>('/wps/member/firstLogin');
      if (notices.length > 0) openPopup('announcement', { audience: 'FIRST_LOGIN', notices });
    } catch {
      // The first-login greeting is a courtesy; the log-in stands without it.
    }
  }
}
