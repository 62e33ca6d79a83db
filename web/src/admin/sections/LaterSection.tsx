import { useTranslation } from 'react-i18next';
import { sections } from '../lib/sections';

/** LaterSection is the real page of a section whose screens come with a
 * later release: its title, what it will hold, its panels, and an honest
 * empty state in each instead of made-up figures. */
export function LaterSection({ id }: { id: string }) {
  const { t } = useTranslation();
  const parts = sections.find((s) => s.id === id)?.parts ?? [];
  return (
    <section className="admin-page" aria-labelledby={`page-${id}`}>
      <div className="admin-page-head">
        <h1 id={`page-${id}`}>{t(`sections.${id}.title`)}</h1>
        <p className="muted">{t(`sections.${id}.summary`)}</p>
      </div>
      <div className="admin-empty" role="status">
        <p className="admin-empty-title">{t('common.laterTitle')}</p>
        <p className="muted">{t('common.laterText')}</p>
      </div>
      <div className="admin-later-parts">
        {parts.map((p) => (
          <section key={p} className="admin-panel admin-later-part" aria-label={t(`sections.${id}.parts.${p}`)}>
            <h2>{t(`sections.${id}.parts.${p}`)}</h2>
            <p className="muted">{t('common.laterPart')}</p>
          </section>
        ))}
      </div>
    </section>
  );
}

/** NotPermitted is a section the operator's role does not open. */
export function NotPermitted() {
  const { t } = useTranslation();
  return (
    <div className="admin-empty" role="status">
      <p className="admin-empty-title">{t('common.notPermitted')}</p>
    </div>
  );
}
