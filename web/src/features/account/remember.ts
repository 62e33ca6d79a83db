// Remember-me keeps only the last username (or number) and whether it was
// an SMS log-in, in 1-day cookies (spec §4, §9). The old product also kept
// the password in a cookie; that puts it in every request and on disk in
// clear, so the password is never stored (decision 0012).
const DAY = 24 * 60 * 60;

function setCookie(name: string, value: string, maxAge: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

function cookie(name: string): string | null {
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

export function rememberLogin(user: string, sms: boolean): void {
  setCookie('loginRemember', '1', DAY);
  setCookie('loginTypeSms', sms ? '1' : '0', DAY);
  setCookie('loginUser', user, DAY);
}

export function forgetLogin(): void {
  for (const name of ['loginRemember', 'loginTypeSms', 'loginUser']) setCookie(name, '', 0);
}

export function rememberedLogin(): { user: string; sms: boolean } | null {
  if (cookie('loginRemember') !== '1') return null;
  return { user: cookie('loginUser') ?? '', sms: cookie('loginTypeSms') === '1' };
}
