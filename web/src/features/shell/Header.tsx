import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePermission } from '../../data/permission';
import type { Member } from '../../data/types';
import { del, get } from '../../lib/api';
import { openCustomerService } from '../../lib/customerService';
import { openPopup, showMessage } from '../../lib/popups';
import { endSession, useSessionToken } from '../../lib/session';
import { GameNav } from './GameNav';
import { LanguageSelect } from './LanguageSelect';
import { ThemeSwitch } from './ThemeSwitch';

// Header is the top bar (spec §2): brand, service, log-in and register for
// a visitor, the member's name and id for a member, language and theme, and
// the game-type navigation.
export function Header({ onMenu }: { onMenu?: () => void }) {
  const { t } = useTranslation();
  const p = usePermission();
  const token = useSessionToken();
  return (
    <header className="site-header">
      <div className="header-bar">
        {onMenu && (
          <button type="button" className="icon-button menu-button" onClick={onMenu} aria-label={t('nav.menu')}>
            <span aria-hidden="true">☰</span>
          </button>
        )}
        <Link to="/" className="brand" aria-label={t('nav.homeOf', { name: p.merchant.name })}>
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-name">{p.merchant.name}</span>
        </Link>
        <div className="header-actions">
          <button type="button" className="button button-ghost header-service" onClick={() => void openCustomerService(p)}>
            {t('common.customerService')}
          </button>
          {token ? (
            <MemberBox />
          ) : (
            <>
              <button type="button" className="button button-ghost" onClick={() => openPopup('login')}>
                {t('header.login')}
              </button>
              <button type="button" className="button button-primary" onClick={() => openPopup('register')}>
                {t('header.register')}
              </button>
            </>
          )}
          <LanguageSelect id="header-language" />
          <ThemeSwitch />
        </div>
      </div>
      <GameNav />
    </header>
  );
}

// MemberBox is the logged-in corner: account, id with copy, log out. The
// balance and the rest of the member menu arrive with the wallet.
function MemberBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = useQuery({ queryKey: ['memberInfo'], queryFn: ({ signal }) => get<Member>('/wps/member/info', undefined, signal) });
  const m = info.data;

  async function copyId() {
    if (!m) return;
    try {
      await navigator.clipboard.writeText(String(m.id));
      showMessage(t('header.copied'));
    } catch {
      showMessage(t('errors.unknown'));
    }
  }

  async function logout() {
    if (!window.confirm(t('header.logoutConfirm'))) return;
    try {
      await del('/wps/session/logout');
    } catch {
      // The session ends on this device whatever the server answered.
    }
    endSession();
    navigate('/');
  }

  return (
    <div className="member-box">
      <span className="member-name">{m?.account ?? '…'}</span>
      {m && (
        <button type="button" className="chip chip-small" onClick={() => void copyId()} aria-label={t('header.copyId')}>
          ID {m.id}
        </button>
      )}
      {m && <span className="vip-label">VIP{m.vipRankLevel}</span>}
      <button type="button" className="button button-ghost" onClick={() => void logout()}>
        {t('header.logout')}
      </button>
    </div>
  );
}
