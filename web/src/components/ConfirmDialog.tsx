import { useTranslation } from 'react-i18next';
import { Dialog } from './Dialog';

// ConfirmDialog asks before an action that cannot be taken back (log out).
export function ConfirmDialog({ text, onConfirm, onCancel, busy }: { text: string; onConfirm: () => void; onCancel: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('common.notice')} onClose={onCancel} className="dialog-small">
      <p>{text}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button type="button" className="button button-primary" onClick={onConfirm} disabled={busy}>
          {busy ? t('common.loading') : t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
