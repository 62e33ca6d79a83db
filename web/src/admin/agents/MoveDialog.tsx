import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPost } from '../lib/api';
import { errorText } from '../lib/errorText';
import { fetchTree } from './agentsApi';
import { Dialog } from './Dialog';
import { held } from './states';
import { agentsApi, type Downline, type MemberRef } from './types';

/** REASON_MAX is the longest reason the section sends. */
export const REASON_MAX = 200;

type Plan = { upline: MemberRef | null; reason: string };

/** MoveDialog moves a member (with its whole team) under another upline,
 * or to the top of the tree. The new upline's username is looked up with
 * the tree call first, and the move restated for a confirmation: contracts
 * with the old upline end with it. */
export function MoveDialog({ member, path, onClose, onDone }: { member: Downline; path: MemberRef[]; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [top, setTop] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [plan, setPlan] = useState<Plan | null>(null);
  const upline = path.filter((p) => p.id !== member.id).at(-1);

  const resolve = useMutation({
    mutationFn: (name: string) => fetchTree({ username: name }),
  });
  const move = useMutation({
    mutationFn: (p: Plan) => adminPost(`${agentsApi}/${member.id}/move`, { uplineId: p.upline?.id ?? 0, reason: p.reason }),
    onSuccess: (_, p) => onDone(p.upline ? t('agents.move.done', { username: member.username, upline: p.upline.username }) : t('agents.move.doneTop', { username: member.username })),
    onError: (err) => {
      if (held(err)) onDone(t('agents.held'));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = username.trim();
    const text = reason.trim();
    const p = !top && !name ? 'agents.move.uplineRequired' : !text ? 'agents.reasonRequired' : text.length > REASON_MAX ? 'agents.reasonTooLong' : '';
    setProblem(p);
    if (p) return;
    if (top) {
      setPlan({ upline: null, reason: text });
      return;
    }
    try {
      const found = await resolve.mutateAsync(name);
      if (found.member.id === member.id) {
        setProblem('agents.move.self');
        return;
      }
      setPlan({ upline: { id: found.member.id, username: found.member.username }, reason: text });
    } catch {
      // resolve.error is shown below.
    }
  };

  const busy = resolve.isPending || move.isPending;
  return (
    <Dialog title={t('agents.move.title', { username: member.username })} onClose={onClose} busy={busy}>
      {plan === null ? (
        <form className="admin-form ag-form" onSubmit={(e) => void submit(e)} noValidate>
          <p className="muted">{t('agents.move.current', { upline: upline?.username ?? t('agents.platform') })}</p>
          <label className="admin-field">
            <span>{t('agents.move.upline')}</span>
            <input className="input" name="upline" autoComplete="off" maxLength={64} value={username} disabled={top} onChange={(e) => setUsername(e.target.value)} />
          </label>
          <label className="admin-inline">
            <input type="checkbox" checked={top} onChange={(e) => setTop(e.target.checked)} />
            <span>{t('agents.move.top')}</span>
          </label>
          <label className="admin-field admin-field-wide">
            <span>{t('agents.reason')}</span>
            <textarea className="input" name="reason" rows={3} maxLength={REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} required aria-invalid={problem ? true : undefined} />
          </label>
          {problem && (
            <p className="admin-error" role="alert">
              {t(problem, { max: REASON_MAX })}
            </p>
          )}
          {resolve.isError && (
            <p className="admin-error" role="alert">
              {errorText(resolve.error, t)}
            </p>
          )}
          <div className="admin-filter-actions">
            <button type="submit" className="button button-small button-primary" disabled={busy}>
              {t('agents.move.next')}
            </button>
            <button type="button" className="button button-small" onClick={onClose} disabled={busy}>
              {t('agents.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="admin-confirm" role="region" aria-label={t('agents.move.confirmTitle')}>
          <p data-testid="move-effect">
            {plan.upline ? t('agents.move.effect', { username: member.username, upline: plan.upline.username }) : t('agents.move.effectTop', { username: member.username })}
          </p>
          <p className="muted">{t('agents.move.contractsEnd')}</p>
          {move.isError && !held(move.error) && (
            <p className="admin-error" role="alert">
              {errorText(move.error, t)}
            </p>
          )}
          <div className="admin-filter-actions">
            <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => move.mutate(plan)}>
              {t('agents.move.confirm')}
            </button>
            <button type="button" className="button button-small" disabled={busy} onClick={() => setPlan(null)}>
              {t('agents.back')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
