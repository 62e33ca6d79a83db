import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogue, mergeAreas } from '../locales/catalogue';
import { setAdminApiLanguage } from './api';

/** adminLanguages are the back office's languages, in the switcher's order. */
export const adminLanguages = [
  { code: 'EN', label: 'English', bcp47: 'en' },
  { code: 'KM', label: 'ខ្មែរ', bcp47: 'km' },
  { code: 'CN', label: '中文', bcp47: 'zh-CN' },
] as const;

const storageKey = 'adminLang';
// English is bundled as the fallback; Khmer and Chinese load when chosen.
// Each language is a folder of area files (locales/<lang>/<area>.json).
const en = mergeAreas(import.meta.glob<{ default: Catalogue }>('../locales/en/*.json', { eager: true }));
const lazy: Record<string, () => Promise<Catalogue>> = {
  KM: async () => mergeAreas(await loadAll(import.meta.glob<{ default: Catalogue }>('../locales/km/*.json'))),
  CN: async () => mergeAreas(await loadAll(import.meta.glob<{ default: Catalogue }>('../locales/cn/*.json'))),
};

async function loadAll(files: Record<string, () => Promise<{ default: Catalogue }>>): Promise<Record<string, { default: Catalogue }>> {
  const entries = await Promise.all(Object.entries(files).map(async ([path, load]) => [path, await load()] as const));
  return Object.fromEntries(entries);
}

void i18n.use(initReactI18next).init({
  resources: { EN: { translation: en } },
  lng: 'EN',
  fallbackLng: 'EN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** storedAdminLanguage is the operator's last choice in this browser. */
export function storedAdminLanguage(): string {
  const code = localStorage.getItem(storageKey) ?? '';
  return adminLanguages.some((l) => l.code === code) ? code : 'EN';
}

/** applyAdminLanguage switches the screens and the API's messages to code. */
export async function applyAdminLanguage(code: string): Promise<void> {
  const lang = adminLanguages.find((l) => l.code === code) ?? adminLanguages[0];
  const load = lazy[lang.code];
  if (load && !i18n.hasResourceBundle(lang.code, 'translation')) {
    i18n.addResourceBundle(lang.code, 'translation', await load(), true, true);
  }
  localStorage.setItem(storageKey, lang.code);
  setAdminApiLanguage(lang.code);
  document.documentElement.lang = lang.bcp47;
  await i18n.changeLanguage(lang.code);
}
