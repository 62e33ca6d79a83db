import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';
import { openCustomerService } from '../../lib/customerService';

// RightBar floats the social links and customer service at the page edge.
export function RightBar() {
  const { t } = useTranslation();
  const p = usePermission();
  const links = ['TELEGRAM', 'TELEGRAM1', 'FACEBOOK'].map((k) => p.resources[k]).filter((r) => r && /^https?:/i.test(r.url));
  return (
    <aside className="right-bar" aria-label={t('side.quick')}>
      {links.map((r) => (
        <a key={r.resourceType} href={r.url} target="_blank" rel="noopener noreferrer" className="right-bar-item" title={r.labelNameEn} aria-label={r.labelNameEn}>
          <span aria-hidden="true">{r.resourceType.startsWith('TELEGRAM') ? '✈' : 'f'}</span>
        </a>
      ))}
      <button type="button" className="right-bar-item" onClick={() => void openCustomerService(p)} title={t('common.customerService')} aria-label={t('common.customerService')}>
        <span aria-hidden="true">☎</span>
      </button>
    </aside>
  );
}
