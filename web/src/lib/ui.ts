import { createStore } from './store';

// The lobby's UI state (spec §3): the game type is HOME, SEARCH or a
// category; HOME by default. Vendor lists, hot games and the prize mode are
// server data and live in the query cache instead.
export type UIState = { currentGameType: string; currentVassalage: string; searchText: string };

export const ui = createStore<UIState>({ currentGameType: 'HOME', currentVassalage: '', searchText: '' });

// setSearchText applies the search rules: typing switches the game type to
// SEARCH, clearing returns it to HOME (spec §2).
export function setSearchText(text: string): void {
  ui.set((s) => ({ ...s, searchText: text, currentGameType: text.trim() ? 'SEARCH' : 'HOME' }));
}

export function setGameType(type: string): void {
  ui.set((s) => ({ ...s, currentGameType: type, searchText: type === 'SEARCH' ? s.searchText : '' }));
}
