import { ApiError } from './api';

type Translate = (key: string) => string;

// The refusals the site words in its own catalogue (spec §8 and the
// generic messages of §5), so they read like the rest of the page; any
// other refusal shows the server's message, which is already in the
// visitor's language.
const known: Record<string, string> = {
  'network.abnormal': 'errors.network',
  'invalid.domain': 'errors.invalidDomain',
  'member.in_need_true_account': 'errors.realAccount',
  'login.verification_incomplete': 'errors.verifyFirst',
  'login.contact_agent': 'errors.contactAgent',
  'login.verification_closed': 'errors.verificationClosed',
  'member.confirmation_incorrect': 'errors.confirmationIncorrect',
  'sms.failed': 'errors.smsFailed',
  // Player protection's refusals (decision 0032), met on the deposit page,
  // at a launch and in the in-house games alike.
  'protection.deposit_limit': 'errors.depositLimit',
  'protection.loss_limit': 'errors.lossLimit',
  'protection.excluded': 'errors.excluded',
  'protection.session_limit': 'errors.sessionLimit',
};

// errorText is what to tell the visitor about a failed call.
export function errorText(t: Translate, err: unknown): string {
  if (!(err instanceof ApiError)) return t('errors.network');
  const key = known[err.code];
  if (key) return t(key);
  return err.message || t('errors.unknown');
}
