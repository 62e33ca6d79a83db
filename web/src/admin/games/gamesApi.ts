import { adminGet, adminPost, adminPut } from '../lib/api';
import type { Page } from '../lib/types';

/** AdminGame is a game as the merchant has it (GET /admin/api/games). */
export type AdminGame = {
  code: string;
  vendor: string;
  gameType: string;
  name: string;
  enabled: boolean;
  maintenance: boolean;
  vendorEnabled: boolean;
  vendorMaintenance: boolean;
  hot: boolean;
  new: boolean;
  sort: number;
  popularity: number;
  custom: boolean;
};

/** WinLimit is a vendor's win ceiling, shared by every merchant. */
export type WinLimit = { multiple: number; max: number; default: boolean };

/** AdminVendor is a vendor with the merchant's switches and its ceiling. */
export type AdminVendor = {
  code: string;
  name: string;
  gameType: string;
  enabled: boolean;
  maintenance: boolean;
  sort: number;
  games: number;
  offered: boolean;
  winLimit: WinLimit;
};

/** GameChange is what a change sets; absent fields stay. */
export type GameChange = Partial<Pick<AdminGame, 'enabled' | 'maintenance' | 'hot' | 'new' | 'sort'>>;
export type VendorChange = Partial<Pick<AdminVendor, 'enabled' | 'maintenance' | 'sort'>>;

/** GameQuery is the list's filters, order and page, as the server takes them. */
export type GameQuery = {
  q: string;
  vendor: string;
  gameType: string;
  state: '' | 'enabled' | 'disabled' | 'maintenance';
  hot: '' | 'true' | 'false';
  new: '' | 'true' | 'false';
  sort: 'sort' | 'name' | 'code' | 'popularity';
  order: 'asc' | 'desc';
  pageNum: number;
  pageSize: number;
};

export const gameTypes = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT', 'INHOUSE'];
// maxSort and maxBulk are the server's bounds (catalog.MaxSort, MaxBulk).
export const maxSort = 1_000_000;
export const maxBulk = 200;

export const gamesKey = ['admin', 'games'];
export const vendorsKey = ['admin', 'vendors'];

export const fetchGames = (q: GameQuery, signal?: AbortSignal) => adminGet<Page<AdminGame>>('/admin/api/games', q, signal);
export const fetchVendors = (signal?: AbortSignal) => adminGet<AdminVendor[]>('/admin/api/vendors', undefined, signal);
export const changeGame = (code: string, change: GameChange) => adminPut<AdminGame>(`/admin/api/games/${encodeURIComponent(code)}`, change);
export const changeGames = (codes: string[], change: GameChange) => adminPost<{ changed: number }>('/admin/api/games/bulk', { codes, ...change });
export const changeVendor = (code: string, change: VendorChange) => adminPut<AdminVendor>(`/admin/api/vendors/${encodeURIComponent(code)}`, change);
export const rotateSecret = (code: string) =>
  adminPost<{ vendor: string; secret: string; previousValidUntil: string }>(`/admin/api/vendors/${encodeURIComponent(code)}/secret`);
export const setWinLimit = (code: string, limit: { multiple: number; max: number } | { default: true }) =>
  adminPut<WinLimit>(`/admin/api/vendors/${encodeURIComponent(code)}/win-limit`, limit);
