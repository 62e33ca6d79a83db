import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { favouriteIdsQuery } from '../data/favourites';
import { RECENT_HOME_SIZE, recentPageQuery } from '../data/recent';
import { balanceQuery, merchantWalletQuery, type Balance } from '../data/wallet';
import { connectSocket, socketURL } from '../lib/socket';
import { useSessionToken } from '../lib/session';
import { merchantCode } from '../lib/storage';

// MemberSession is what runs while a member is logged in and nothing
// otherwise: the socket that pushes the balance (spec §2 socket event
// listener, logged in only) and the loads spec §4 asks for after login
// (favourites, recent games) plus the wallet kind. A log-out changes the
// token, which closes the socket.
export function MemberSession() {
  const token = useSessionToken();
  const client = useQueryClient();
  const lang = useTranslation().i18n.language;

  useEffect(() => {
    if (!token) return;
    void client.prefetchQuery(favouriteIdsQuery(token));
    void client.prefetchQuery(merchantWalletQuery(token));
    const conn = connectSocket({
      url: socketURL(),
      token,
      merchant: merchantCode(),
      onBalance(m) {
        const key = balanceQuery(token).queryKey;
        // A push carries the amount only; the symbol and decimals come with
        // the first full answer.
        if (!client.getQueryData(key)) {
          void client.invalidateQueries({ queryKey: key });
          return;
        }
        // The push is newer than any answer still on its way, so that one
        // is dropped rather than allowed to overwrite it.
        void client.cancelQueries({ queryKey: key }).then(() => client.setQueryData<Balance>(key, (old) => old && { ...old, balance: m.balance, currency: m.currency || old.currency }));
      },
    });
    return () => conn.close();
  }, [token, client]);

  useEffect(() => {
    if (token) void client.prefetchQuery(recentPageQuery(token, lang, { gameType: 'ALL', vassalage: '', page: 1, pageSize: RECENT_HOME_SIZE }));
  }, [token, lang, client]);

  return null;
}
