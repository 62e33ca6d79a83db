import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminGet, adminPut } from '../lib/api';
import { errorText } from '../lib/errorText';
import type { SensitiveAction } from '../lib/types';

const key = ['admin', 'sensitive-actions'];

/** SensitiveActions lets an operator with settings.write mark the actions
 * that must wait for a second operator's approval (decision 0027). */
export function SensitiveActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminGet<{ actions: SensitiveAction[] }>('/admin/api/merchant/sensitive-actions', undefined, signal),
  });
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const actions = list.data?.actions ?? [];
  const chosen = picked ?? new Set(actions.filter((a) => a.sensitive).map((a) => a.action));
  const save = useMutation({
    mutationFn: () => adminPut<{ actions: SensitiveAction[] }>('/admin/api/merchant/sensitive-actions', { actions: [...chosen] }),
    onSuccess: (v) => {
      client.setQueryData(key, v);
      setPicked(null);
      setFeedback({ ok: true, text: t('approvals.sensitive.saved') });
    },
    onError: (err) => setFeedback({ ok: false, text: errorText(err, t) }),
  });
  const toggle = (action: string) => {
    const next = new Set(chosen);
    if (next.has(action)) next.delete(action);
    else next.add(action);
    setPicked(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <details className="admin-panel">
      <summary>
        <h2 className="admin-inline">{t('approvals.sensitive.title')}</h2>
      </summary>
      <p className="muted">{t('approvals.sensitive.hint')}</p>
      {list.isError && (
        <p className="admin-error" role="alert">
          {errorText(list.error, t)}
        </p>
      )}
      <form onSubmit={submit}>
        <fieldset className="admin-sensitive">
          <legend>{t('approvals.sensitive.legend')}</legend>
          {actions.map((a) => (
            <label key={a.action} className="admin-check">
              <input type="checkbox" checked={chosen.has(a.action)} onChange={() => toggle(a.action)} />
              <span>
                {a.summary}
                <br />
                <code className="muted">
                  {a.method} {a.path} · {a.permission}
                </code>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="admin-filter-actions">
          <button type="submit" className="button button-primary button-small" disabled={save.isPending || list.isPending}>
            {t('approvals.sensitive.save')}
          </button>
        </div>
        {feedback && (
          <p className={feedback.ok ? 'admin-notice' : 'admin-error'} role={feedback.ok ? 'status' : 'alert'}>
            {feedback.text}
          </p>
        )}
      </form>
    </details>
  );
}
