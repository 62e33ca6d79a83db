import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, get } from '../lib/api';
import { errorText } from '../lib/errorText';
import { openPopup, showMessage } from '../lib/popups';
import { endSession, useSessionToken } from '../lib/session';
import { createFavouriteToggler, favouriteId, favouriteIdsKey, favouriteListsKey, type FavouriteFilter, type FavouritePage, type FavouriteToggler } from './favouriteToggle';
import { CLIENT_TYPE, GAME_PLATFORM } from './catalog';
import type { Game, Member } from './types';

export type { FavouriteFilter, FavouritePage };

// Page sizes of spec §9: the favourites page asks 80, home 18 (and shows
// at most 12, decision B-047), the lobby tab a lobby page.
export const FAV_PAGE_SIZE = 80;
export const FAV_HOME_SIZE = 18;

export const favouriteIdsQuery = (token: string | null) =>
  queryOptions({
    queryKey: favouriteIdsKey(token),
    queryFn: async ({ signal }) => (await get<unknown[]>('/wps/game/favorite/ids', undefined, signal)).map(String),
    staleTime: Infinity,
  });

export const favouritePageQuery = (token: string | null, lang: string, f: FavouriteFilter) =>
  queryOptions({
    queryKey: [...favouriteListsKey(token), lang, f],
    queryFn: async ({ signal }) => {
      const v = await get<FavouritePage>('/wps/game/favorite', { ...f, platform: GAME_PLATFORM, clientType: CLIENT_TYPE }, signal);
      return { ...v, content: v.content ?? [] };
    },
    staleTime: 60_000,
  });

// useFavouriteIds is the member's favourite ids as text; empty for a
// visitor.
export function useFavouriteIds(): string[] {
  const token = useSessionToken();
  const q = useQuery({ ...favouriteIdsQuery(token), enabled: !!token });
  return q.data ?? [];
}

export function useIsFavourite(game: Game): boolean {
  return useFavouriteIds().includes(favouriteId(game));
}

export function useFavouritePage(f: FavouriteFilter, enabled = true) {
  const token = useSessionToken();
  const lang = useTranslation().i18n.language;
  return useQuery({
    ...favouritePageQuery(token, lang, f),
    enabled: enabled && !!token,
    // Paging keeps the last page on screen, but never another member's.
    placeholderData: (prev, prevQuery) => (prevQuery?.queryKey[1] === token ? prev : undefined),
  });
}

// One toggler per cache and member, so the once-a-second rule holds across
// every heart on the page, not per tile.
type Entry = { token: string; toggler: FavouriteToggler; onError: (err: unknown) => void };
const togglers = new WeakMap<QueryClient, Entry>();

function togglerFor(client: QueryClient, token: string): Entry {
  const have = togglers.get(client);
  if (have && have.token === token) return have;
  const entry: Entry = { token, onError: () => undefined, toggler: null as unknown as FavouriteToggler };
  entry.toggler = createFavouriteToggler({ client, token, onError: (err) => entry.onError(err) });
  togglers.set(client, entry);
  return entry;
}

// useFavouriteToggle answers the heart's click: a visitor is asked to log
// in, a trial account is told to use a real one (spec §6), a member's
// favourite flips with the rules of favouriteToggle.
export function useFavouriteToggle(): (game: Game) => void {
  const { t } = useTranslation();
  const client = useQueryClient();
  const token = useSessionToken();
  const entry = token ? togglerFor(client, token) : null;

  useEffect(() => {
    if (!entry) return;
    entry.onError = (err) => {
      if (err instanceof ApiError && err.status === 401) {
        endSession();
        openPopup('login');
        return;
      }
      showMessage(errorText(t, err), { tone: 'warning' });
    };
  }, [entry, t]);

  return (game: Game) => {
    if (!entry) {
      openPopup('login');
      return;
    }
    // The member answer is already cached by the header.
    if (client.getQueryData<Member>(['memberInfo'])?.isTrial) {
      showMessage(t('errors.realAccount'), { tone: 'warning' });
      return;
    }
    void entry.toggler.toggle(game);
  };
}
