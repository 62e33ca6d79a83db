import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { usePermission } from '../../data/permission';

export function PointMallPage() {
  const { t } = useTranslation();
  // A merchant may not run a points mall at all (module switch).
  if (!usePermission().pointMall)
    return (
      <div className="page">
        <h1 className="page-title">{t('pointMall.title')}</h1>
        <EmptyState title={t('pointMall.off')} />
      </div>
    );
  return (
    <div className="page">
      <h1 className="page-title">{t('pointMall.title')}</h1>
      <div className="tabs" role="tablist" aria-label={t('pointMall.title')}>
        <button type="button" role="tab" className="tab" aria-selected="true">
          {t('pointMall.items')}
        </button>
        <button type="button" role="tab" className="tab" aria-selected="false" disabled>
          {t('pointMall.history')}
        </button>
        <button type="button" role="tab" className="tab" aria-selected="false" disabled>
          {t('pointMall.details')}
        </button>
      </div>
      <EmptyState title={t('pointMall.empty')} />
    </div>
  );
}
