import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminGet, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount, formatTime } from '../lib/format';
import { can, useAdminSession } from '../lib/session';
import { REASON_MAX } from './DecisionDialog';
import { Modal } from './Modal';
import { withdrawalsKey } from './WithdrawalsPanel';
import { withdrawalsPath } from './withdrawQuery';
import type { AdminWithdrawal } from './withdrawTypes';

/** Action is what finance can do with a withdrawal. */
type Action = 'approve' | 'reject' | 'confirmed' | 'refunded';

/** REFERENCE_MAX is the longest payout reference taken. */
const REFERENCE_MAX = 64;

/** WithdrawalDetail is one withdrawal for finance: who, to which account
 * (whole number for an operator who pays), the member's turnover, the
 * receipt the member gave with the proof images, and the decision: approve
 * or reject while pending, confirmed or refunded while disputed. */
export function WithdrawalDetail({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const { me } = useAdminSession();
  const q = useQuery({ queryKey: [...withdrawalsKey, 'one', id], queryFn: ({ signal }) => adminGet<AdminWithdrawal>(`${withdrawalsPath}/${id}`, undefined, signal) });
  const [action, setAction] = useState<Action | null>(null);
  const decide = can(me, 'cashier.decide');
  const w = q.data;
  const money = (v: string) => `${formatAmount(v, i18n.language)} ${w?.currency ?? ''}`;
  const time = (v: string | null) => (v ? formatTime(v, i18n.language) : '—');
  return (
    <Modal title={t('cashier.withdrawals.title', { id })} onClose={onClose}>
      {q.isError && (
        <p className="admin-error" role="alert">
          {errorText(q.error, t)}
        </p>
      )}
      {!w ? (
        !q.isError && <p className="muted">{t('common.loading')}</p>
      ) : (
        <div className="csh-wdetail" data-testid="withdrawal-detail">
          <dl className="admin-facts csh-facts">
            <dt>{t('cashier.deposits.username')}</dt>
            <dd>{w.username}</dd>
            <dt>{t('cashier.deposits.amount')}</dt>
            <dd className="csh-strong">{money(w.amount)}</dd>
            <dt>{t('cashier.deposits.status')}</dt>
            <dd>
              <span className={`admin-badge csh-wstatus-${w.status}`}>{t(`cashier.wStatus.${w.status}`)}</span>
              {w.reason && <span className="muted csh-small csh-block">{w.reason}</span>}
            </dd>
            <dt>{t('cashier.channels.bankName')}</dt>
            <dd>{w.bankName}</dd>
            <dt>{t('cashier.channels.accountName')}</dt>
            <dd>{w.accountName}</dd>
            <dt>{t('cashier.channels.accountNumber')}</dt>
            <dd dir="ltr" data-testid="withdrawal-account-number">
              {w.accountNumber || w.accountMasked}
            </dd>
            <dt>{t('cashier.withdrawals.payout')}</dt>
            <dd>
              {t(`cashier.gateway.${w.payout}`)}
              {w.payoutRef && <span className="muted csh-small csh-block">{w.payoutRef}</span>}
            </dd>
            {w.turnover && (
              <>
                <dt>{t('cashier.withdrawals.turnover')}</dt>
                <dd data-testid="withdrawal-turnover">{t('cashier.withdrawals.turnoverIs', { done: money(w.turnover.done), required: money(w.turnover.required) })}</dd>
              </>
            )}
            <dt>{t('cashier.deposits.createdAt')}</dt>
            <dd>{time(w.createdAt)}</dd>
            <dt>{t('cashier.deposits.decided')}</dt>
            <dd>
              {time(w.decidedAt)}
              {w.decidedBy && <span className="muted csh-small csh-block">{w.decidedBy}</span>}
            </dd>
            {w.paidAt && (
              <>
                <dt>{t('cashier.withdrawals.paidAt')}</dt>
                <dd>{time(w.paidAt)}</dd>
              </>
            )}
            {w.status === 'paid' && w.receiptDueAt && (
              <>
                <dt>{t('cashier.withdrawals.receiptDue')}</dt>
                <dd>{time(w.receiptDueAt)}</dd>
              </>
            )}
          </dl>
          {w.receipt && (
            <section className="csh-receipt" aria-labelledby="wd-receipt" data-testid="withdrawal-receipt">
              <h3 id="wd-receipt">{t('cashier.withdrawals.receipt')}</h3>
              <p>
                <strong>{t(`cashier.withdrawals.receiptIs.${w.receipt}`)}</strong> · {time(w.receiptAt)}
              </p>
              {(w.receipt === 'partial' || w.receipt === 'not_received') && <p>{t('cashier.withdrawals.missing', { amount: money(w.receipt === 'partial' ? w.receiptRemaining : w.amount) })}</p>}
              {w.receiptNote && <p className="csh-note">{t('cashier.withdrawals.note', { note: w.receiptNote })}</p>}
              {w.proofUrls.length > 0 && (
                <div className="csh-proofs">
                  {w.proofUrls.map((u, n) => (
                    <a key={u} href={u} target="_blank" rel="noreferrer">
                      <img className="csh-proof" src={u} alt={t('cashier.withdrawals.proofAlt', { n: n + 1, username: w.username })} />
                    </a>
                  ))}
                </div>
              )}
              {w.resolution && (
                <p data-testid="withdrawal-resolution">
                  {t(`cashier.withdrawals.resolved.${w.resolution}`)} · {time(w.resolvedAt)} · {w.resolvedBy}
                </p>
              )}
            </section>
          )}
          {decide && !action && (w.status === 'pending' || w.status === 'disputed') && (
            <div className="admin-filter-actions">
              {w.status === 'pending' ? (
                <>
                  <button type="button" className="button button-small button-primary" onClick={() => setAction('approve')}>
                    {t('cashier.decide.approve')}
                  </button>
                  <button type="button" className="button button-small admin-danger" onClick={() => setAction('reject')}>
                    {t('cashier.decide.reject')}
                  </button>
                </>
              ) : (
                <>
                  <button type="button" className="button button-small button-primary" onClick={() => setAction('confirmed')}>
                    {t('cashier.withdrawals.resolve.confirmed')}
                  </button>
                  <button type="button" className="button button-small admin-danger" onClick={() => setAction('refunded')}>
                    {t('cashier.withdrawals.resolve.refunded')}
                  </button>
                </>
              )}
            </div>
          )}
          {action && <DecisionForm key={action} withdrawal={w} action={action} onCancel={() => setAction(null)} onDone={onDone} />}
        </div>
      )}
    </Modal>
  );
}

function DecisionForm({ withdrawal: w, action, onCancel, onDone }: { withdrawal: AdminWithdrawal; action: Action; onCancel: () => void; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState('');
  const resolving = action === 'confirmed' || action === 'refunded';
  const needsReason = action !== 'approve';
  const send = useMutation({
    mutationFn: () => {
      const text = reason.trim();
      if (resolving) return adminPost<AdminWithdrawal>(`${withdrawalsPath}/${w.id}/resolve`, { outcome: action, reason: text });
      if (action === 'approve') return adminPost<AdminWithdrawal>(`${withdrawalsPath}/${w.id}/approve`, { reason: text, payoutReference: reference.trim() });
      return adminPost<AdminWithdrawal>(`${withdrawalsPath}/${w.id}/reject`, { reason: text });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: withdrawalsKey });
      onDone(t(`cashier.withdrawals.done.${action}`, { id: w.id }));
    },
    onError: (err) => {
      if (err instanceof AdminApiError && err.status === 202) {
        void client.invalidateQueries({ queryKey: withdrawalsKey });
        onDone(t('cashier.withdrawals.held', { id: w.id }));
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const p = needsReason && !text ? 'cashier.decide.reasonRequired' : text.length > REASON_MAX ? 'cashier.decide.reasonTooLong' : reference.trim().length > REFERENCE_MAX ? 'cashier.withdrawals.referenceTooLong' : '';
    setProblem(p);
    if (!p) send.mutate();
  };
  const failed = send.isError && !(send.error instanceof AdminApiError && send.error.status === 202);
  const amount = `${formatAmount(action === 'refunded' && w.receipt === 'partial' ? w.receiptRemaining : w.amount, i18n.language)} ${w.currency}`;
  return (
    <form className="admin-form csh-decision" onSubmit={submit} noValidate aria-label={t(`cashier.withdrawals.effect.${action}Title`)}>
      <p data-testid="withdraw-effect">{t(`cashier.withdrawals.effect.${action}`, { amount, username: w.username })}</p>
      {action === 'approve' && w.payout === 'manual' && (
        <label className="admin-field admin-field-wide">
          <span>{t('cashier.withdrawals.reference')}</span>
          <input className="input" name="payoutReference" maxLength={REFERENCE_MAX} autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} />
        </label>
      )}
      <label className="admin-field admin-field-wide">
        <span>{t(needsReason ? 'cashier.decide.reasonNeeded' : 'cashier.decide.reasonOptional')}</span>
        <textarea className="input" name="reason" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} required={needsReason} aria-invalid={problem ? true : undefined} />
      </label>
      {problem && (
        <p className="admin-error" role="alert">
          {t(problem, { max: REASON_MAX })}
        </p>
      )}
      {failed && (
        <p className="admin-error" role="alert">
          {errorText(send.error, t)}
        </p>
      )}
      <div className="admin-filter-actions">
        <button type="submit" className={action === 'approve' || action === 'confirmed' ? 'button button-small button-primary' : 'button button-small admin-danger'} disabled={send.isPending}>
          {t(`cashier.withdrawals.effect.${action}Title`)}
        </button>
        <button type="button" className="button button-small" onClick={onCancel} disabled={send.isPending}>
          {t('cashier.cancel')}
        </button>
      </div>
    </form>
  );
}
