import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api';
import { createFavouriteToggler, favouriteIdsKey, type FavouritePage } from './favouriteToggle';
import type { Game } from './types';

const game = (nodeId: string | number, gameType = 'RNG', vassalage = 'PG'): Game =>
  ({ gameCode: `G${nodeId}`, vassalage, gameType, isGame: 'GAME', nodeId, gameName: `G${nodeId}`, displayName: `G${nodeId}`, iconUrl: '', lagerIcon: '', isHot: 0, supportPlay: 1, gameClassify: '', isNew: 0, maintenance: false }) as Game;

const listKey = (pageSize: number, gameType = 'ALL') => ['favourites', 'T', 'EN', { gameType, pageSize, pageNo: 1 }];

function setup(ids: string[] | undefined, list: Game[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (ids) client.setQueryData(favouriteIdsKey('T'), ids);
  const page: FavouritePage = { content: list, pageNum: 1, totalPages: 1, totalElements: list.length };
  client.setQueryData(listKey(18), page);
  client.setQueryData(listKey(80), page);
  let t = 0;
  const api = { add: vi.fn().mockResolvedValue(null), remove: vi.fn().mockResolvedValue(null) };
  const onError = vi.fn();
  const fav = createFavouriteToggler({ client, token: 'T', api, onError, clock: () => t });
  return {
    client,
    api,
    onError,
    fav,
    tick: (ms: number) => (t += ms),
    ids: () => client.getQueryData<string[]>(favouriteIdsKey('T')),
    list: (size = 18) => client.getQueryData<FavouritePage>(listKey(size))!,
  };
}

describe('favourite toggle (spec §4, checklist D-017..D-023)', () => {
  it('adds a game that is absent: id and list first, then POST nodeId, vendor, gameType', async () => {
    const s = setup(['1']);
    let seen: string[] | undefined;
    s.api.add.mockImplementation(() => {
      seen = s.ids();
      return Promise.resolve(null);
    });
    await s.fav.toggle(game(7));
    // The cache already held the id when the POST went out.
    expect(seen).toEqual(['1', '7']);
    expect(s.api.add).toHaveBeenCalledWith({ nodeId: '7', vendor: 'PG', gameType: 'RNG' });
    expect(s.ids()).toEqual(['1', '7']);
    expect(s.list().content.map((g) => g.nodeId)).toEqual([7]);
    expect(s.list().totalElements).toBe(1);
  });

  it('removes a game that is present: id and list first, then DELETE nodeId', async () => {
    const s = setup(['1', '7'], [game(1), game(7)]);
    let seen: FavouritePage | undefined;
    s.api.remove.mockImplementation(() => {
      seen = s.list(80);
      return Promise.resolve(null);
    });
    await s.fav.toggle(game(7));
    expect(s.api.remove).toHaveBeenCalledWith('7');
    expect(seen!.content.map((g) => g.nodeId)).toEqual([1]);
    expect(s.ids()).toEqual(['1']);
    expect(s.list(18).content.map((g) => g.nodeId)).toEqual([1]);
    expect(s.list(18).totalElements).toBe(1);
    expect(s.api.add).not.toHaveBeenCalled();
  });

  it('matches ids as text: numeric and string nodeIds are the same game', async () => {
    const s = setup(['42']);
    expect(s.fav.has('42')).toBe(true);
    await s.fav.toggle(game(42));
    expect(s.api.remove).toHaveBeenCalledWith('42');
    s.tick(1000);
    await s.fav.toggle(game('42'));
    expect(s.api.add).toHaveBeenCalledWith({ nodeId: '42', vendor: 'PG', gameType: 'RNG' });
  });

  it('sends nothing when adding a game already in favourites', async () => {
    const s = setup(['7']);
    await s.fav.add(game(7));
    await s.fav.add(game('7'));
    expect(s.api.add).not.toHaveBeenCalled();
    expect(s.ids()).toEqual(['7']);
  });

  it('acts on the first click and ignores clicks within 1000 ms', async () => {
    const s = setup([]);
    const first = s.fav.toggle(game(7));
    expect(first).toBeInstanceOf(Promise);
    await first;
    s.tick(500);
    expect(s.fav.toggle(game(7))).toBeUndefined();
    s.tick(499);
    expect(s.fav.toggle(game(8))).toBeUndefined();
    expect(s.api.add).toHaveBeenCalledTimes(1);
    expect(s.api.remove).not.toHaveBeenCalled();
    s.tick(1);
    await s.fav.toggle(game(7));
    expect(s.api.remove).toHaveBeenCalledWith('7');
  });

  it('rolls an add back and reports the error when the server refuses', async () => {
    const s = setup(['1'], [game(1)]);
    const err = new ApiError('member.in_need_true_account', 'Please use a real account', 403, null);
    s.api.add.mockRejectedValue(err);
    await s.fav.toggle(game(7));
    expect(s.ids()).toEqual(['1']);
    expect(s.list().content.map((g) => g.nodeId)).toEqual([1]);
    expect(s.list().totalElements).toBe(1);
    expect(s.onError).toHaveBeenCalledWith(err);
  });

  it('rolls a remove back to the same place', async () => {
    const s = setup(['1', '7', '9'], [game(1), game(7), game(9)]);
    s.api.remove.mockRejectedValue(new ApiError('network.abnormal', '', 0, null));
    await s.fav.toggle(game(7));
    expect(s.ids()).toEqual(['1', '7', '9']);
    expect(s.list(80).content.map((g) => g.nodeId)).toEqual([1, 7, 9]);
    expect(s.onError).toHaveBeenCalledTimes(1);
  });

  it('adds to first pages of matching lists only', async () => {
    const s = setup([]);
    const slots = ['favourites', 'T', 'EN', { gameType: 'RNG', pageSize: 18, pageNo: 1 }];
    const live = ['favourites', 'T', 'EN', { gameType: 'LIVE', pageSize: 18, pageNo: 1 }];
    const empty: FavouritePage = { content: [], pageNum: 1, totalPages: 0, totalElements: 0 };
    s.client.setQueryData(slots, empty);
    s.client.setQueryData(live, empty);
    await s.fav.add(game(5, 'RNG'));
    expect(s.client.getQueryData<FavouritePage>(slots)!.content).toHaveLength(1);
    expect(s.client.getQueryData<FavouritePage>(live)!.content).toHaveLength(0);
  });
});
