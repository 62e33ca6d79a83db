import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { SafeHtml } from '../../components/SafeHtml';
import type { Notice } from '../../data/types';
import { markShown, type Audience } from '../../lib/once';

// AnnouncementPopup shows the announcements of an audience one after
// another; closing flags the audience as shown for this session.
export function AnnouncementPopup({ notices, audience, onClose }: { notices: Notice[]; audience: Audience; onClose: () => void }) {
  const { t } = useTranslation();
  const [i, setI] = useState(0);
  const n = notices[i];
  function close() {
    markShown(audience);
    onClose();
  }
  if (!n) return null;
  return (
    <Dialog title={n.title} onClose={close} className="dialog-wide">
      <SafeHtml className="rich" html={n.content} />
      <div className="dialog-actions">
        <span className="muted">
          {i + 1} / {notices.length}
        </span>
        {i + 1 < notices.length ? (
          <button type="button" className="button button-primary" onClick={() => setI(i + 1)}>
            {t('common.next')}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={close}>
            {t('common.confirm')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
