import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { Dialog } from './Dialog';
import { REASON_MAX } from './MoveDialog';
import { held } from './states';
import { agentsApi, type Contract } from './types';

/** TerminateDialog ends a contract for the operator, with a reason: an
 * offer is withdrawn at once, an active contract at the end of the period
 * in progress (still paid), and the contracts of that kind the member
 * offered below end with it. */
export function TerminateDialog({ contract, onClose, onDone }: { contract: Contract; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const send = useMutation({
    mutationFn: (body: { reason: string }) => adminPost<Contract>(`${agentsApi}/contracts/${contract.id}/terminate`, body),
    onSuccess: () => onDone(t('agents.terminate.done', { id: contract.id })),
    onError: (err) => {
      if (held(err)) onDone(t('agents.held'));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const p = !text ? 'agents.reasonRequired' : text.length > REASON_MAX ? 'agents.reasonTooLong' : '';
    setProblem(p);
    if (!p) send.mutate({ reason: text });
  };
  return (
    <Dialog title={t('agents.terminate.title', { id: contract.id })} onClose={onClose} busy={send.isPending}>
      <form className="admin-form ag-form" onSubmit={submit} noValidate>
        <p data-testid="terminate-effect">
          {t(contract.state === 'offered' ? 'agents.terminate.effectOffer' : 'agents.terminate.effectActive', {
            username: contract.member.username,
            kind: t(`agents.kind.${contract.kind}`),
          })}
        </p>
        <label className="admin-field admin-field-wide">
          <span>{t('agents.reason')}</span>
          <textarea className="input" name="reason" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} required aria-invalid={problem ? true : undefined} />
        </label>
        {problem && (
          <p className="admin-error" role="alert">
            {t(problem, { max: REASON_MAX })}
          </p>
        )}
        {send.isError && !held(send.error) && (
          <p className="admin-error" role="alert">
            {errorText(send.error, t)}
          </p>
        )}
        <div className="admin-filter-actions">
          <button type="submit" className="button button-small admin-danger" disabled={send.isPending}>
            {t('agents.terminate.confirm')}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={send.isPending}>
            {t('agents.cancel')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
