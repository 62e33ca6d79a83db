import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameTile } from '../../components/GameTile';
import { VendorCard } from '../../components/VendorCard';
import { useGamePages, useHotGames } from '../../data/catalog';
import { FAV_HOME_SIZE, useFavouritePage } from '../../data/favourites';
import { RECENT_HOME_SIZE, useRecentPage } from '../../data/recent';
import type { Game, Lane, VendorCard as VendorCardData } from '../../data/types';
import { setGameType } from '../../lib/ui';

// The home blocks in the spec's order (checklist B-040). Recent and
// favourites are the member's own: they show only when logged in and
// non-empty, so a visitor and a new member never see an empty block.
export const blockOrder = ['RECENT', 'HOT', 'FAV', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'INHOUSE', 'LOTT'];

// A home carousel never shows more than 12 items (decision on B-047).
export const HOME_MAX = 12;

// The home blocks ask for 12 games a category, sports for 80 (B-045); the
// carousel shows 12 whatever came, the rest serves the view behind More.
export const HOME_PAGE_SIZE = 12;
export const SPORTS_PAGE_SIZE = 80;

export function blockPageSize(type: string): number {
  return type === 'SPORTS' ? SPORTS_PAGE_SIZE : HOME_PAGE_SIZE;
}

// useSportsBooks lists the sports vendors as the home shows them: the
// sports list (80 to a page) names the books, each a vendor's lobby, and
// the vendor lane gives them their logos. Until the list answers, and if
// it names none, the lane's own cards stand in.
export function useSportsBooks(lanes: Lane[]): VendorCardData[] {
  const q = useGamePages({ gameType: 'SPORTS', pageSize: blockPageSize('SPORTS') });
  const cards = lanes.find((l) => l.gameType === 'SPORTS')?.cards ?? [];
  const games = q.data?.pages[0]?.games ?? [];
  if (games.length === 0) return cards;
  const seen = new Set<string>();
  const out: VendorCardData[] = [];
  for (const g of games) {
    if (seen.has(g.vassalage)) continue;
    seen.add(g.vassalage);
    out.push(
      cards.find((c) => c.vassalage === g.vassalage) ?? {
        vassalage: g.vassalage,
        displayName: g.displayName,
        logoUrl: g.iconUrl,
        isGame: g.isGame,
        maintenance: g.maintenance,
        accountTypeName: g.vassalage,
        gameType: 'SPORTS',
      },
    );
  }
  return out;
}

// blocksFor keeps the blocks whose category exists in the vendor mapping;
// HOT is always there when any games are, RECENT and FAV decide for
// themselves.
export function blocksFor(lanes: Lane[]): string[] {
  const have = new Set(lanes.map((l) => l.gameType));
  return blockOrder.filter((b) => b === 'HOT' || b === 'RECENT' || b === 'FAV' || have.has(b) || (b === 'LOTT' && have.has('ELOTT')));
}

function more(type: string) {
  setGameType(type);
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

export function CategoryBlocks({ lanes }: { lanes: Lane[] }) {
  return (
    <div className="blocks">
      {blocksFor(lanes).map((type) => (
        <Block key={type} type={type} lanes={lanes} />
      ))}
    </div>
  );
}

function Block({ type, lanes }: { type: string; lanes: Lane[] }) {
  if (type === 'RECENT') return <RecentBlock />;
  if (type === 'FAV') return <FavouriteBlock />;
  return <CategoryBlock type={type} lanes={lanes} />;
}

function CategoryBlock({ type, lanes }: { type: string; lanes: Lane[] }) {
  const { t } = useTranslation();
  const isVendorList = ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT'].includes(type);
  return (
    <section className="block" aria-labelledby={`block-${type}`}>
      <header className="block-head">
        <h2 id={`block-${type}`}>{t(`type.${type}`)}</h2>
        <button type="button" className="link-button" onClick={() => more(type)}>
          {t('common.more')}
        </button>
      </header>
      {type === 'SPORTS' ? (
        <SportsRow lanes={lanes} />
      ) : isVendorList ? (
        <VendorRow cards={type === 'LOTT' ? lanes.filter((l) => l.gameType === 'LOTT' || l.gameType === 'ELOTT').flatMap((l) => l.cards) : lanes.find((l) => l.gameType === type)?.cards ?? []} />
      ) : type === 'HOT' ? (
        <HotRow />
      ) : (
        <GameRow type={type} />
      )}
    </section>
  );
}

function VendorRow({ cards }: { cards: VendorCardData[] }) {
  return (
    <div className="carousel-row">
      {cards.slice(0, HOME_MAX).map((c) => (
        <VendorCard key={`${c.gameType}-${c.vassalage}`} vendor={c} gameType={c.gameType} />
      ))}
    </div>
  );
}

function SportsRow({ lanes }: { lanes: Lane[] }) {
  return <VendorRow cards={useSportsBooks(lanes)} />;
}

function Row({ games }: { games: Game[] }) {
  return (
    <div className="carousel-row">
      {games.slice(0, HOME_MAX).map((g) => (
        <GameTile key={g.gameCode} game={g} />
      ))}
    </div>
  );
}

function HotRow() {
  const q = useHotGames();
  return <Row games={q.data ?? []} />;
}

function GameRow({ type }: { type: string }) {
  const q = useGamePages({ gameType: type, pageSize: blockPageSize(type) });
  return <Row games={q.data?.pages[0]?.games ?? []} />;
}

// OwnBlock is a member's block: hidden until it has games, its More going
// to the account game page.
function OwnBlock({ type, to, games }: { type: string; to: string; games: Game[] }) {
  const { t } = useTranslation();
  if (games.length === 0) return null;
  return (
    <section className="block" aria-labelledby={`block-${type}`}>
      <header className="block-head">
        <h2 id={`block-${type}`}>{t(`type.${type}`)}</h2>
        <Link to={to} className="link-button">
          {t('common.more')}
        </Link>
      </header>
      <Row games={games} />
    </section>
  );
}

function RecentBlock() {
  // Same filter as MemberSession's after-login load, so that answer is used.
  const q = useRecentPage({ gameType: 'ALL', vassalage: '', page: 1, pageSize: RECENT_HOME_SIZE });
  return <OwnBlock type="RECENT" to="/recent" games={q.data?.list ?? []} />;
}

function FavouriteBlock() {
  const q = useFavouritePage({ gameType: 'ALL', pageSize: FAV_HOME_SIZE, pageNo: 1 });
  return <OwnBlock type="FAV" to="/favorite" games={q.data?.content ?? []} />;
}
