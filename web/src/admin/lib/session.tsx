import { createContext, useContext } from 'react';
import type { Me } from './types';

/** AdminSession is the logged-in operator and what changes the session. */
export type AdminSession = {
  me: Me;
  logOut: () => Promise<void>;
};

/** SessionContext carries the session below the log-in gate. */
export const SessionContext = createContext<AdminSession | null>(null);

/** useAdminSession is the session; only screens behind the gate call it. */
export function useAdminSession(): AdminSession {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useAdminSession outside the session gate');
  return s;
}

/** can reports whether the operator holds permission. */
export function can(me: Me, permission: string): boolean {
  return me.permissions.includes(permission);
}
