// Popups shown once per browser session per audience (spec §4 Announcement
// popups): the key is flagged in session storage when the popup closes.
export type Audience = 'ANONYMOUS_POPUP' | 'USER_POPUP' | 'FIRST_LOGIN';

export function alreadyShown(audience: Audience): boolean {
  return sessionStorage.getItem(audience) === 'closed';
}

export function markShown(audience: Audience): void {
  sessionStorage.setItem(audience, 'closed');
}
