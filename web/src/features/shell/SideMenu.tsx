import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import { categoryRoutes } from '../../app/layout';
import { BannerStrip } from '../../components/BannerStrip';
import { useMenus } from '../../data/catalog';
import { useMember } from '../../data/member';
import { usePermission } from '../../data/permission';
import { openCustomerService } from '../../lib/customerService';
import { usePromotions } from '../promotions/api';
import { rtlLanguages } from '../../lib/language';
import { useSessionToken } from '../../lib/session';
import { CategoryIcon } from './categoryIcons';
import { navEntries, navLabel } from './GameNav';
import { LanguageSelect } from './LanguageSelect';
import { SocialLinks } from './SocialLinks';

// SideMenu is the collapsible left menu (spec §2). VIP bonus shows for a
// visitor or when the merchant runs VIP; refer-and-earn when referral is
// offered (G-023); promotions only when there are live ones.
export function SideMenu({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const p = usePermission();
  const loggedIn = !!useSessionToken();
  const menus = useMenus();
  const { member } = useMember();
  const promotions = usePromotions();
  const hasPromotions = (promotions.data?.content.length ?? 0) > 0;
  // Refer-and-earn (G-023): a member sees it when the server says REFERRAL
  // is offered to them; a visitor when the merchant runs referral.
  const referral = member?.availablePromo ? member.availablePromo.some((x) => x.type === 'REFERRAL' && x.enabled) : p.referral;
  const categories = navEntries(menus.data ?? []).filter((m) => m.gameType !== 'HOME' && m.gameType !== 'PROMO');

  return (
    <aside className="side-menu" data-collapsed={collapsed} aria-label={t('nav.menu')}>
      <button type="button" className="icon-button side-toggle" onClick={onToggle} aria-expanded={!collapsed} aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}>
        <Chevron points={toggleArrow(collapsed, rtlLanguages.includes(i18n.language))} />
      </button>
      <nav>
        <ul className="side-list">
          {(!loggedIn || p.vip) && <SideLink to="/promotions?tab=vip" icon="♛" label={t('side.vipBonus')} />}
          {referral && <SideLink to="/member?page=referral" icon="✚" label={t('side.referEarn')} />}
          <SideLink to="/member?page=personalHistoryCopy" icon="▤" label={t('side.bonusBets')} />
          <SideLink to="/promotions" icon="★" label={t('side.events')} />
          <SideLink to="/" icon="⌂" label={t('nav.HOME')} end />
          {categories.map((m) => (
            <SideLink key={m.gameType} to={categoryRoutes[m.gameType] ?? '/'} icon={<CategoryIcon gameType={m.gameType} />} label={t(navLabel(m.gameType))} />
          ))}
          {hasPromotions && <SideLink to="/promotions" icon="%" label={t('promotions.title')} />}
          <SideLink to="/down" icon="⇩" label={t('side.download')} />
        </ul>
      </nav>
      {!collapsed && (
        <div className="side-extra">
          <BannerStrip group="w_leftmenu" />
          <LanguageSelect id="side-language" />
          <SocialLinks />
          <button type="button" className="button button-ghost side-service" onClick={() => void openCustomerService(p)}>
            {t('common.customerService')}
          </button>
          <button type="button" className="link-button" onClick={() => navigate('/help')}>
            {t('help.title')}
          </button>
        </div>
      )}
    </aside>
  );
}

// SideLink marks the current page; links into a page's sections (with a
// query) are not marked, since the router matches paths only.
function SideLink({ to, icon, label, end }: { to: string; icon: ReactNode; label: string; end?: boolean }) {
  const inner = (
    <>
      <span className="side-icon" aria-hidden="true">
        {icon}
      </span>
      <span className="side-label">{label}</span>
    </>
  );
  return (
    <li>
      {to.includes('?') ? (
        <Link to={to} className="side-link" title={label}>
          {inner}
        </Link>
      ) : (
        <NavLink to={to} end={end} className="side-link" title={label}>
          {inner}
        </NavLink>
      )}
    </li>
  );
}

// toggleArrow is where the fold button's arrow points: open, toward the
// edge the menu folds into; folded, away from it. The menu sits on the
// inline start, the right in a right-to-left language. The arrow is drawn
// (not a « » character, which the bidi algorithm mirrors on its own).
export function toggleArrow(collapsed: boolean, rtl: boolean): 'left' | 'right' {
  const edge = rtl ? 'right' : 'left';
  const away = rtl ? 'left' : 'right';
  return collapsed ? away : edge;
}

function Chevron({ points }: { points: 'left' | 'right' }) {
  return (
    <svg className="side-toggle-arrow" data-points={points} viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={points === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}
