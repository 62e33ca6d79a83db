import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Pagination } from '../../components/Pagination';
import { SafeHtml } from '../../components/SafeHtml';
import { Spinner } from '../../components/Spinner';
import { useNotices } from '../../data/content';
import { formatTime } from '../../lib/format';

export const NOTICE_PAGE_SIZE = 8;

// NoticeListPopup lists the notices 8 to a page with their time; choosing
// one opens it, choosing it again closes it (spec §2).
export function NoticeListPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const q = useNotices();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const all = q.data ? [...q.data.player, ...q.data.banners, ...q.data.promotion].sort((a, b) => b.createTime.localeCompare(a.createTime)) : [];
  const totalPages = Math.ceil(all.length / NOTICE_PAGE_SIZE);
  const shown = all.slice((page - 1) * NOTICE_PAGE_SIZE, page * NOTICE_PAGE_SIZE);
  return (
    <Dialog title={t('notice.title')} onClose={onClose} className="dialog-wide">
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : all.length === 0 ? (
        <EmptyState title={t('notice.none')} />
      ) : (
        <>
          <ul className="notice-list">
            {shown.map((n) => (
              <li key={n.id} className="notice-item">
                <button type="button" className="notice-head" aria-expanded={openId === n.id} onClick={() => setOpenId(openId === n.id ? null : n.id)}>
                  <span className="notice-title">{n.title}</span>
                  <time dateTime={n.createTime}>{formatTime(n.createTime)}</time>
                </button>
                {openId === n.id && <SafeHtml className="notice-body rich" html={n.content} />}
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={totalPages} onPage={setPage} range={5} />
        </>
      )}
    </Dialog>
  );
}
