import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Dialog is the section's modal: modal for assistive technology, focus
 * inside while open and back where it was after, Escape closes it unless
 * a call is under way. (The cashier has its own; features share nothing.) */
export function Dialog({ title, onClose, busy, wide, children }: { title: string; onClose: () => void; busy?: boolean; wide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('textarea, input, select, button:not(.ag-dialog-x)');
    (first ?? box.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="ag-backdrop">
      <div
        ref={box}
        className={wide ? 'ag-dialog ag-dialog-wide' : 'ag-dialog'}
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
        <div className="ag-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button-small ag-dialog-x" onClick={onClose} disabled={busy} aria-label={t('agents.close')}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
