import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// English is imported by namespace so the bundler leaves out what the
// lobby never shows: the in-house games' strings (inhouse.*) and the
// cashier's (cashier.*) come with their pages (features/inhouse/strings.ts,
// features/member/cashier/strings.ts). i18n.test.ts holds these
// names equal to en.json's namespaces.
import { agent, common, download, errors, favourites, footer, forgot, form, game, header, help, home, ipVerify, language, lobby, login, lottery, member, messages, nav, notFound, notice, password, promotions, protection, records, register, seamless, side, status, theme, totp, type, wallet } from '../locales/en.json';
import { put, setApiLanguage } from './api';
import { bcp47, rememberLanguage, rtlLanguages } from './language';

// English is bundled as the fallback for any key a catalogue lacks; every
// other catalogue is its own chunk, loaded when chosen, so a visitor
// downloads one language, not thirty-five.
export const bundledEnglish = { agent, common, download, errors, favourites, footer, forgot, form, game, header, help, home, ipVerify, language, lobby, login, lottery, member, messages, nav, notFound, notice, password, promotions, protection, records, register, seamless, side, status, theme, totp, type, wallet };
// Namespaces of en.json that their own chunks add when they load.
export const lazyEnglish = ['inhouse', 'cashier', 'promo', 'bonus', 'rewards', 'vip', 'rebate', 'pointMall'];
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*.json', '!../locales/en.json']);

void i18n.use(initReactI18next).init({
  resources: { EN: { translation: bundledEnglish } },
  lng: 'EN',
  fallbackLng: 'EN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

// prefetchCatalogue starts loading the catalogue the visitor will most
// likely need while the start-up call is still out.
export function prefetchCatalogue(code: string): void {
  void loadCatalogue(code).catch(() => undefined);
}

async function loadCatalogue(code: string): Promise<void> {
  if (i18n.hasResourceBundle(code, 'translation')) return;
  const load = catalogues[`../locales/${code.toLowerCase()}.json`];
  if (!load) return; // no catalogue: English strings, server data still in the language
  const mod = await load();
  i18n.addResourceBundle(code, 'translation', mod.default, true, true);
}

// applyLanguage switches the UI language, the page direction and the
// language the API answers in.
export async function applyLanguage(code: string): Promise<void> {
  await loadCatalogue(code).catch(() => undefined);
  setApiLanguage(code);
  document.documentElement.lang = bcp47(code);
  document.documentElement.dir = rtlLanguages.includes(code) ? 'rtl' : 'ltr';
  await i18n.changeLanguage(code);
}

// changeLanguage is the visitor's choice: remembered under lang and
// hisLang, every lobby query reloads because its key holds the language,
// and the server is told (spec §7), which keeps a member's choice. The
// returned promise settles once all of that is done.
export function changeLanguage(code: string): Promise<void> {
  rememberLanguage(code);
  return applyLanguage(code).then(() =>
    put('/wps/member/language', { language: code }).then(
      () => undefined,
      // The choice stands in this browser whatever the server answered.
      () => undefined,
    ),
  );
}

export { i18n };
