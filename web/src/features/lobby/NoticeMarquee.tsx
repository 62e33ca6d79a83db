import { useTranslation } from 'react-i18next';
import { useNotices } from '../../data/content';
import { openPopup } from '../../lib/popups';

// NoticeMarquee runs the player notices' titles across the top of the home
// lobby; clicking opens the notice list. Its name is what it does followed
// by the titles it shows: a name must hold the visible text (WCAG 2.5.3).
export function NoticeMarquee() {
  const { t } = useTranslation();
  const q = useNotices();
  const notices = q.data?.player ?? [];
  // The bar keeps its place while notices load so the page does not jump.
  if (notices.length === 0) return <div className="marquee marquee-empty" aria-hidden="true" />;
  return (
    <button type="button" className="marquee" onClick={() => openPopup('notice')}>
      <span className="visually-hidden">{t('notice.open')}: </span>
      <svg className="marquee-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M3 10v4h4l6 4V6L7 10H3zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
      </svg>
      <span className="marquee-window">
        <span className="marquee-track">
          {notices.map((n) => (
            <span key={n.id} className="marquee-item">
              {n.title}
            </span>
          ))}
        </span>
      </span>
    </button>
  );
}
