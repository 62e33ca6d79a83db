import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { del, post } from '../lib/api';
import { throttle } from '../lib/countdown';
import type { Game } from './types';

// The favourite rules of spec §4 (checklist D-017..D-023), kept apart from
// React so they are tested against a real query cache.

export type FavouritePage = { content: Game[]; pageNum: number; totalPages: number; totalElements: number };
export type FavouriteFilter = { gameType: string; vassalage?: string; pageSize: number; pageNo: number };

// Toggling is throttled to once a second on the leading edge (spec §9).
export const FAV_THROTTLE_MS = 1000;

export const favouriteIdsKey = (token: string | null) => ['favIds', token] as const;
// Lists are ['favourites', token, language, filter].
export const favouriteListsKey = (token: string | null) => ['favourites', token] as const;

// favouriteId is a game's identity as text: the ids call and the lists may
// carry nodeId as a number or a string (D-017).
export function favouriteId(game: { nodeId: unknown }): string {
  return String(game.nodeId);
}

export type FavouriteApi = {
  add: (body: { nodeId: string; vendor: string; gameType: string }) => Promise<unknown>;
  remove: (nodeId: string) => Promise<unknown>;
};

export const favouriteApi: FavouriteApi = {
  add: (body) => post('/wps/game/favorite', body),
  remove: (nodeId) => del('/wps/game/favorite', { nodeId }),
};

type Deps = {
  client: QueryClient;
  token: string;
  onError: (err: unknown) => void;
  api?: FavouriteApi;
  clock?: () => number;
};

type Snapshot = [QueryKey, FavouritePage][];

function filterOf(key: QueryKey): FavouriteFilter | undefined {
  return key[3] as FavouriteFilter | undefined;
}

// createFavouriteToggler binds the rules to one member's cache. add and
// remove change the cache first (optimistic) and undo that if the server
// refuses; toggle picks one of them and drops clicks inside the throttle
// window (it answers undefined for a dropped click).
export function createFavouriteToggler({ client, token, onError, api = favouriteApi, clock = Date.now }: Deps) {
  const idsKey = favouriteIdsKey(token);
  const ids = () => client.getQueryData<string[]>(idsKey);
  const has = (id: string) => (ids() ?? []).includes(id);

  function editLists(edit: (page: FavouritePage, filter: FavouriteFilter | undefined) => FavouritePage | null): Snapshot {
    const before: Snapshot = [];
    for (const [key, page] of client.getQueriesData<FavouritePage>({ queryKey: favouriteListsKey(token) })) {
      if (!page) continue;
      const next = edit(page, filterOf(key));
      if (!next) continue;
      before.push([key, page]);
      client.setQueryData(key, next);
    }
    return before;
  }

  function restore(snapshot: Snapshot) {
    for (const [key, page] of snapshot) client.setQueryData(key, page);
  }

  async function settle(request: Promise<unknown>, undo: () => void, idsWereLoaded: boolean) {
    try {
      await request;
    } catch (err) {
      undo();
      onError(err);
    }
    // The lists are re-read for the server's order and page breaks; the id
    // list is already right unless it had not loaded when this began.
    void client.invalidateQueries({ queryKey: favouriteListsKey(token) });
    if (!idsWereLoaded) void client.invalidateQueries({ queryKey: idsKey });
  }

  async function add(game: Game): Promise<void> {
    const id = favouriteId(game);
    // Already a favourite: nothing to send (D-021).
    if (has(id)) return;
    await client.cancelQueries({ queryKey: idsKey });
    const loaded = ids() !== undefined;
    client.setQueryData<string[]>(idsKey, (old) => [...(old ?? []), id]);
    const snapshot = editLists((page, f) => {
      if (!f || f.pageNo !== 1) return null;
      if (f.gameType !== 'ALL' && f.gameType !== game.gameType) return null;
      if (f.vassalage && f.vassalage !== game.vassalage) return null;
      if (page.content.some((g) => favouriteId(g) === id)) return null;
      const total = page.totalElements + 1;
      return { ...page, content: [game, ...page.content].slice(0, f.pageSize), totalElements: total, totalPages: Math.max(page.totalPages, Math.ceil(total / f.pageSize)) };
    });
    await settle(
      api.add({ nodeId: id, vendor: game.vassalage, gameType: game.gameType }),
      () => {
        client.setQueryData<string[]>(idsKey, (old) => (old ?? []).filter((x) => x !== id));
        restore(snapshot);
      },
      loaded,
    );
  }

  async function remove(game: Game): Promise<void> {
    const id = favouriteId(game);
    if (!has(id)) return;
    await client.cancelQueries({ queryKey: idsKey });
    const at = (ids() ?? []).indexOf(id);
    client.setQueryData<string[]>(idsKey, (old) => (old ?? []).filter((x) => x !== id));
    const snapshot = editLists((page) => {
      if (!page.content.some((g) => favouriteId(g) === id)) return null;
      return { ...page, content: page.content.filter((g) => favouriteId(g) !== id), totalElements: Math.max(0, page.totalElements - 1) };
    });
    await settle(
      api.remove(id),
      () => {
        client.setQueryData<string[]>(idsKey, (old) => {
          const list = (old ?? []).filter((x) => x !== id);
          list.splice(Math.min(at, list.length), 0, id);
          return list;
        });
        restore(snapshot);
      },
      true,
    );
  }

  let pending: Promise<void> | undefined;
  const gate = throttle((game: Game) => {
    pending = has(favouriteId(game)) ? remove(game) : add(game);
  }, FAV_THROTTLE_MS, clock);

  function toggle(game: Game): Promise<void> | undefined {
    pending = undefined;
    gate(game);
    return pending;
  }

  return { add, remove, toggle, has };
}

export type FavouriteToggler = ReturnType<typeof createFavouriteToggler>;
