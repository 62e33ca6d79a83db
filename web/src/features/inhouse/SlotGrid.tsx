import { useTranslation } from 'react-i18next';
import type { Spin } from './api';
import { cellKey, REELS, ROWS, winningCells } from './slot';
import { SymbolArt } from './SymbolArt';

// What the reels show before the first spin.
const IDLE_GRID = [
  ['CHERRY', 'SEVEN', 'LEMON'],
  ['BELL', 'BAR', 'GRAPE'],
  ['MELON', 'WILD', 'SCATTER'],
  ['ORANGE', 'BAR', 'BELL'],
  ['LEMON', 'SEVEN', 'CHERRY'],
];

// lineColour gives each of the 20 lines its own hue.
export const lineColour = (line: number) => `hsl(${(line * 137) % 360} 85% 55%)`;

type Props = {
  spin: Spin | null;
  // lines[n-1]: row per reel of payline n (from the paytable).
  lines: number[][];
  spinning?: boolean;
  // focus shows one line alone (hovered in the list of wins).
  focus?: number | null;
  // animate replays the reels' stop when it changes.
  animate?: string | number;
};

// SlotGrid is the 5 × 3 window on the reels with the spin's paying lines
// drawn across it. Reels run left to right whatever the page's direction.
export function SlotGrid({ spin, lines, spinning, focus, animate }: Props) {
  const { t } = useTranslation();
  const grid = spin?.grid ?? IDLE_GRID;
  const wins = spin && !spinning ? winningCells(spin, lines) : new Set<string>();
  const shown = spin && !spinning ? spin.lines.filter((w) => focus == null || w.line === focus) : [];
  return (
    <div className="pge-reels" dir="ltr" role="group" aria-label={t('inhouse.slot.reels')} data-spinning={!!spinning} data-testid="slot-grid">
      <div className="pge-grid" key={animate}>
        {Array.from({ length: REELS }, (_, reel) => (
          <div className="pge-reel" key={reel} style={{ animationDelay: `${reel * 70}ms` }}>
            {Array.from({ length: ROWS }, (_, row) => {
              const sym = grid[reel]?.[row] ?? '';
              return (
                <div className="pge-cell" key={row} data-win={wins.has(cellKey(reel, row)) || undefined} data-dim={(wins.size > 0 && !wins.has(cellKey(reel, row))) || undefined}>
                  <SymbolArt symbol={sym} />
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {shown.length > 0 && (
        <>
          <svg className="pge-lines" viewBox={`0 0 ${REELS * 100} ${ROWS * 100}`} preserveAspectRatio="none" aria-hidden="true">
            {shown.map((w) => {
              const shape = lines[w.line - 1];
              if (!shape) return null;
              const points = shape.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
              return <polyline key={w.line} points={points} fill="none" stroke={lineColour(w.line)} strokeWidth="4" strokeLinejoin="round" strokeLinecap="round" vectorEffect="non-scaling-stroke" />;
            })}
          </svg>
          {shown.map((w) => {
            const shape = lines[w.line - 1];
            if (!shape) return null;
            // Lines starting on the same row line their badges up side by side.
            const k = shown.filter((o) => o.line < w.line && lines[o.line - 1]?.[0] === shape[0]).length;
            return (
              <span key={w.line} className="pge-line-badge" style={{ top: `${((shape[0] + 0.5) / ROWS) * 100}%`, left: `${2 + k * 26}px`, background: lineColour(w.line) }} aria-hidden="true">
                {w.line}
              </span>
            );
          })}
        </>
      )}
    </div>
  );
}
