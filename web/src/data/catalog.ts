import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { get } from '../lib/api';
import { keys, merchantCode } from '../lib/storage';
import type { Game, GamePage, MenuEntry, VendorData, Winner } from './types';

// Catalogue queries shared by the frame and the lobby. Every key carries
// the language so a language change reloads lobby data (spec §4); the API
// client adds the language to every call.

// The spec's fixed parameters (§7, §9): the web client is client type 3 and
// names the platform html5-desktop for games (W for notices), and asks for
// game icons in size sx2.
export const CLIENT_TYPE = 3;
export const GAME_PLATFORM = 'html5-desktop';
export const IMG_SIZE = 'sx2';

// The queries of the catalogue calls, as spec §7 gives them.
export const catalogParams = {
  menus: () => ({ platform: GAME_PLATFORM }),
  vendors: (flush = false) => ({ platform: GAME_PLATFORM, flush: flush || undefined }),
  list: (f: ListFilter, pageNo: number) => ({ clientType: CLIENT_TYPE, platform: GAME_PLATFORM, merchant: merchantCode(), imgSize: IMG_SIZE, ...f, pageNo }),
  hot: () => ({ merchantCode: merchantCode(), isPlatform: 2, platform: GAME_PLATFORM, limitNum: 200 }),
  winners: () => ({ gameCategory: 'ALL', limitNum: 20 }),
};

function useLang(): string {
  return useTranslation().i18n.language;
}

export function useMenus() {
  const lang = useLang();
  return useQuery({ queryKey: ['menus', lang], queryFn: ({ signal }) => get<MenuEntry[]>('/lgw/games/game_menus', catalogParams.menus(), signal), staleTime: Infinity });
}

// Vendor data is cached and reloaded only when a flush is asked for
// (spec §4 Caching); useFlushVendors does that.
export function useVendors() {
  const lang = useLang();
  return useQuery({ queryKey: ['vendors', lang], queryFn: ({ signal }) => get<VendorData>('/wps/game/vendor', catalogParams.vendors(), signal), staleTime: Infinity });
}

export function useFlushVendors(): () => Promise<void> {
  const client = useQueryClient();
  const lang = useLang();
  return async () => {
    const fresh = await get<VendorData>('/wps/game/vendor', catalogParams.vendors(true));
    client.setQueryData(['vendors', lang], fresh);
  };
}

type HotCache = { lang: string; list: Game[] };

// Hot games live in session storage and are fetched again only when a
// refresh is requested (spec §4 Caching).
export function useHotGames() {
  const lang = useLang();
  return useQuery({
    queryKey: ['hot', lang],
    queryFn: async ({ signal }) => {
      const cached = sessionStorage.getItem(keys.hotGames);
      if (cached) {
        const c = JSON.parse(cached) as HotCache;
        if (c.lang === lang) return c.list;
      }
      const { list } = await get<{ list: Game[] }>('/wps/game/hot', catalogParams.hot(), signal);
      sessionStorage.setItem(keys.hotGames, JSON.stringify({ lang, list } satisfies HotCache));
      return list;
    },
    staleTime: Infinity,
  });
}

export function useRefreshHotGames(): () => void {
  const client = useQueryClient();
  return () => {
    sessionStorage.removeItem(keys.hotGames);
    void client.invalidateQueries({ queryKey: ['hot'] });
  };
}

// gameFilter NEW narrows a category to its new games, newest first.
export type ListFilter = { gameType: string; gameFilter?: 'NEW'; vassalage?: string; gameClassify?: string; gameName?: string; pageSize: number };

// useGamePage is one numbered page of a list.
export function useGamePage(f: ListFilter, pageNo: number, enabled = true) {
  const lang = useLang();
  return useQuery({
    queryKey: ['games', lang, f, pageNo],
    queryFn: ({ signal }) => get<GamePage>('/wps/game/list', catalogParams.list(f, pageNo), signal),
    enabled,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
}

// useGamePages pages a list by load-more.
export function useGamePages(f: ListFilter, enabled = true) {
  const lang = useLang();
  return useInfiniteQuery({
    queryKey: ['gamePages', lang, f],
    queryFn: ({ pageParam, signal }) => get<GamePage>('/wps/game/list', catalogParams.list(f, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo < last.totalPages ? last.pageNo + 1 : undefined),
    enabled,
    staleTime: 60_000,
  });
}

export function useWinners() {
  const lang = useLang();
  return useQuery({ queryKey: ['winners', lang], queryFn: ({ signal }) => get<{ list: Winner[] }>('/wps/game/winners', catalogParams.winners(), signal), staleTime: 60_000 });
}
