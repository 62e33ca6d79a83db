import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { freezeScroll } from './scrollLock';

type Props = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  // hideClose removes the close button (spec §2: shown by default).
  hideClose?: boolean;
  className?: string;
  // actions sit in the title bar before the close button (the game
  // popup's full-screen button).
  actions?: ReactNode;
};

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Dialog is the generic popup of spec §2: at least 200x200 and adapting to
// its content, shown 100 ms after it is asked for, draggable by its title
// bar, not closed by a click outside, page scroll frozen while open and
// restored after. It is a modal dialog for assistive technology and keeps
// keyboard focus inside.
export function Dialog({ title, onClose, children, hideClose, className, actions }: Props) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), 100);
    const release = freezeScroll();
    return () => {
      window.clearTimeout(timer);
      release();
    };
  }, []);

  useEffect(() => {
    if (!shown || !box.current) return;
    const before = document.activeElement as HTMLElement | null;
    const first = box.current.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? box.current).focus();
    return () => before?.focus?.();
  }, [shown]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'Escape' && !hideClose) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  function startDrag(e: React.PointerEvent) {
    if ((e.target as HTMLElement).closest('button')) return;
    const start = { x: e.clientX - offset.x, y: e.clientY - offset.y };
    const move = (ev: PointerEvent) => setOffset({ x: ev.clientX - start.x, y: ev.clientY - start.y });
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  return (
    <div className="dialog-backdrop" data-shown={shown}>
      <div
        ref={box}
        className={`dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        hidden={!shown}
        onKeyDown={onKeyDown}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
      >
        <div className="dialog-title" onPointerDown={startDrag}>
          <h2 id={titleId}>{title}</h2>
          {actions && <div className="dialog-title-actions">{actions}</div>}
          {!hideClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
              ×
            </button>
          )}
        </div>
        <div className="dialog-body">{children}</div>
      </div>
    </div>
  );
}
