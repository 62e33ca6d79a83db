import { lazy, Suspense } from 'react';
import { withChunkTimeout } from '../../../lib/lazyPage';

// The security centre opens first in the member centre; its cashier
// sections (and the cashier's English strings they need) come in their own
// chunk, so the lobby's bundle does not carry them.
const PaymentPassword = lazy(() => withChunkTimeout(import('./PaymentPasswordSection')).then((m) => ({ default: m.PaymentPasswordSection })));
const BankAccounts = lazy(() => withChunkTimeout(import('./BankAccountsSection')).then((m) => ({ default: m.BankAccountsSection })));

/** LazyPaymentPasswordSection is PaymentPasswordSection, loaded when shown. */
export function LazyPaymentPasswordSection() {
  return (
    <Suspense fallback={null}>
      <PaymentPassword />
    </Suspense>
  );
}

/** LazyBankAccountsSection is BankAccountsSection, loaded when shown. */
export function LazyBankAccountsSection() {
  return (
    <Suspense fallback={null}>
      <BankAccounts />
    </Suspense>
  );
}
