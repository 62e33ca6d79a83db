import type { ReactNode } from 'react';

// EmptyState is the honest answer of a list or a page with nothing to show.
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <svg aria-hidden="true" viewBox="0 0 64 64" width="56" height="56">
        <rect x="10" y="16" width="44" height="34" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M10 28h44" stroke="currentColor" strokeWidth="3" />
      </svg>
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
