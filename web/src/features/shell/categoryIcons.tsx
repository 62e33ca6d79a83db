// Each game category's icon in the side menu: folded to its icons, the menu
// must still tell the categories apart. Line drawings on a 24 px grid in
// the text colour, so they follow the theme.
const paths: Record<string, string> = {
  // slot machine with its lever
  RNG: 'M4 4h12a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1zM7 9v6M10 9v6M13 9v6M17 9h3V6',
  // roulette wheel
  LIVE: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM12 3v6M12 15v6M3 12h6M15 12h6',
  // fish
  FISH: 'M3 12c3.5-5.5 10-6 14 0-4 6-10.5 5.5-14 0zM17 12l4-3.5v7zM8 11.5h.01',
  // ball
  SPORTS: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 7.5l4 2.9-1.5 4.6h-5L8 10.4zM12 3v4.5M16 10.4l4.5-1.5M14.5 15l2.5 4M9.5 15L7 19M8 10.4L3.5 8.9',
  // game pad
  ESPORTS: 'M7 7h10a5 5 0 0 1 0 10H7A5 5 0 0 1 7 7zM8 10v4M6 12h4M15.5 11h.01M17.5 13h.01',
  // two playing cards
  PVP: 'M4 7h9a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1zM8 7V4a1 1 0 0 1 1-1h11a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1h-6',
  // crossed spurs: the fight
  COCKFIGHT: 'M5 3l11 11M19 3L8 14M14 16l4 4M10 16l-4 4M13 12l4 4M11 12l-4 4',
  // gem: our own games
  INHOUSE: 'M6 4h12l3 5-9 11L3 9zM3 9h18M9.5 4L12 20M14.5 4L12 20',
  // lottery ticket
  LOTT: 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-2a2 2 0 0 0 0-4zM14 5v2M14 10v2M14 15v2',
};
paths.ELOTT = paths.LOTT;

// A category the list does not know yet gets a plain grid.
const fallback = 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z';

export function categoryIconPath(gameType: string): string {
  return paths[gameType] ?? fallback;
}

export function CategoryIcon({ gameType }: { gameType: string }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" data-category={gameType}>
      <path d={categoryIconPath(gameType)} />
    </svg>
  );
}
