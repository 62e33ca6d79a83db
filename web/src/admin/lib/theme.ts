/** AdminTheme is the back office's colour scheme. */
export type AdminTheme = 'dark' | 'light';

const storageKey = 'adminTheme';

// The back office keeps its own choice: an operator who also plays on the
// site may want the two apart.
export function currentAdminTheme(): AdminTheme {
  return localStorage.getItem(storageKey) === 'light' ? 'light' : 'dark';
}

/** applyAdminTheme sets the theme's variables (styles/base.css) on <html>. */
export function applyAdminTheme(theme: AdminTheme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(storageKey, theme);
}
