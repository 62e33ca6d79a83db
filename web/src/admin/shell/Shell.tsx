import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { adminLanguages, applyAdminLanguage } from '../lib/i18n';
import { allowedSections } from '../lib/sections';
import { useAdminSession } from '../lib/session';
import { applyAdminTheme, currentAdminTheme, type AdminTheme } from '../lib/theme';

/** Shell is the back office's frame: the header with the operator and the
 * preferences, the side navigation filtered by permission, and the page. */
export function Shell() {
  const { t } = useTranslation();
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        {t('shell.skip')}
      </a>
      <Header />
      <SideNav />
      <main className="admin-main" id="admin-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

function Header() {
  const { t, i18n } = useTranslation();
  const { me, logOut } = useAdminSession();
  const [theme, setTheme] = useState<AdminTheme>(currentAdminTheme);
  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyAdminTheme(next);
    setTheme(next);
  };
  return (
    <header className="admin-header">
      <span className="admin-brand">{t('shell.brand')}</span>
      <dl className="admin-who">
        <div>
          <dt>{t('shell.operator')}</dt>
          <dd data-testid="operator-name">{me.username}</dd>
        </div>
        <div>
          <dt>{t('shell.merchant')}</dt>
          <dd>{me.merchant || t('shell.platform')}</dd>
        </div>
        <div>
          <dt>{t('shell.role')}</dt>
          <dd>{me.role}</dd>
        </div>
      </dl>
      <div className="admin-prefs">
        <label className="admin-inline">
          <span className="visually-hidden">{t('shell.language')}</span>
          <select className="input admin-select" value={i18n.language} onChange={(e) => void applyAdminLanguage(e.target.value)}>
            {adminLanguages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-small" onClick={toggleTheme} aria-pressed={theme === 'light'}>
          {theme === 'dark' ? t('shell.themeLight') : t('shell.themeDark')}
        </button>
        <button type="button" className="button button-small" onClick={() => void logOut()}>
          {t('shell.logOut')}
        </button>
      </div>
    </header>
  );
}

/** SideNav lists the sections the operator's permissions open. */
export function SideNav() {
  const { t } = useTranslation();
  const { me } = useAdminSession();
  const allowed = allowedSections(me.permissions);
  return (
    <nav className="admin-nav" aria-label={t('shell.navigation')}>
      <ul>
        {allowed.map((s) => (
          <li key={s.id}>
            <NavLink to={s.path} className={({ isActive }) => (isActive ? 'admin-nav-link active' : 'admin-nav-link')}>
              {t(`sections.${s.id}.title`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
