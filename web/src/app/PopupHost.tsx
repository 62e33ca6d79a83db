import { Suspense, useEffect, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { MessageDialog } from '../components/MessageDialog';
import { contractPopupShown, markContractPopupShown, pendingOffers, useConsolidated } from '../data/consolidated';
import { useAnnouncements } from '../data/content';
import { useMember } from '../data/member';
import { lazyPage } from '../lib/lazyPage';
import { alreadyShown } from '../lib/once';
import { closePopup, openPopup, popups, type PopupId } from '../lib/popups';

type PopupProps = { onClose: () => void } & Record<string, unknown>;

const named = (load: () => Promise<Record<string, unknown>>, name: string) =>
  lazyPage<PopupProps>(() => load().then((m) => ({ default: m[name] as ComponentType<PopupProps> })));

// What each page identifier shows. Popups are their own chunks: most
// visits never open most of them.
const registry: Partial<Record<PopupId, ComponentType<PopupProps>>> = {
  login: named(() => import('../features/account/LoginPopup'), 'LoginPopup'),
  register: named(() => import('../features/account/RegisterPopup'), 'RegisterPopup'),
  changePassword: named(() => import('../features/account/ChangePasswordPopup'), 'ChangePasswordPopup'),
  forgotPassword: named(() => import('../features/account/ForgotPasswordPopup'), 'ForgotPasswordPopup'),
  resetPassword: named(() => import('../features/account/ResetPasswordPopup'), 'ResetPasswordPopup'),
  helpCenter: named(() => import('../features/help/HelpCenterPopup'), 'HelpCenterPopup'),
  notice: named(() => import('../features/notices/NoticeListPopup'), 'NoticeListPopup'),
  announcement: named(() => import('../features/notices/AnnouncementPopup'), 'AnnouncementPopup'),
  game: named(() => import('../features/game/GamePopup'), 'GamePopup'),
  vendorGames: named(() => import('../features/game/VendorGamesPopup'), 'VendorGamesPopup'),
  contract: named(() => import('../features/agent/ContractPopup'), 'ContractPopup'),
  message: MessageDialog as ComponentType<PopupProps>,
};

// Panels that are pages of their own.
const pageFor: Partial<Record<PopupId, string>> = { memberCenter: '/member', agentCenter: '/agentHome' };

export function PopupHost() {
  const open = popups.use((p) => p);
  const navigate = useNavigate();

  useEffect(() => {
    const page = open.find((p) => pageFor[p.id]);
    if (page) {
      closePopup(page.id);
      navigate(pageFor[page.id]!);
    }
  }, [open, navigate]);

  return (
    <>
      <AnnouncementTrigger />
      <ContractTrigger />
      {open.map(({ id, props }) => {
        const Popup = registry[id];
        if (!Popup) return null;
        return (
          <Suspense key={id} fallback={null}>
            <Popup {...props} onClose={() => closePopup(id)} />
          </Suspense>
        );
      })}
    </>
  );
}

// AnnouncementTrigger opens the public announcements once per session per
// audience: visitors see execution B, members A (spec §4). The audience is
// chosen once the session is known: after a reload the token alone does
// not say whether it still belongs to a member. A first-login greeting
// that is open goes first; the member's announcements follow it.
function AnnouncementTrigger() {
  const { loggedIn, known } = useMember();
  const audience = loggedIn ? 'USER_POPUP' : 'ANONYMOUS_POPUP';
  const greeting = popups.use((open) => open.some((p) => p.id === 'announcement' && p.props.audience === 'FIRST_LOGIN'));
  const due = known && !alreadyShown(audience);
  const q = useAnnouncements(loggedIn ? 'A' : 'B', due);
  useEffect(() => {
    if (!due || greeting) return;
    const list = (q.data ?? []).filter((n) => n.type === 'PU' || n.type === 'B' || n.type === 'PR');
    if (list.length > 0) openPopup('announcement', { audience, notices: list });
  }, [q.data, due, audience, greeting]);
  return null;
}

// ContractTrigger opens the contract popup by itself once per browser
// session, after an agent logs in, when contract offers await the agent's
// answer (F-019). Only agents are asked: only they can sign. The
// consolidated answer is cached for the session, so the agent centre's
// menu reads the same one.
function ContractTrigger() {
  const { member } = useMember();
  if (!member?.isAgent || member.isTrial || contractPopupShown()) return null;
  return <ContractOffers />;
}

function ContractOffers() {
  const q = useConsolidated();
  useEffect(() => {
    if (pendingOffers(q.data) > 0 && !contractPopupShown()) {
      markContractPopupShown();
      openPopup('contract');
    }
  }, [q.data]);
  return null;
}
