import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUnreadMessages } from '../../data/messages';
import { usePermission } from '../../data/permission';
import type { Member } from '../../data/types';
import { del, get } from '../../lib/api';
import { openCustomerService } from '../../lib/customerService';
import { openOnce, openPopup, showMessage } from '../../lib/popups';
import { BalanceView } from '../../components/BalanceView';
import { CountBadge } from '../../components/CountBadge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
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

// MemberBox is the logged-in corner (spec §2): the balance, avatar (with a
// fallback image), VIP label, account, id with copy, and the member menu,
// whose messages entry (and, while it is closed, its toggle) carries the
// unread count's red badge (E-014).
// Members get a deposit button beside it; agents also withdraw and agent
// buttons (spec §2), which narrow screens move into the menu. Trial
// accounts have no cashier.
function MemberBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const info = useQuery({ queryKey: ['memberInfo'], queryFn: ({ signal }) => get<Member>('/wps/member/info', undefined, signal) });
  const icon = useQuery({ queryKey: ['memberIcon'], queryFn: ({ signal }) => get<{ icon: string }>('/wps/member/info/icon', undefined, signal), enabled: !!info.data && !info.data.isTrial });
  const m = info.data;
  const unread = useUnreadMessages();
  const unreadLabel = t('messages.unreadCount', { count: unread });

  // A reload keeps the session; a member who still has to change the
  // password is sent back to that form.
  useEffect(() => {
    if (m?.passwordChangeRequired && !m.isTrial) openOnce('changePassword', { forced: true });
  }, [m?.passwordChangeRequired, m?.isTrial]);

  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  async function copyId() {
    if (!m) return;
    try {
      await navigator.clipboard.writeText(String(m.id));
      showMessage(t('header.copied'));
    } catch {
      showMessage(t('errors.unknown'), { tone: 'warning' });
    }
  }

  // logout: confirmation, loader, the call, then session storage cleared
  // (merchant kept) and home (spec §4).
  async function logout() {
    setLeaving(true);
    try {
      await del('/wps/session/logout');
    } catch {
      // The session ends on this device whatever the server answered.
    }
    setLeaving(false);
    setConfirming(false);
    endSession();
    navigate('/');
  }

  function go(to: string) {
    setOpen(false);
    // Trial accounts have no member centre (spec §6): say so, go nowhere.
    if (m?.isTrial) {
      showMessage(t('errors.realAccount'), { tone: 'warning' });
      return;
    }
    navigate(to);
  }

  return (
    <div className="member-box" ref={box}>
      <BalanceView trial={m?.isTrial} className="header-balance" />
      <img
        className="avatar"
        src={`/avatars/${/^\d{1,2}$/.test(icon.data?.icon ?? '') ? icon.data!.icon : '1'}.svg`}
        alt=""
        width={36}
        height={36}
        onError={(e) => {
          e.currentTarget.onerror = null;
          e.currentTarget.src = '/avatars/fallback.svg';
        }}
      />
      <div className="member-id">
        <span className="member-name">{m?.account ?? '…'}</span>
        {m && (
          <span className="member-meta">
            {m.isTrial ? <span className="vip-label">{t('header.trial')}</span> : m.hasVip && <span className="vip-label">{m.vipLabelName}</span>}
            {/* The name holds the visible text (WCAG 2.5.3): "Copy your ID ID 7". */}
            <button type="button" className="link-button id-copy" onClick={() => void copyId()}>
              <span className="visually-hidden">{t('header.copyId')} </span>ID {m.id} <span aria-hidden="true">⧉</span>
            </button>
          </span>
        )}
      </div>
      {m && !m.isTrial && (
        <div className="header-cash">
          <button type="button" className="button button-primary button-small" onClick={() => go('/member?page=depositv2')}>
            {t('member.page.depositv2')}
          </button>
          {m.isAgent && (
            <>
              <button type="button" className="button button-small header-cash-agent" onClick={() => go('/member?page=withdraw')}>
                {t('member.page.withdraw')}
              </button>
              <button type="button" className="button button-small header-cash-agent" onClick={() => go('/agentHome')}>
                {t('header.agentCenter')}
              </button>
            </>
          )}
        </div>
      )}
      <button type="button" className="icon-button member-menu-toggle" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">▾</span>
        <span className="visually-hidden">{t('header.memberMenu')}</span>
        {!open && <CountBadge count={unread} label={unreadLabel} />}
      </button>
      {open && (
        <ul className="member-menu" role="menu">
          {/* Phones give the header row to the balance; the name and the
              id copy move in here. */}
          {m && (
            <li role="none" className="member-menu-id">
              <button type="button" role="menuitem" onClick={() => void copyId()}>
                <span className="visually-hidden">{t('header.copyId')} </span>
                <span className="member-name">{m.account}</span> <span className="id-copy">ID {m.id} <span aria-hidden="true">⧉</span></span>
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => go('/member?page=securityCenter')}>
              {t('header.myAccount')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => go('/member?page=messageV2')}>
              {t('header.messages')}
              <CountBadge count={unread} label={unreadLabel} />
            </button>
          </li>
          {m?.isAgent && (
            <li role="none" className="member-menu-cash">
              <button type="button" role="menuitem" onClick={() => go('/member?page=withdraw')}>
                {t('member.page.withdraw')}
              </button>
            </li>
          )}
          {m?.isAgent && (
            <li role="none">
              <button type="button" role="menuitem" onClick={() => go('/agentHome')}>
                {t('header.agentCenter')}
              </button>
            </li>
          )}
          <li role="none">
            <button type="button" role="menuitem" onClick={() => { setOpen(false); setConfirming(true); }}>
              {t('header.logout')}
            </button>
          </li>
        </ul>
      )}
      {confirming && <ConfirmDialog text={t('header.logoutConfirm')} busy={leaving} onCancel={() => setConfirming(false)} onConfirm={() => void logout()} />}
    </div>
  );
}
