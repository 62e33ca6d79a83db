import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryRoutes } from '../../app/layout';
import { useMenus } from '../../data/catalog';
import { useHelpCenter } from '../../data/content';
import { usePermission } from '../../data/permission';
import { imageUrl } from '../../lib/cdn';
import { openPopup } from '../../lib/popups';
import { navEntries, navLabel } from './GameNav';
import { SocialLinks } from './SocialLinks';

// The vendor logos the footer always shows (spec §2).
export const footerVendors = ['PG', 'EG2', 'PT', 'JDB', 'CQ9', 'FC', 'JL', 'BGS'];

// Footer: categories with their vendors, the help list, a description,
// social icons, vendor logos and the 18+ notice (spec §2, X-001).
export function Footer() {
  const { t } = useTranslation();
  const p = usePermission();
  const menus = useMenus();
  const help = useHelpCenter();
  const categories = navEntries(menus.data ?? []).filter((m) => m.vendors.length > 0);
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {categories.map((m) => (
          <section key={m.gameType} className="footer-column">
            <h2>
              <Link to={categoryRoutes[m.gameType] ?? '/'}>{t(navLabel(m.gameType))}</Link>
            </h2>
            <ul>
              {m.vendors.slice(0, 8).map((v) => (
                <li key={v.vassalage}>{v.displayName}</li>
              ))}
            </ul>
          </section>
        ))}
        <section className="footer-column">
          <h2>{t('help.title')}</h2>
          <ul>
            {(help.data ?? []).flatMap((s) => s.articles).map((a) => (
              <li key={a.id}>
                <button type="button" className="link-button" onClick={() => openPopup('helpCenter', { article: a.code })}>
                  {a.title}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="footer-description">{t('footer.description', { name: p.merchant.name })}</p>
      <SocialLinks />
      <ul className="footer-logos" aria-label={t('footer.partners')}>
        {footerVendors.map((code) => (
          <li key={code}>
            <img src={imageUrl(`/icons/vendors/${code}.svg`)} alt={code} width={96} height={48} loading="lazy" />
          </li>
        ))}
      </ul>
      <p className="responsible">
        <span className="age-badge" aria-hidden="true">
          {p.minimumAge}+
        </span>
        {t('footer.responsible', { age: p.minimumAge })}
      </p>
      <p className="muted copyright">© {new Date().getFullYear()} {p.merchant.name}</p>
    </footer>
  );
}
