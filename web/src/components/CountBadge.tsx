// The badge shows at most this; the accessible text keeps the real count.
const MAX_SHOWN = 99;

// CountBadge is the red count badge of spec §2 (messageV2 and the header's
// messages entry; missions and rewards later): nothing at 0. The count is
// part of its element's accessible name, not only a red dot: the visible
// figure is hidden from assistive technology and label ("3 unread") stands
// in for it.
export function CountBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  if (!(count > 0)) return null;
  return (
    <>
      {' '}
      <span className={`count-badge ${className ?? ''}`.trim()} data-count={count}>
        <span aria-hidden="true">{count > MAX_SHOWN ? `${MAX_SHOWN}+` : count}</span>
        <span className="visually-hidden">{label}</span>
      </span>
    </>
  );
}
