import '@testing-library/jest-dom/vitest';
import { vi } from 'vitest';

// Components are tested without loading catalogues: t() answers the key,
// so assertions name the key a string comes from.
vi.mock('react-i18next', () => ({
  useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'EN' } }),
  Translation: ({ children }: { children: (t: (k: string) => string) => unknown }) => children((k) => k),
  initReactI18next: { type: '3rdParty', init: () => undefined },
}));

// jsdom has no scrolling; the app's scroll calls are no-ops here. (Build
// tests run in node, without a window.)
if (typeof window !== 'undefined') window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
