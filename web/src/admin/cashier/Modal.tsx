import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Modal is the cashier's dialog (a decision, a proof image): modal for
 * assistive technology, focus inside while open and back where it was
 * after, Escape closes it unless busy. The back office has no dialog of
 * its own yet; the player site's needs its stylesheet. */
export function Modal({ title, onClose, busy, children }: { title: string; onClose: () => void; busy?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('textarea, input, select, button:not(.csh-modal-x)');
    (first ?? box.current)?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="csh-backdrop">
      <div
        ref={box}
        className="csh-modal"
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
        <div className="csh-modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="button button-small csh-modal-x" onClick={onClose} disabled={busy} aria-label={t('cashier.close')}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
