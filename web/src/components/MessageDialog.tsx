import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

// MessageDialog is the small confirmation popup (copy success and the
// like).
export function MessageDialog({ text, title, onClose }: { text?: unknown; title?: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={String(title || t('common.notice'))} onClose={onClose} className="dialog-small">
      <p>{String(text ?? '')}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
