// The route table of spec §2 as data: which page a path shows and which
// parts of the frame surround it. Kept free of React so the rules are
// tested on their own.
export type Page =
  | 'home'
  | 'download'
  | 'member'
  | 'gameCentre'
  | 'gameLobby'
  | 'accountGames'
  | 'lottery'
  | 'promotions'
  | 'pointMall'
  | 'seamless'
  | 'agent'
  | 'inhouseSlot'
  | 'inhouseDice'
  | 'inhouseCrash'
  | 'inhouseVerify'
  | 'notFound';

export type Popup = 'login' | 'register' | 'helpCenter' | 'resetPassword';

export type RouteRule = {
  page: Page;
  header: boolean;
  footer: boolean;
  sideMenu: boolean;
  auth: boolean;
  // gamePage routes hide the side menu (spec §2).
  gamePage: boolean;
  // popup opens over the page when the route is entered.
  popup?: Popup;
  // redirect replaces the address after the popup opens (/login -> /).
  redirect?: string;
  // gameFrame pages play inside the game popup's frame: the token in their
  // address is the game's, not a member session, and the member's socket
  // and announcements belong to the page around the frame.
  gameFrame?: boolean;
};

const frame = { header: true, footer: true, sideMenu: true, auth: false, gamePage: false };
const gamePage = { header: true, footer: false, sideMenu: false, auth: true, gamePage: true };
const agentOnly = { header: false, footer: false, sideMenu: false, auth: false, gamePage: false };
const gameFrame = { ...agentOnly, gameFrame: true };

export const routeRules: Record<string, RouteRule> = {
  '/': { page: 'home', ...frame },
  '/index': { page: 'home', ...frame },
  '/index.html': { page: 'home', ...frame },
  '/home': { page: 'home', ...frame },
  '/login': { page: 'home', ...frame, popup: 'login', redirect: '/' },
  '/register': { page: 'home', ...frame, popup: 'register' },
  '/help': { page: 'home', ...frame, popup: 'helpCenter' },
  // The e-mailed reset link (decision 0007) lands here with its token.
  '/resetPassword': { page: 'home', ...frame, popup: 'resetPassword', redirect: '/' },
  '/down': { page: 'download', ...frame },
  '/member': { page: 'member', ...frame, auth: true },
  '/sports': { page: 'gameCentre', ...frame },
  '/esports': { page: 'gameCentre', ...frame },
  '/lott': { page: 'gameCentre', ...frame },
  '/elott': { page: 'gameCentre', ...frame },
  '/live': { page: 'gameLobby', ...frame },
  '/fish': { page: 'gameLobby', ...frame },
  '/rng': { page: 'gameLobby', ...frame },
  '/pvp': { page: 'gameLobby', ...frame },
  '/provider': { page: 'gameLobby', ...frame },
  '/favorite': { page: 'accountGames', ...frame, auth: true },
  '/recent': { page: 'accountGames', ...frame, auth: true },
  '/lottery': { page: 'lottery', ...gamePage },
  '/seaLottery': { page: 'lottery', ...gamePage },
  '/vnLottery': { page: 'lottery', ...gamePage },
  '/promotions': { page: 'promotions', ...frame },
  '/promotionDetail': { page: 'promotions', ...frame },
  '/pointMall': { page: 'pointMall', ...frame },
  '/seamless': { page: 'seamless', ...gamePage },
  '/agent': { page: 'agent', ...agentOnly },
  '/agentHome': { page: 'agent', ...agentOnly, auth: true },
  // The in-house games' own pages, opened inside the game popup's frame,
  // and the page that replays one of their rounds (public).
  '/play/pge/slot': { page: 'inhouseSlot', ...gameFrame },
  '/play/pge/dice': { page: 'inhouseDice', ...gameFrame },
  '/play/pge/crash': { page: 'inhouseCrash', ...gameFrame },
  '/play/pge/verify': { page: 'inhouseVerify', ...gameFrame },
};

const notFound: RouteRule = { page: 'notFound', ...frame };

export function ruleFor(pathname: string): RouteRule {
  return routeRules[pathname] ?? notFound;
}

// viewKey names the view of a path: the page for the table's routes, the
// full path for any other (spec §2).
export function viewKey(pathname: string): string {
  return routeRules[pathname] ? routeRules[pathname].page : pathname;
}

// guard answers where a visitor goes: a route needing a session, opened
// without a token, redirects to /login.
export function guard(pathname: string, loggedIn: boolean): string | null {
  return ruleFor(pathname).auth && !loggedIn ? '/login' : null;
}

// The game categories and the routes they open (spec §2 header rules).
export const categoryRoutes: Record<string, string> = {
  HOME: '/',
  PROMO: '/promotions',
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  LOTT: '/lott',
  ELOTT: '/elott',
  INHOUSE: '/provider?gameType=INHOUSE',
  COCKFIGHT: '/provider?gameType=COCKFIGHT',
};

// The category a lobby route shows.
export const routeCategory: Record<string, string> = {
  '/rng': 'RNG',
  '/live': 'LIVE',
  '/fish': 'FISH',
  '/pvp': 'PVP',
  '/sports': 'SPORTS',
  '/esports': 'ESPORTS',
  '/lott': 'LOTT',
  '/elott': 'ELOTT',
  '/provider': 'ALL',
};

// navTarget decides what clicking a category does (spec §2): HOME, PROMO,
// PVP, FISH, RNG and any category with more than one vendor go to the
// route; a category with exactly one vendor launches it directly.
export function navTarget(gameType: string, vendorCount: number): 'route' | 'launch' {
  if (['HOME', 'PROMO', 'PVP', 'FISH', 'RNG'].includes(gameType) || vendorCount > 1) return 'route';
  return 'launch';
}
