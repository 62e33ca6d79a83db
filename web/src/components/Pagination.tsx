import { useTranslation } from 'react-i18next';
import { pageItems } from '../lib/pagination';

type Props = { page: number; totalPages: number; onPage: (p: number) => void; range: number; margin?: number };

// Pagination is the numbered variant (spec §2: range 5 in lists, 3 in the
// lobby, 1 margin page).
export function Pagination({ page, totalPages, onPage, range, margin = 1 }: Props) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pages')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('common.previous')}>
        ‹
      </button>
      {pageItems(page, totalPages, range, margin).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap${i}`} className="gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button type="button" key={item} aria-current={item === page ? 'page' : undefined} onClick={() => onPage(item)}>
            {item}
          </button>
        ),
      )}
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)} aria-label={t('common.next')}>
        ›
      </button>
    </nav>
  );
}
