import type { ComponentType } from 'react';
import { lazyPage } from '../lib/lazyPage';
import type { Page } from './layout';

// Every page but home is its own chunk; home is in the main bundle because
// it is where almost every visit starts.
export { HomePage } from '../features/lobby/HomePage';

const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => lazyPage<object>(() => load().then((m) => ({ default: m[name] as ComponentType<object> })));

export const lazyPages: Record<Exclude<Page, 'home'>, ComponentType> = {
  download: named(() => import('../features/pages/DownloadPage'), 'DownloadPage'),
  inhouseSlot: named(() => import('../features/inhouse/SlotPage'), 'SlotPage'),
  inhouseDice: named(() => import('../features/inhouse/DicePage'), 'DicePage'),
  inhouseCrash: named(() => import('../features/inhouse/CrashPage'), 'CrashPage'),
  inhouseVerify: named(() => import('../features/inhouse/VerifyPage'), 'VerifyPage'),
  member: named(() => import('../features/member/MemberPage'), 'MemberPage'),
  gameCentre: named(() => import('../features/lobby/LobbyPages'), 'GameCentrePage'),
  gameLobby: named(() => import('../features/lobby/LobbyPages'), 'GameListPage'),
  accountGames: named(() => import('../features/lobby/LobbyPages'), 'AccountGamesPage'),
  lottery: named(() => import('../features/pages/LotteryPage'), 'LotteryPage'),
  promotions: named(() => import('../features/promotions/PromotionsPage'), 'PromotionsPage'),
  pointMall: named(() => import('../features/loyalty/PointMallPage'), 'PointMallPage'),
  seamless: named(() => import('../features/pages/SeamlessPage'), 'SeamlessPage'),
  agent: named(() => import('../features/agent/AgentPage'), 'AgentPage'),
  notFound: named(() => import('../features/pages/NotFoundPage'), 'NotFoundPage'),
};
