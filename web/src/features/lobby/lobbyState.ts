// The game lobby's filters and their reset rules (spec §2): choosing All
// resets the vendor and classify filters; changing tab resets the page to
// 1 and clears the search text; Fav and Recent need a login. The tabs are
// the game selection filters of spec §9: New lists the category's
// new games, newest first.
export type Tab = 'ALL' | 'NEW' | 'HOT' | 'FAV' | 'RECENT';

export type LobbyState = { tab: Tab; vendor: string; classify: string; name: string; page: number };

export type LobbyAction =
  | { type: 'tab'; tab: Tab; loggedIn: boolean }
  | { type: 'allVendors' }
  | { type: 'vendor'; vendor: string }
  | { type: 'classify'; classify: string }
  | { type: 'name'; name: string }
  | { type: 'page'; page: number }
  | { type: 'reset'; vendor?: string; classify?: string };

export const initialLobby = (vendor = '', classify = ''): LobbyState => ({ tab: 'ALL', vendor, classify, name: '', page: 1 });

// needsLogin tells whether choosing a tab must open the login popup
// instead.
export function needsLogin(tab: Tab, loggedIn: boolean): boolean {
  return (tab === 'FAV' || tab === 'RECENT') && !loggedIn;
}

export function lobbyReducer(s: LobbyState, a: LobbyAction): LobbyState {
  switch (a.type) {
    case 'tab':
      if (needsLogin(a.tab, a.loggedIn)) return s;
      return { ...s, tab: a.tab, page: 1, name: '' };
    case 'allVendors':
      return { ...s, vendor: '', classify: '', page: 1 };
    case 'vendor':
      return { ...s, vendor: a.vendor, page: 1 };
    case 'classify':
      return { ...s, classify: a.classify, page: 1 };
    case 'name':
      return { ...s, name: a.name, page: 1 };
    case 'page':
      return { ...s, page: Math.max(1, a.page) };
    case 'reset':
      return initialLobby(a.vendor, a.classify);
  }
}
