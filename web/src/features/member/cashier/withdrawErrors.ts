import { ApiError } from '../../../lib/api';
import { cashierErrorText } from './errors';

type Translate = (key: string, o?: Record<string, unknown>) => string;

// The refusals of money going out (withdrawals, bank accounts, the payment
// password, transfers to the upline), worded in the site's catalogue. The
// same code reads differently here than on the deposit page (a daily limit
// is the withdrawal's, an order is a withdrawal), so these come first and
// anything else goes to the deposit feature's mapping.
const known: Record<string, string> = {
  'cashier.payment_password_required': 'cashier.wErrors.passwordRequired',
  'cashier.payment_password_incorrect': 'cashier.wErrors.passwordIncorrect',
  'cashier.payment_password_invalid': 'cashier.wErrors.passwordInvalid',
  'cashier.payment_password_locked': 'cashier.wErrors.passwordLocked',
  'login.password_incorrect': 'cashier.wErrors.loginPasswordIncorrect',
  'cashier.account_name_mismatch': 'cashier.wErrors.accountNameMismatch',
  'cashier.bank_account_invalid': 'cashier.wErrors.bankAccountInvalid',
  'cashier.bank_account_exists': 'cashier.wErrors.bankAccountExists',
  'cashier.bank_account_limit': 'cashier.wErrors.bankAccountLimit',
  'cashier.bank_account_in_use': 'cashier.wErrors.bankAccountInUse',
  'cashier.amount_out_of_range': 'cashier.wErrors.amountOutOfRange',
  'cashier.daily_limit': 'cashier.wErrors.dailyLimit',
  'cashier.too_many_pending': 'cashier.wErrors.tooManyPending',
  'cashier.turnover_incomplete': 'cashier.wErrors.turnoverIncomplete',
  'wallet.insufficient_funds': 'cashier.wErrors.insufficientFunds',
  'cashier.order_state': 'cashier.wErrors.orderState',
  'cashier.receipt_invalid': 'cashier.wErrors.receiptInvalid',
  'cashier.proof_invalid': 'cashier.wErrors.proofInvalid',
  'cashier.no_upline': 'cashier.wErrors.noUpline',
  'cashier.request_invalid': 'cashier.wErrors.requestInvalid',
  'resource.not_found': 'cashier.wErrors.notFound',
};

/** withdrawErrorText is what to tell the member about a failed call of
 * the withdraw, bank account, payment password or upline API. money
 * formats minor units for the refusals that carry an amount. */
export function withdrawErrorText(t: Translate, err: unknown, money?: (minor: number) => string): string {
  if (!(err instanceof ApiError) || !known[err.code]) return cashierErrorText(t, err);
  const value = (err.value ?? {}) as Record<string, unknown>;
  if (err.code === 'cashier.payment_password_locked') {
    const seconds = typeof value.retryAfter === 'number' ? value.retryAfter : 900;
    return t(known[err.code], { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  if (err.code === 'cashier.turnover_incomplete' && typeof value.remaining === 'number' && money) {
    return t(known[err.code], { remaining: money(value.remaining) });
  }
  if (err.code === 'cashier.turnover_incomplete') return t('cashier.wErrors.turnoverIncompleteShort');
  return t(known[err.code]);
}

/** invalidField is the field an invalid-input refusal names ({field}), or
 * ''. */
export function invalidField(err: unknown): string {
  if (!(err instanceof ApiError)) return '';
  const f = (err.value as { field?: unknown } | null)?.field;
  return typeof f === 'string' ? f : '';
}
