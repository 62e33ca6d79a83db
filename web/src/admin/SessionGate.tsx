import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminApiError, adminDelete, adminGet, onSessionLost, setCsrfToken } from './lib/api';
import { errorText } from './lib/errorText';
import { SessionContext, type AdminSession } from './lib/session';
import type { LoggedIn, Me } from './lib/types';
import { LoginPage } from './login/LoginPage';

const meKey = ['admin', 'me'];

// fetchMe is the session's operator, or null when there is no session.
async function fetchMe(): Promise<Me | null> {
  try {
    return await adminGet<Me>('/admin/api/me');
  } catch (err) {
    if (err instanceof AdminApiError && err.status === 401) return null;
    throw err;
  }
}

/** SessionGate shows the log-in until the operator has a session, then
 * the back office with the session in context. */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const me = useQuery({ queryKey: meKey, queryFn: fetchMe, retry: false, staleTime: Infinity });

  useEffect(() => {
    // A session that ended on the server (idle timeout) sends the operator
    // back to the log-in, and nothing of the last operator stays cached.
    onSessionLost(() => {
      setCsrfToken('');
      client.removeQueries({ predicate: (q) => q.queryKey[0] === 'admin' && q.queryKey[1] !== 'me' });
      client.setQueryData(meKey, null);
    });
  }, [client]);

  if (me.data) setCsrfToken(me.data.csrfToken);

  const session = useMemo<AdminSession | null>(
    () =>
      me.data
        ? {
            me: me.data,
            logOut: async () => {
              await adminDelete('/admin/api/session').catch(() => undefined);
              setCsrfToken('');
              client.clear();
              client.setQueryData(meKey, null);
            },
          }
        : null,
    [me.data, client],
  );

  if (me.isPending) {
    return <div className="admin-loading" role="status" aria-label={t('common.loading')} />;
  }
  if (me.isError) {
    return (
      <main className="admin-login">
        <p className="admin-error" role="alert">
          {errorText(me.error, t)}
        </p>
        <button type="button" className="button" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </button>
      </main>
    );
  }
  if (!session) {
    return (
      <LoginPage
        onLoggedIn={(done: LoggedIn) => {
          setCsrfToken(done.csrfToken);
          client.setQueryData(meKey, { ...done.operator, csrfToken: done.csrfToken });
        }}
      />
    );
  }
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
