import { useTranslation } from 'react-i18next';
import { GameTile } from '../../components/GameTile';
import { VendorCard } from '../../components/VendorCard';
import { useGamePages, useHotGames } from '../../data/catalog';
import type { Game, Lane } from '../../data/types';
import { setGameType } from '../../lib/ui';

// The home blocks in the spec's order. Recent and favourites show only for
// a member who has some; they arrive with play history (issue 5), so they
// are never shown empty here.
export const blockOrder = ['HOT', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'INHOUSE', 'LOTT'];

// A home carousel never shows more than 12 items (decision on B-047).
export const HOME_MAX = 12;

// blocksFor keeps the blocks whose category exists in the vendor mapping;
// HOT is always there when any games are.
export function blocksFor(lanes: Lane[]): string[] {
  const have = new Set(lanes.map((l) => l.gameType));
  return blockOrder.filter((b) => b === 'HOT' || have.has(b) || (b === 'LOTT' && have.has('ELOTT')));
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
  const { t } = useTranslation();
  const vendorCards = type === 'LOTT' ? lanes.filter((l) => l.gameType === 'LOTT' || l.gameType === 'ELOTT').flatMap((l) => l.cards) : lanes.find((l) => l.gameType === type)?.cards ?? [];
  const isVendorList = ['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT'].includes(type);
  return (
    <section className="block" aria-labelledby={`block-${type}`}>
      <header className="block-head">
        <h2 id={`block-${type}`}>{t(`type.${type}`)}</h2>
        <button type="button" className="link-button" onClick={() => more(type)}>
          {t('common.more')}
        </button>
      </header>
      {isVendorList ? (
        <div className="carousel-row">
          {vendorCards.slice(0, HOME_MAX).map((c) => (
            <VendorCard key={`${c.gameType}-${c.vassalage}`} vendor={c} gameType={c.gameType} />
          ))}
        </div>
      ) : type === 'HOT' ? (
        <HotRow />
      ) : (
        <GameRow type={type} />
      )}
    </section>
  );
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
  const q = useGamePages({ gameType: type, pageSize: HOME_MAX });
  return <Row games={q.data?.pages[0]?.games ?? []} />;
}
