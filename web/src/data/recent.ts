import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';
import { useSessionToken } from '../lib/session';
import { CLIENT_TYPE } from './catalog';
import type { Game } from './types';

// Recently played games (checklist D-027): the member's own, so keyed by
// the session; a closed game makes them stale (GamePopup).
export type RecentFilter = { gameType: string; vassalage?: string; page: number; pageSize: number };
export type RecentPage = { list: Game[]; totalPages: number };

// Home shows page 1 of 12 (spec §9).
export const RECENT_HOME_SIZE = 12;

export const recentKey = ['recent'] as const;

export const recentPageQuery = (token: string | null, lang: string, f: RecentFilter) =>
  queryOptions({
    queryKey: [...recentKey, token, lang, f],
    queryFn: async ({ signal }) => {
      const v = await get<RecentPage>('/wps/game/recent', { ...f, vassalage: f.vassalage ?? '', clientType: CLIENT_TYPE }, signal);
      return { list: v.list ?? [], totalPages: v.totalPages ?? 0 };
    },
    staleTime: 60_000,
  });

export function useRecentPage(f: RecentFilter, enabled = true) {
  const token = useSessionToken();
  const lang = useTranslation().i18n.language;
  return useQuery({
    ...recentPageQuery(token, lang, f),
    enabled: enabled && !!token,
    // Paging keeps the last page on screen, but never another member's.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === token ? prev : undefined),
  });
}
