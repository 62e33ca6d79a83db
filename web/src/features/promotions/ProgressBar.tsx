// ProgressBar is a labelled bar 0..100 (a promotion's progress, a bonus's
// wagering, a budget left, the way to the next VIP level).
export function ProgressBar({ percent, label, tone }: { percent: number; label: string; tone?: 'budget' }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="loyalty-bar" data-tone={tone} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={p} aria-label={label}>
      <span style={{ inlineSize: `${p}%` }} />
    </div>
  );
}
