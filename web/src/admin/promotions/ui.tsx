import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError } from '../lib/api';
import { errorText } from '../lib/errorText';

// The section's small shared pieces: its modal, list states, badges and
// the reading of a server's field error. (Sections share nothing.)

/** Dialog is the section's modal: focus inside while open and back after,
 * Escape closes it unless a call is under way. */
export function Dialog({ title, onClose, busy, wide, children }: { title: string; onClose: () => void; busy?: boolean; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('textarea, input, select, button:not(.pr-dialog-x)');
    (first ?? box.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="pr-backdrop">
      <div
        ref={box}
        className={wide ? 'pr-dialog pr-dialog-wide' : 'pr-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !busy) {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="pr-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button-small pr-dialog-x" onClick={onClose} disabled={busy} aria-label={t('promotions.close')}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** LoadError says why a list did not come and offers to ask again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-error pr-load-error" role="alert">
      <span>{errorText(error, t)}</span>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

/** Empty is the honest answer of a list with nothing in it. */
export function Empty({ text }: { text: string }) {
  return (
    <p className="admin-empty-row" role="status">
      {text}
    </p>
  );
}

/** Badge is a state word; the class only tints it. */
export function Badge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <span className={`admin-badge pr-state-${state}`}>{t(`promotions.state.${state}`, { defaultValue: state })}</span>;
}

/** held tells a 202 answer: the action waits for a second operator. */
export function held(err: unknown): boolean {
  return err instanceof AdminApiError && err.status === 202;
}

/** serverField is the field a 400/422 answer names in its value, or ''. */
export function serverField(err: unknown): string {
  if (!(err instanceof AdminApiError)) return '';
  const v = err.value as { field?: unknown } | null;
  return v && typeof v.field === 'string' ? v.field : '';
}

/** Problems maps a form's field to the catalogue key of what is wrong
 * with it ('server' is the server's message). */
export type Problems = Record<string, string>;

/** FieldProblem is the line under a field that is wrong. */
export function FieldProblem({ problems, field, server, id }: { problems: Problems; field: string; server?: string; id?: string }) {
  const { t } = useTranslation();
  const p = problems[field];
  if (!p) return null;
  return (
    <span className="admin-error pr-field-problem" id={id} role="alert">
      {p === 'server' ? server : t(`promotions.problem.${p}`)}
    </span>
  );
}

/** Confirm asks before an action that changes something, and shows its
 * refusal in place. */
export function Confirm({ title, text, confirm, busy, error, onConfirm, onClose }: { title: string; text: string; confirm: string; busy: boolean; error: unknown; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} onClose={onClose} busy={busy}>
      <div className="pr-form">
        <p data-testid="confirm-text">{text}</p>
        {error != null && !held(error) && (
          <p className="admin-error" role="alert">
            {errorText(error, t)}
          </p>
        )}
        <div className="admin-filter-actions">
          <button type="button" className="button button-small button-primary" disabled={busy} onClick={onConfirm}>
            {confirm}
          </button>
          <button type="button" className="button button-small" onClick={onClose} disabled={busy}>
            {t('promotions.cancel')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** useNotice is a status line an action leaves behind. */
export function useNotice(): [ReactNode, (text: string) => void] {
  const [text, setText] = useState('');
  const node = text ? (
    <p className="admin-notice" role="status" data-testid="promotions-outcome">
      {text}
    </p>
  ) : null;
  return [node, setText];
}
