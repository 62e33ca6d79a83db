import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { del, get, request } from '../lib/api';
import { useSessionToken } from '../lib/session';
import type { MessageMessage } from '../lib/socket';
import { useMember } from './member';

// The member's messages from the merchant (messageV2, "platform
// information") and the unread count, public state unreadMessage (spec §3,
// checklist E-018). Bodies are plain text: the page shows them as text,
// never as HTML.

// kind names the id's sequence: a message to this member alone (direct) or
// to many (broadcast); the two count their ids separately.
export type MessageKind = 'direct' | 'broadcast';
export type InboxMessage = { id: number; kind: MessageKind; title: string; body: string; sender: string; createdAt: string; readAt: string | null };
export type MessageRef = Pick<InboxMessage, 'id' | 'kind'>;

// messageKey tells messages apart across both kinds.
export const messageKey = (m: MessageRef) => `${m.kind}-${m.id}`;
export type InboxPage = { content: InboxMessage[]; pageNum: number; pageSize: number; totalPages: number; total: number; unread: number };

export const MESSAGE_PAGE_SIZE = 20;

// Keys carry the session token, like the balance's: a log-out and a log-in
// as someone else never shows the previous member's count or messages.
export const unreadMessageQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['unreadMessage', token],
    queryFn: async ({ signal }) => (await get<{ unread: number }>('/wps/member/messages/unread', undefined, signal)).unread,
    // The socket pushes every new message's count and reading one answers
    // the new count; a refetch is for a reconnect gap.
    staleTime: 60_000,
  });

// useUnreadMessages is the member's unread count, 0 for a visitor and for a
// trial user, whose count is never asked for (C-106). The call waits until
// the server has said who the token belongs to.
export function useUnreadMessages(): number {
  const token = useSessionToken();
  const { member } = useMember();
  const real = !!token && !!member && !member.isTrial;
  const q = useQuery({ ...unreadMessageQuery(token), enabled: real });
  return real ? (q.data ?? 0) : 0;
}

// applyMessagePush writes the count a "message" push carries and has the
// list asked again, so an open messages page shows the new one.
export function applyMessagePush(client: QueryClient, token: string, m: MessageMessage): void {
  const key = unreadMessageQuery(token).queryKey;
  // The push is newer than any answer still on its way.
  void client.cancelQueries({ queryKey: key }).then(() => client.setQueryData(key, m.unread));
  void client.invalidateQueries({ queryKey: ['messages', token] });
}

// applyBroadcastPush: a message went to many members (maybe this one: the
// server does not say), so the count and the list are asked again.
export function applyBroadcastPush(client: QueryClient, token: string): void {
  void client.invalidateQueries({ queryKey: unreadMessageQuery(token).queryKey });
  void client.invalidateQueries({ queryKey: ['messages', token] });
}

// clearMessages forgets every member's count and messages (at log-out).
export function clearMessages(client: QueryClient): void {
  client.removeQueries({ queryKey: ['unreadMessage'] });
  client.removeQueries({ queryKey: ['messages'] });
}

// useMessages is one page of the member's messages, newest first; its
// unread count also updates the badge so the two always agree.
export function useMessages(pageNum: number) {
  const token = useSessionToken();
  const client = useQueryClient();
  return useQuery({
    queryKey: ['messages', token, pageNum],
    queryFn: async ({ signal }) => {
      const page = await get<InboxPage>('/wps/member/messages', { pageNum, pageSize: MESSAGE_PAGE_SIZE }, signal);
      client.setQueryData(unreadMessageQuery(token).queryKey, page.unread);
      return page;
    },
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
}

// useMarkRead marks one message read; the answer is the new unread count,
// which goes to the badge, and the message shows as read in every page of
// the list already loaded.
export function useMarkRead() {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: MessageRef) => request<{ unread: number }>('POST', `/wps/member/messages/${m.id}/read`, { query: { kind: m.kind } }),
    onSuccess: ({ unread }, ref) => {
      client.setQueryData(unreadMessageQuery(token).queryKey, unread);
      const now = new Date().toISOString();
      client.setQueriesData<InboxPage>({ queryKey: ['messages', token] }, (old) =>
        old && { ...old, unread, content: old.content.map((m) => (messageKey(m) === messageKey(ref) && !m.readAt ? { ...m, readAt: now } : m)) },
      );
    },
  });
}

// useDeleteMessage deletes one of the member's messages; the answer is the
// new unread count for the badge, and the pages are asked again (the ones
// after it move up by one).
export function useDeleteMessage() {
  const token = useSessionToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (m: MessageRef) => del<{ unread: number }>(`/wps/member/messages/${m.id}`, { kind: m.kind }),
    onSuccess: ({ unread }, ref) => {
      client.setQueryData(unreadMessageQuery(token).queryKey, unread);
      client.setQueriesData<InboxPage>({ queryKey: ['messages', token] }, (old) =>
        old && { ...old, unread, total: Math.max(0, old.total - 1), content: old.content.filter((m) => messageKey(m) !== messageKey(ref)) },
      );
      void client.invalidateQueries({ queryKey: ['messages', token] });
    },
  });
}
