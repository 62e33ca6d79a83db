import { ApiError } from '../../lib/api';
import { errorText } from '../../lib/errorText';

type Translate = (key: string, o?: Record<string, unknown>) => string;

// The refusals of the agent calls (agent contract), worded in the site's
// catalogue; anything else goes to the site's errorText.
const known: Record<string, string> = {
  'member.not_agent': 'agent.errors.notAgent',
  'feature.disabled': 'agent.errors.featureDisabled',
  'agent.not_downline': 'agent.errors.notDownline',
  'agent.cannot_offer': 'agent.errors.cannotOffer',
  'agent.rate_above_upline': 'agent.errors.rateAboveUpline',
  'agent.rate_not_higher': 'agent.errors.rateNotHigher',
  'agent.offer_pending': 'agent.errors.offerPending',
  'agent.tiers_invalid': 'agent.errors.tiersInvalid',
  'agent.contract_state': 'agent.errors.contractState',
  'agent.code_taken': 'agent.errors.codeTaken',
  'agent.too_many_codes': 'agent.errors.tooManyCodes',
  'resource.not_found': 'agent.errors.notFound',
  'register.username_taken': 'agent.errors.usernameTaken',
  'validation.field_invalid': 'agent.errors.fieldInvalid',
  'cashier.payment_password_required': 'agent.errors.paymentPasswordRequired',
  'cashier.payment_password_incorrect': 'agent.errors.paymentPasswordIncorrect',
  'cashier.payment_password_locked': 'agent.errors.paymentPasswordLocked',
  'wallet.insufficient_funds': 'agent.errors.insufficientFunds',
  'cashier.amount_out_of_range': 'agent.errors.amountOutOfRange',
};

// agentErrorText is what to tell the agent about a failed agent call.
export function agentErrorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError && known[err.code]) return t(known[err.code]);
  return errorText(t, err);
}
