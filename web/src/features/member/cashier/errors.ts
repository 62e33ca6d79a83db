import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/errorText';

type Translate = (key: string) => string;

// The cashier's refusals are worded in the site's own catalogue so they
// read like the rest of the page; every other code goes to the site's
// error-text helper.
const known: Record<string, string> = {
  'cashier.too_many_pending': 'cashier.errors.tooManyPending',
  'cashier.no_match': 'cashier.errors.noMatch',
  'cashier.amount_out_of_range': 'cashier.errors.amountOutOfRange',
  'cashier.daily_limit': 'cashier.errors.dailyLimit',
  'cashier.proof_invalid': 'cashier.errors.proofInvalid',
  'cashier.reference_invalid': 'cashier.submit.referenceProblem',
  'cashier.order_state': 'cashier.errors.orderState',
  'resource.not_found': 'cashier.errors.notFound',
};

/** cashierErrorText is what to tell the member about a failed cashier
 * call. */
export function cashierErrorText(t: Translate, err: unknown): string {
  if (err instanceof ApiError && known[err.code]) return t(known[err.code]);
  return errorText(t, err);
}
