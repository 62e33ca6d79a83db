import { keys } from './storage';

export type Theme = 'dark' | 'light';

// Themes are CSS variables under [data-theme] on <html>, so a merchant can
// re-brand by shipping variables, not code.
export function currentTheme(): Theme {
  return localStorage.getItem(keys.theme) === 'light' ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(keys.theme, theme);
}
