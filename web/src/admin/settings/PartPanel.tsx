import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText';
import { fieldProblem } from './useSettings';

type Saving = { isPending: boolean; isError: boolean; isSuccess: boolean; error: unknown };

/** PartPanel is one part of the settings, saved on its own: its form, a
 * save button, and what the save answered (the server's message with the
 * field it names, or that it was saved). */
export function PartPanel({ id, title, hint, saving, onSave, children, dirty = true }: {
  id: string;
  title: string;
  hint?: string;
  saving: Saving;
  onSave: () => void;
  children: ReactNode;
  dirty?: boolean;
}) {
  const { t } = useTranslation();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  const problem = saving.isError ? fieldProblem(saving.error) : null;
  return (
    <section className="admin-panel" aria-labelledby={`settings-${id}`}>
      <h2 id={`settings-${id}`}>{title}</h2>
      {hint && <p className="muted">{hint}</p>}
      <form className="admin-form" onSubmit={submit} noValidate>
        {children}
        <div className="admin-actions">
          <button type="submit" className="button button-small" disabled={saving.isPending || !dirty}>
            {saving.isPending ? t('settings.saving') : t('settings.save')}
          </button>
        </div>
        {saving.isError && (
          <p className="admin-error" role="alert">
            {errorText(saving.error, t)}
            {problem && (
              <>
                {' '}
                <span className="admin-code">{problem.field}</span>
                {problem.reason && <> ({problem.reason})</>}
              </>
            )}
          </p>
        )}
        {saving.isSuccess && !dirty && (
          <p className="admin-notice" role="status">
            {t('settings.saved')}
          </p>
        )}
      </form>
    </section>
  );
}

/** invalid says whether a failed save names field (or a field below it). */
export function invalid(saving: Saving, field: string): boolean {
  const p = saving.isError ? fieldProblem(saving.error) : null;
  return !!p && (p.field === field || p.field.startsWith(field + '.'));
}
