import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { SafeHtml } from '../../components/SafeHtml';
import { Spinner } from '../../components/Spinner';
import { useNotices } from '../../data/content';
import { formatTime } from '../../lib/format';

// PromotionsPage lists the merchant's promotion notices. Claiming and
// activity tracking come with the promotions package.
export function PromotionsPage() {
  const { t } = useTranslation();
  const q = useNotices();
  const list = q.data?.promotion ?? [];
  return (
    <div className="page">
      <h1 className="page-title">{t('promotions.title')}</h1>
      {q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : !q.data ? (
        <Spinner />
      ) : list.length === 0 ? (
        <EmptyState title={t('promotions.none')} />
      ) : (
        <div className="promo-list">
          {list.map((n) => (
            <article key={n.id} className="card promo-card">
              <h2>{n.title}</h2>
              <time className="muted" dateTime={n.createTime}>
                {formatTime(n.createTime)}
              </time>
              <SafeHtml className="rich" html={n.content} />
            </article>
          ))}
        </div>
      )}
    </div>
  );
}
