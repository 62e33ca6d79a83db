import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { formatAmount } from '../lib/format';
import { Modal } from './Modal';
import type { AdminDeposit } from './types';

/** Decision is what an operator is about to do with a deposit. */
export type Decision = { row: AdminDeposit; action: 'approve' | 'reject' };

/** REASON_MAX is the longest reason the API takes. */
export const REASON_MAX = 200;

/** DecisionDialog restates the deposit and asks for the reason: optional
 * to approve, required to reject (the member is shown it). A 202 answer
 * means the owner marked the action sensitive: it waits for a second
 * operator and nothing changed yet, which is what the screen says. */
export function DecisionDialog({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const { row, action } = decision;
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const send = useMutation({
    mutationFn: (body: { reason: string }) => adminPost<AdminDeposit>(`/admin/api/cashier/deposits/${row.id}/${action}`, body),
    onSuccess: () => onDone(t(`cashier.decide.done.${action}`, { id: row.id })),
    onError: (err) => {
      if (err instanceof AdminApiError && err.status === 202) onDone(t('cashier.decide.held', { id: row.id }));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const p = action === 'reject' && !text ? 'cashier.decide.reasonRequired' : text.length > REASON_MAX ? 'cashier.decide.reasonTooLong' : '';
    setProblem(p);
    if (p) return;
    send.mutate({ reason: text });
  };

  const failed = send.isError && !(send.error instanceof AdminApiError && send.error.status === 202);
  return (
    <Modal title={t(`cashier.decide.${action}Title`, { id: row.id })} onClose={onClose} busy={send.isPending}>
      <form className="admin-form csh-decision" onSubmit={submit} noValidate>
        <p data-testid="decision-effect">
          {t(`cashier.decide.${action}Effect`, { amount: `${formatAmount(row.credit, i18n.language)} ${row.currency}`, username: row.username })}
        </p>
        <label className="admin-field admin-field-wide">
          <span>{t(action === 'reject' ? 'cashier.decide.reasonNeeded' : 'cashier.decide.reasonOptional')}</span>
          <textarea
            className="input"
            name="reason"
            rows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            required={action === 'reject'}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'decision-problem' : undefined}
          />
        </label>
        {problem && (
          <p id="decision-problem" className="admin-error" role="alert">
            {t(problem, { max: REASON_MAX })}
          </p>
        )}
        {failed && (
          <p className="admin-error" role="alert">
            {errorText(send.error, t)}
          </p>
        )}
        <div className="admin-filter-actions">
          <button type="submit" className={action === 'reject' ? 'button button-small admin-danger' : 'button button-small button-primary'} disabled={send.isPending}>
            {t(`cashier.decide.${action}`)}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={send.isPending}>
            {t('cashier.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
