import { createStore } from './store';

// Popups and panels are opened by page identifier (spec §2). Any feature
// may open one; the app's popup host decides what each identifier shows.
export type PopupId =
  | 'announcement'
  | 'notice'
  | 'login'
  | 'register'
  | 'changePassword'
  | 'forgotPassword'
  | 'resetPassword'
  | 'helpCenter'
  | 'game'
  | 'vendorGames'
  | 'chatRoom'
  | 'contract'
  | 'memberCenter'
  | 'agentCenter'
  | 'message';

export type OpenPopup = { id: PopupId; props: Record<string, unknown> };

export const popups = createStore<OpenPopup[]>([]);

export function openPopup(id: PopupId, props: Record<string, unknown> = {}): void {
  popups.set((open) => [...open.filter((p) => p.id !== id), { id, props }]);
}

// openOnce opens a popup unless it is open already, keeping what it was
// opened with (the forced password change asked from several places).
export function openOnce(id: PopupId, props: Record<string, unknown> = {}): void {
  if (!popups.get().some((p) => p.id === id)) openPopup(id, props);
}

export function closePopup(id: PopupId): void {
  popups.set((open) => open.filter((p) => p.id !== id));
}

// showMessage opens the small message dialog: information (copy success,
// password changed) by default, or a warning (a refused request, "register
// with a real account"...).
export function showMessage(text: string, opts: { tone?: 'info' | 'warning'; title?: string } = {}): void {
  openPopup('message', { text, title: opts.title ?? '', tone: opts.tone ?? 'info' });
}
