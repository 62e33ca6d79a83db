// prefersReducedMotion: the player asked the system for less movement, so
// rounds show their outcome at once.
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
