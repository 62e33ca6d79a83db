import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { favouriteIdsQuery } from '../data/favourites';
import { clearMessages, useUnreadMessages } from '../data/messages';
import { RECENT_HOME_SIZE, recentPageQuery } from '../data/recent';
import { merchantWalletQuery } from '../data/wallet';
import { useSessionToken } from '../lib/session';
import { RealityCheck } from './RealityCheck';

// MemberSession is what runs while a member is logged in and nothing
// otherwise: the loads spec §4 asks for after login (favourites, recent
// games) plus the wallet kind and the unread message count (public state
// unreadMessage; not for a trial user, C-106). The member's socket
// (balance and message pushes) is the page's live channel, opened in
// Startup with the session token. The reality check (RealityCheck) runs
// here too.
export function MemberSession() {
  const token = useSessionToken();
  const client = useQueryClient();
  const lang = useTranslation().i18n.language;
  useUnreadMessages();

  useEffect(() => {
    // A log-out leaves no count or message behind.
    if (!token) {
      clearMessages(client);
      return;
    }
    void client.prefetchQuery(favouriteIdsQuery(token));
    void client.prefetchQuery(merchantWalletQuery(token));
  }, [token, client]);

  useEffect(() => {
    if (token) void client.prefetchQuery(recentPageQuery(token, lang, { gameType: 'ALL', vassalage: '', page: 1, pageSize: RECENT_HOME_SIZE }));
  }, [token, lang, client]);

  // The reality-check reminder runs while a member is logged in (decision 0032).
  return token ? <RealityCheck token={token} /> : null;
}
