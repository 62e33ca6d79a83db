import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { GameTile } from '../../components/GameTile';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { VendorCard } from '../../components/VendorCard';
import { useGamePages, useVendors } from '../../data/catalog';
import { useBanners } from '../../data/content';
import type { Lane, VendorCard as VendorCardData } from '../../data/types';
import { setGameType, setSearchText, ui } from '../../lib/ui';
import { CategoryBlocks, useSportsBooks } from './CategoryBlocks';
import { GameLobby, HotGames } from './GameLobby';
import { NoticeMarquee } from './NoticeMarquee';
import { WinnerBoard } from './WinnerBoard';

// The carousels carry Swiper; loading them after the first paint keeps it
// out of the start-up bundle. Their placeholders hold the same space.
const BannerCarousel = lazy(() => import('./BannerCarousel').then((m) => ({ default: m.BannerCarousel })));
const ProviderStrip = lazy(() => import('./ProviderStrip').then((m) => ({ default: m.ProviderStrip })));

// Categories whose home view lists vendors rather than games (spec §2).
export const vendorListTypes = ['SPORTS', 'LOTT', 'ELOTT', 'ESPORTS', 'COCKFIGHT'];

// HomePage is the home lobby (spec §2): notices, banners, the winner board
// on HOME, search, the category menu, the provider strip and the blocks or
// lobby of the current game type.
export function HomePage() {
  const { t } = useTranslation();
  const gameType = ui.use((s) => s.currentGameType);
  const searchText = ui.use((s) => s.searchText);
  const vendors = useVendors();
  const lanes = vendors.data?.data.lanes ?? [];

  return (
    <div className="home">
      <NoticeMarquee />
      <Suspense fallback={<FirstBanner />}>
        <BannerCarousel />
      </Suspense>
      {gameType === 'HOME' && <WinnerBoard />}
      <div className="home-search">
        <input
          type="search"
          className="input"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder={t('lobby.searchPlaceholder')}
          aria-label={t('lobby.searchLabel')}
          maxLength={50}
        />
      </div>
      <nav className="category-menu" aria-label={t('home.categories')}>
        {['HOME', 'HOT', ...lanes.map((l) => l.gameType)].map((type) => (
          <button type="button" key={type} className="category-button" aria-pressed={gameType === type} onClick={() => setGameType(type)}>
            {t(`type.${type}`)}
          </button>
        ))}
      </nav>
      <Suspense fallback={<div className="provider-space" aria-hidden="true" />}>
        <ProviderStrip />
      </Suspense>
      {gameType === 'HOME' && <CategoryBlocks lanes={lanes} />}
      {gameType === 'SEARCH' && <SearchResults text={searchText.trim()} />}
      {gameType === 'HOT' && <HotGames gameType="ALL" vendor="" name="" />}
      {!['HOME', 'SEARCH', 'HOT'].includes(gameType) &&
        (gameType === 'SPORTS' ? (
          <SportsBooks lanes={lanes} />
        ) : vendorListTypes.includes(gameType) ? (
          <VendorGrid cards={lanes.find((l) => l.gameType === gameType)?.cards ?? []} gameType={gameType} />
        ) : (
          <GameLobby gameType={gameType} />
        ))}
    </div>
  );
}

function VendorGrid({ cards, gameType }: { cards: VendorCardData[]; gameType: string }) {
  return (
    <div className="vendor-grid">
      {cards.map((c) => (
        <VendorCard key={c.vassalage} vendor={c} gameType={gameType} />
      ))}
    </div>
  );
}

// SportsBooks is the view behind the sports block's More: every book of
// the 80 the block asked for.
function SportsBooks({ lanes }: { lanes: Lane[] }) {
  return <VendorGrid cards={useSportsBooks(lanes)} gameType="SPORTS" />;
}

// FirstBanner paints the first home banner as a plain image while the
// carousel's code loads, so the largest image of the page does not wait for
// it.
function FirstBanner() {
  const banners = useBanners('web-home');
  const first = banners.data?.[0];
  if (!first) return <div className="banner-space" aria-hidden="true" />;
  return (
    <div className="banner-carousel">
      <img className="banner-first" src={first.url} alt={first.title} width={1200} height={400} fetchPriority="high" />
    </div>
  );
}

function SearchResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const q = useGamePages({ gameType: 'SEARCH', gameName: text, pageSize: 18 }, text.length > 0);
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Spinner />;
  const games = q.data.pages.flatMap((p) => p.games);
  if (games.length === 0) return <EmptyState title={t('lobby.noData')} />;
  return (
    <section aria-label={t('type.SEARCH')}>
      <div className="game-grid">
        {games.map((g) => (
          <GameTile key={g.gameCode} game={g} />
        ))}
      </div>
      {q.hasNextPage && (
        <div className="load-more">
          <button type="button" className="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {t('lobby.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
}
