// Keys the spec names: the merchant code lives in both session and local
// storage; the language under lang and hisLang; the theme and the side-menu
// state are ours.
export const keys = {
  merchant: 'merchant',
  lang: 'lang',
  hisLang: 'hisLang',
  theme: 'theme',
  token: 'token',
  sideMenu: 'sideMenu',
  hotGames: 'hotGames',
  balanceHidden: 'balanceHidden',
} as const;

const DEFAULT_MERCHANT = 'demo';

// merchantCode is whose site this is: the server names the merchant that
// owns the page's domain in a meta tag; without one (a bare IP, the Vite
// dev server) the stored code, else the demo merchant.
export function merchantCode(): string {
  const fromPage = document.querySelector<HTMLMetaElement>('meta[name="portal-merchant"]')?.content;
  return fromPage || (sessionStorage.getItem(keys.merchant) ?? localStorage.getItem(keys.merchant) ?? DEFAULT_MERCHANT);
}

export function rememberMerchant(code: string): void {
  sessionStorage.setItem(keys.merchant, code);
  localStorage.setItem(keys.merchant, code);
}

export function sessionToken(): string | null {
  return sessionStorage.getItem(keys.token);
}
