import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { Dialog } from './Dialog';
import { held } from './states';
import { agentsApi, type Run } from './types';

/** RerunDialog restates what a re-run does before it is asked for: it pays
 * only what the run did not (never twice), and it is audited. */
export function RerunDialog({ run, onClose, onDone }: { run: Run; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const send = useMutation({
    mutationFn: () => adminPost<Run>(`${agentsApi}/runs/${run.id}/rerun`),
    onSuccess: (r) => onDone(t('agents.rerun.done', { id: r.id })),
    onError: (err) => {
      if (held(err)) onDone(t('agents.held'));
    },
  });
  return (
    <Dialog title={t('agents.rerun.title', { id: run.id })} onClose={onClose} busy={send.isPending}>
      <div className="ag-form">
        <p data-testid="rerun-effect">{t(run.state === 'failed' ? 'agents.rerun.effectFailed' : 'agents.rerun.effectInsufficient', { n: run.insufficient })}</p>
        {send.isError && !held(send.error) && (
          <p className="admin-error" role="alert">
            {errorText(send.error, t)}
          </p>
        )}
        <div className="admin-filter-actions">
          <button type="button" className="button button-small button-primary" disabled={send.isPending} onClick={() => send.mutate()}>
            {t('agents.rerun.confirm')}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={send.isPending}>
            {t('agents.cancel')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
