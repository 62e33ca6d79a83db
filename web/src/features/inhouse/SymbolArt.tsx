import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

// The reels' symbols, drawn here so they look the same in every font and
// on every device: no images, no emoji. 64 × 64 units each.
const art: Record<string, ReactElement> = {
  WILD: (
    <>
      <polygon points="32,3 39.5,22.5 60,23 44,36 49.5,56 32,44.5 14.5,56 20,36 4,23 24.5,22.5" fill="#f5b83d" stroke="#92400e" strokeWidth="2" strokeLinejoin="round" />
      <text x="32" y="37" textAnchor="middle" fontSize="11.5" fontWeight="900" fill="#7c2d12" fontFamily="Arial, Helvetica, sans-serif">
        WILD
      </text>
    </>
  ),
  SCATTER: (
    <>
      <polygon points="18,10 46,10 59,25 32,57 5,25" fill="#22d3ee" stroke="#0e7490" strokeWidth="2" strokeLinejoin="round" />
      <polygon points="18,10 25,25 32,10" fill="#a5f3fc" />
      <polygon points="32,10 39,25 46,10" fill="#67e8f9" />
      <polygon points="5,25 25,25 32,57" fill="#06b6d4" />
      <path d="M5 25H59M18 10l7 15 7 32 7-32 7-15M25 25l7-15 7 15" fill="none" stroke="#0e7490" strokeWidth="1.5" strokeLinejoin="round" />
    </>
  ),
  SEVEN: (
    <>
      <path d="M13 10H51V19C41 29 35 41 33 55H20C22 42 28 30 37 20H13Z" fill="#dc2626" stroke="#7f1d1d" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M17 13H46" stroke="#fca5a5" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  BAR: (
    <>
      <rect x="5" y="17" width="54" height="30" rx="7" fill="#111827" stroke="#f5b83d" strokeWidth="2.5" />
      <text x="32" y="39" textAnchor="middle" fontSize="19" fontWeight="900" fill="#f5b83d" fontFamily="Arial, Helvetica, sans-serif" letterSpacing="1">
        BAR
      </text>
    </>
  ),
  BELL: (
    <>
      <rect x="29" y="4" width="6" height="7" rx="2" fill="#b45309" />
      <path d="M32 9C20 9 15 19 15 31V40L9 48H55L49 40V31C49 19 44 9 32 9Z" fill="#fbbf24" stroke="#b45309" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="32" cy="53" r="5" fill="#b45309" />
      <path d="M21 30C21 22 24 17 29 15" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.6" />
    </>
  ),
  MELON: (
    <>
      <path d="M5 24A27 27 0 0 0 59 24Z" fill="#15803d" />
      <path d="M8 24A24 24 0 0 0 56 24Z" fill="#bbf7d0" />
      <path d="M11 24A21 21 0 0 0 53 24Z" fill="#f43f5e" />
      <g fill="#1f2937">
        <ellipse cx="21" cy="31" rx="1.8" ry="2.8" />
        <ellipse cx="32" cy="35" rx="1.8" ry="2.8" />
        <ellipse cx="43" cy="31" rx="1.8" ry="2.8" />
        <ellipse cx="27" cy="41" rx="1.8" ry="2.8" />
        <ellipse cx="37" cy="41" rx="1.8" ry="2.8" />
      </g>
    </>
  ),
  GRAPE: (
    <>
      <path d="M32 18L35 7" stroke="#3f6212" strokeWidth="3" strokeLinecap="round" />
      <path d="M35 9C40 4 49 5 52 9C46 13 40 13 35 9Z" fill="#22c55e" />
      <g fill="#7c3aed" stroke="#4c1d95" strokeWidth="1.5">
        <circle cx="20" cy="24" r="7.5" />
        <circle cx="32" cy="24" r="7.5" />
        <circle cx="44" cy="24" r="7.5" />
        <circle cx="26" cy="36" r="7.5" />
        <circle cx="38" cy="36" r="7.5" />
        <circle cx="32" cy="48" r="7.5" />
      </g>
      <g fill="#fff" opacity="0.45">
        <circle cx="18" cy="21" r="2" />
        <circle cx="30" cy="21" r="2" />
        <circle cx="24" cy="33" r="2" />
      </g>
    </>
  ),
  ORANGE: (
    <>
      <circle cx="32" cy="36" r="21" fill="#f97316" stroke="#c2410c" strokeWidth="2" />
      <path d="M32 15C33 9 39 6 46 8C42 14 37 16 32 15Z" fill="#16a34a" />
      <circle cx="24" cy="28" r="4.5" fill="#fff" opacity="0.45" />
      <g fill="#ea580c">
        <circle cx="38" cy="40" r="1.2" />
        <circle cx="30" cy="46" r="1.2" />
        <circle cx="43" cy="32" r="1.2" />
        <circle cx="24" cy="40" r="1.2" />
      </g>
    </>
  ),
  LEMON: (
    <>
      <path d="M6 34C8 21 21 14 33 15C46 16 56 24 58 32C56 45 44 52 31 51C18 50 7 44 6 34Z" fill="#facc15" stroke="#ca8a04" strokeWidth="2" />
      <ellipse cx="4.5" cy="34.5" rx="2.5" ry="2" fill="#ca8a04" />
      <ellipse cx="59.5" cy="31.5" rx="2.5" ry="2" fill="#ca8a04" />
      <ellipse cx="24" cy="27" rx="7" ry="3" fill="#fff" opacity="0.5" transform="rotate(-18 24 27)" />
    </>
  ),
  CHERRY: (
    <>
      <path d="M23 40C25 26 34 16 46 9" fill="none" stroke="#3f6212" strokeWidth="3" strokeLinecap="round" />
      <path d="M42 42C40 29 42 19 46 9" fill="none" stroke="#3f6212" strokeWidth="3" strokeLinecap="round" />
      <path d="M46 9C51 4 58 6 60 11C54 14 49 13 46 9Z" fill="#22c55e" />
      <circle cx="22" cy="46" r="11.5" fill="#e11d48" stroke="#9f1239" strokeWidth="1.5" />
      <circle cx="43" cy="48" r="10.5" fill="#be123c" stroke="#881337" strokeWidth="1.5" />
      <circle cx="18" cy="42" r="3" fill="#fff" opacity="0.6" />
      <circle cx="39" cy="44" r="2.5" fill="#fff" opacity="0.6" />
    </>
  ),
};

// SymbolArt draws one symbol, named for screen readers in the page's
// language.
export function SymbolArt({ symbol, size }: { symbol: string; size?: number }) {
  const { t } = useTranslation();
  const label = t(`inhouse.symbol.${symbol}`, { defaultValue: symbol });
  const drawing = art[symbol];
  if (!drawing) {
    return (
      <span className="pge-symbol-text" role="img" aria-label={label}>
        {symbol}
      </span>
    );
  }
  return (
    <svg className="pge-symbol" data-symbol={symbol} viewBox="0 0 64 64" width={size} height={size} role="img" aria-label={label}>
      {drawing}
    </svg>
  );
}
