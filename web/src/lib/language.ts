import { keys } from './storage';

// RTL languages of the portal's list.
export const rtlLanguages = ['AR', 'FA', 'UR'];

// toPortalCode maps a browser language tag (km-KH, zh-TW, pt-BR) to the
// portal's codes (KM, TW, PT-BR), or '' when there is none.
export function toPortalCode(tag: string): string {
  const t = tag.trim().replace('_', '-').toLowerCase();
  const special: Record<string, string> = { zh: 'CN', 'zh-cn': 'CN', 'zh-hans': 'CN', 'zh-tw': 'TW', 'zh-hk': 'TW', 'zh-hant': 'TW', 'pt-br': 'PT-BR', fil: 'TL' };
  if (special[t]) return special[t];
  const primary = t.split('-')[0];
  return special[primary] ?? primary.toUpperCase();
}

// chooseLanguage picks the start-up language: the stored choice, else the
// device language, when the merchant supports it; else its default
// (silently, spec §9).
export function chooseLanguage(supported: string[], fallback: string, deviceLanguages: readonly string[]): string {
  const stored = localStorage.getItem(keys.lang);
  if (stored && supported.includes(stored)) return stored;
  for (const tag of deviceLanguages) {
    const code = toPortalCode(tag);
    if (supported.includes(code)) return code;
  }
  return fallback;
}

// rememberLanguage stores the choice under both keys the spec names.
export function rememberLanguage(code: string): void {
  localStorage.setItem(keys.lang, code);
  localStorage.setItem(keys.hisLang, code);
}

// bcp47 turns a portal code into the language tag HTML wants (lang
// attributes): CN and TW are Chinese scripts, TY is Tagalog.
export function bcp47(code: string): string {
  const special: Record<string, string> = { CN: 'zh-Hans', TW: 'zh-Hant', 'PT-BR': 'pt-BR', TY: 'tl', TL: 'fil', MY: 'my', UK: 'uk' };
  return special[code] ?? code.toLowerCase();
}
