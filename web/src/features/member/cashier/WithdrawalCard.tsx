import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { clockTime } from './clock';
import { useCashierMoney } from './format';
import { ProofImage } from './ProofImage';
import { ReceiptForm } from './ReceiptForm';
import { canConfirmReceipt, useCancelWithdrawal, type Withdrawal } from './withdrawApi';
import { withdrawErrorText } from './withdrawErrors';

/** WithdrawalCard is one withdrawal: its status said in words, where it
 * pays to, and what the member can do now: cancel while pending, confirm
 * the receipt while paid (actions off: a snapshot, as just made, whose
 * live copy in the history below carries them). A dispute shows what the member reported and,
 * once finance decided, the outcome. */
export function WithdrawalCard({ withdrawal: w, actions = true }: { withdrawal: Withdrawal; actions?: boolean }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, w.decimals, w.currency);
  const cancel = useCancelWithdrawal();
  const answerable = actions && canConfirmReceipt(w);
  return (
    <article className="withdraw-card" data-status={w.status} data-testid={`withdrawal-${w.id}`} aria-labelledby={`withdrawal-${w.id}-title`}>
      <header className="withdraw-card-head">
        <h4 id={`withdrawal-${w.id}-title`}>{t('cashier.withdraw.order', { id: w.id })}</h4>
        <span className="cashier-badge" data-status={w.status}>
          {t(`cashier.wStatus.${w.status}`)}
        </span>
        <span className="withdraw-card-amount">{m(w.amount)}</span>
      </header>
      <p className="withdraw-card-explain" role="status" aria-live="polite">
        {t(`cashier.wExplain.${w.status}`, { reason: w.reason || '—', amount: m(w.amount) })}
      </p>
      <dl className="facts withdraw-card-facts">
        <dt>{t('cashier.withdraw.account')}</dt>
        <dd>
          <span dir="auto">{w.bankName}</span> · <span dir="auto">{w.accountName}</span> · <span dir="ltr">{w.accountMasked}</span>
        </dd>
        <dt>{t('cashier.order.created')}</dt>
        <dd>
          <time dateTime={w.createdAt}>{formatTime(w.createdAt)}</time>
        </dd>
        {w.paidAt && (
          <>
            <dt>{t('cashier.withdraw.paidAt')}</dt>
            <dd>
              <time dateTime={w.paidAt}>{formatTime(w.paidAt)}</time>
            </dd>
          </>
        )}
      </dl>
      {w.receipt && <ReceiptAnswer withdrawal={w} />}
      {actions && (w.status === 'pending' || w.status === 'matching') && (
        <div className="withdraw-card-actions">
          <button type="button" className="button" disabled={cancel.isPending} onClick={() => cancel.mutate(w.id)}>
            {t('cashier.withdraw.cancel')}
          </button>
          {cancel.isError && (
            <p className="form-error" role="alert">
              {withdrawErrorText(t, cancel.error)}
            </p>
          )}
        </div>
      )}
      {answerable && <ReceiptForm withdrawal={w} />}
      {w.status === 'paid' && !answerable && w.receiptDueAt && <p className="muted">{t('cashier.receipt.duePassed')}</p>}
    </article>
  );
}

/** ReceiptAnswer is what the member answered (or "auto" when the deadline
 * passed), the amount they said was missing, their note and proofs, and
 * finance's outcome. */
function ReceiptAnswer({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const money = useCashierMoney();
  const m = (minor: number) => money(minor, w.decimals, w.currency);
  const missing = w.receipt === 'not_received' ? w.amount : w.receiptRemaining;
  return (
    <div className="withdraw-receipt-answer" data-testid="receipt-answer">
      <p>{t(`cashier.receipt.answer.${w.receipt}`, { remaining: m(missing), time: w.receiptAt ? clockTime(w.receiptAt) : '' })}</p>
      {w.receiptNote && (
        <p className="muted" dir="auto">
          {t('cashier.receipt.yourNote', { note: w.receiptNote })}
        </p>
      )}
      {w.proofUrls.length > 0 && (
        <div className="withdraw-proofs">
          {w.proofUrls.map((u) => (
            <ProofImage key={u} url={u} />
          ))}
        </div>
      )}
      {w.status === 'disputed' && !w.resolution && <p className="withdraw-checking">{t('cashier.receipt.checking')}</p>}
      {w.resolution && (
        <p className="withdraw-resolution" data-resolution={w.resolution}>
          {t(`cashier.receipt.resolution.${w.resolution}`, { amount: m(missing), reason: w.reason || '—' })}
        </p>
      )}
    </div>
  );
}
