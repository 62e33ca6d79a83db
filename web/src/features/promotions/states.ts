import type { Promo, PromoKind, PromoState } from './api';

// What a member can do from a state: act (a button) or only read (a badge).
export type Action = 'join' | 'claim' | 'apply' | 'login' | null;

const optIn: PromoKind[] = ['turnover', 'loss'];

// visitorState is what a logged-out visitor sees: when the promotion
// starts, else the first step it asks for.
export function visitorState(p: Promo): PromoState {
  if (p.comingSoon || Date.parse(p.startsAt) > Date.now()) return 'coming_soon';
  if (p.endsAt && Date.parse(p.endsAt) <= Date.now()) return 'closed';
  return optIn.includes(p.kind) ? 'join' : 'claim';
}

// actionFor maps a state to the button a card shows (G-004). An application
// promotion's first step and a rejected application's next try are an
// application, not a claim.
export function actionFor(kind: PromoKind, state: PromoState, loggedIn: boolean): Action {
  const open = state === 'join' || state === 'claim' || (kind === 'application' && state === 'rejected');
  if (!open) return null;
  if (!loggedIn) return 'login';
  if (kind === 'application') return 'apply';
  return state === 'join' ? 'join' : 'claim';
}

// actionLabel is the catalogue key of the button for an action.
export function actionLabel(kind: PromoKind, state: PromoState): string {
  if (kind === 'application') return 'promo.action.apply';
  return state === 'join' ? 'promo.state.join' : 'promo.state.claim';
}

// progressPercent is how far a counting promotion is, 0..100.
export function progressPercent(p: { current: number; target: number } | null): number {
  if (!p || p.target <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((p.current * 100) / p.target)));
}
