import { useTranslation } from 'react-i18next';
import { usePermission } from '../../data/permission';

const socialOrder = ['TELEGRAM', 'TELEGRAM1', 'FACEBOOK'];

// SocialLinks shows the merchant's TELEGRAM, TELEGRAM1 and FACEBOOK
// resources (spec §2), whichever it has.
export function SocialLinks() {
  const { t } = useTranslation();
  const p = usePermission();
  const links = socialOrder.map((k) => p.resources[k]).filter((r) => r && /^https?:/i.test(r.url));
  if (links.length === 0) return null;
  return (
    <ul className="social-links" aria-label={t('side.social')}>
      {links.map((r) => (
        <li key={r.resourceType}>
          <a href={r.url} target="_blank" rel="noopener noreferrer" className="social-link" data-kind={r.resourceType}>
            <span aria-hidden="true">{r.resourceType.startsWith('TELEGRAM') ? '✈' : 'f'}</span>
            <span>{r.labelNameEn}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
