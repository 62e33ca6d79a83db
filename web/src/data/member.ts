import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../lib/api';
import { useSessionToken } from '../lib/session';
import type { Member } from './types';

export type MemberState = {
  // loggedIn: there is a session token in this tab.
  loggedIn: boolean;
  // known: the server has said who the token belongs to (at once for a
  // visitor). What depends on being a member or an agent waits for it
  // instead of guessing from the token: a stale token after a reload
  // belongs to nobody, and the answer to it ends the session.
  known: boolean;
  member?: Member;
  error: unknown;
  retry: () => void;
};

// useMember is the logged-in member as the server knows them. It shares
// the header's query (key memberInfo), so a page asks once.
export function useMember(): MemberState {
  const token = useSessionToken();
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['memberInfo'], queryFn: ({ signal }) => get<Member>('/wps/member/info', undefined, signal), enabled: !!token });
  // A log-out leaves no member behind for the next log-in to be taken for.
  useEffect(() => {
    if (!token) client.removeQueries({ queryKey: ['memberInfo'], exact: true });
  }, [token, client]);
  const retry = () => void q.refetch();
  if (!token) return { loggedIn: false, known: true, error: null, retry };
  return { loggedIn: true, known: q.isSuccess, member: q.data, error: q.error, retry };
}
