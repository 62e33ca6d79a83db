import { useTranslation } from 'react-i18next';

/** The page sizes every server-paged table offers. */
export const pageSizes = [20, 50, 100];

type Props = {
  pageNum: number;
  totalPages: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  // onSize changes the page size; the caller goes back to page 1.
  onSize: (size: number) => void;
};

/** Pager is the previous/next, position and page-size controls under a
 * server-paged table. */
export function Pager({ pageNum, totalPages, total, pageSize, onPage, onSize }: Props) {
  const { t } = useTranslation();
  return (
    <nav className="admin-pager" aria-label={t('pager.label')}>
      <button type="button" className="button button-small" disabled={pageNum <= 1} onClick={() => onPage(pageNum - 1)}>
        {t('pager.previous')}
      </button>
      <span data-testid="pager-status">{t('pager.status', { page: totalPages ? pageNum : 0, pages: totalPages, total })}</span>
      <button type="button" className="button button-small" disabled={pageNum >= totalPages} onClick={() => onPage(pageNum + 1)}>
        {t('pager.next')}
      </button>
      <label className="admin-inline">
        <span>{t('pager.size')}</span>
        <select className="input admin-select" value={pageSize} onChange={(e) => onSize(Number(e.target.value))}>
          {pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
