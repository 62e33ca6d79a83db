import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

// Tone says what a message is: information (a copy done, a password
// changed, a link sent) or a warning (a refused request, an action a trial
// account may not take).
export type Tone = 'info' | 'warning';

// MessageDialog is the small message popup with its confirm button. Its
// icon and colours show its tone; the icon names it for assistive
// technology.
export function MessageDialog({ text, title, tone = 'info', onClose }: { text?: unknown; title?: unknown; tone?: Tone; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={String(title || t('common.notice'))} onClose={onClose} className={`dialog-small dialog-${tone}`}>
      <div className="message" data-tone={tone}>
        <ToneIcon tone={tone} label={t(tone === 'warning' ? 'common.warning' : 'common.info')} />
        <p>{String(text ?? '')}</p>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

// ToneIcon is the warning triangle or the information disc.
export function ToneIcon({ tone, label }: { tone: Tone; label: string }) {
  return (
    <svg className={`tone-icon tone-${tone}`} role="img" aria-label={label} viewBox="0 0 24 24" width="28" height="28">
      {tone === 'warning' ? (
        <>
          <path d="M12 2.5 1.5 21h21z" fill="currentColor" />
          <path d="M12 9v5.5M12 17.2v.1" stroke="var(--bg-raised)" strokeWidth="2.2" strokeLinecap="round" />
        </>
      ) : (
        <>
          <circle cx="12" cy="12" r="10.5" fill="currentColor" />
          <path d="M12 10.5V17M12 6.8v.1" stroke="var(--bg-raised)" strokeWidth="2.2" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
