// Helpers shared by the browser tests. The server under test is started by
// e2e/run.sh, which exports PORTAL_BIN (the portal binary) and PORTAL_DB_DIR
// (the server's data dir) so that tests can change merchant settings the way
// an operator does; the running server notices within 5 s.
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));

/** Where shot() writes: web/e2e-results/screens (gitignored). */
export const screensDir = join(here, '..', 'e2e-results', 'screens');

/** The merchant every API call is made for (header `Merchant: demo`). */
export const MERCHANT = 'demo';

/**
 * Runs the portal binary as an operator against the server's data dir and
 * returns its standard output, e.g.
 *   operator(['merchant', 'set', 'demo', 'maintenance', 'on'])
 *   operator(['merchant', 'set', 'demo', 'blocked-ips', '127.0.0.1/32'])
 *   operator(['merchant', 'set', 'demo', 'blocked-ips', ''])
 * Throws (with the command's stderr) when it exits non-zero.
 */
export function operator(args: string[]): string {
  const bin = process.env.PORTAL_BIN;
  const data = process.env.PORTAL_DB_DIR;
  if (!bin || !data) {
    throw new Error('operator: PORTAL_BIN and PORTAL_DB_DIR must be set (run the tests with `make web-e2e`)');
  }
  return execFileSync(bin, args, {
    env: { ...process.env, PORTAL_DATA: data },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 30_000,
  });
}

/** Saves a full-page PNG screenshot to web/e2e-results/screens/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(screensDir, { recursive: true });
  const path = join(screensDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A way of looking at the site: language, theme and device. */
export type Look = {
  name: string;
  lang: string;
  theme: 'dark' | 'light';
  phone: boolean;
  /** A character of the language's script, found in the page's own text. */
  script: RegExp;
  dir: 'ltr' | 'rtl';
};

export const LOOKS = {
  desktopEnDark: { name: 'desktop-en-dark', lang: 'EN', theme: 'dark', phone: false, script: /[A-Za-z]/, dir: 'ltr' },
  desktopEnLight: { name: 'desktop-en-light', lang: 'EN', theme: 'light', phone: false, script: /[A-Za-z]/, dir: 'ltr' },
  phoneKmLight: { name: 'phone-km-light', lang: 'KM', theme: 'light', phone: true, script: /[\u1780-\u17FF]/, dir: 'ltr' },
  phoneArDark: { name: 'phone-ar-dark', lang: 'AR', theme: 'dark', phone: true, script: /[\u0600-\u06FF]/, dir: 'rtl' },
} satisfies Record<string, Look>;

/**
 * Opens path as a visitor in English who has already closed the public and
 * member announcements (the first page load of the tab only: later loads
 * keep what the test changed).
 */
export async function visitInEnglish(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('__init')) return;
    sessionStorage.setItem('__init', '1');
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    sessionStorage.setItem('USER_POPUP', 'closed');
  });
  await page.goto(path);
}

/** Dismisses the first-login announcements (execution F) if they come. */
export async function closeGreeting(page: Page): Promise<void> {
  const ok = page.getByRole('dialog').getByRole('button', { name: 'OK' });
  await ok.waitFor({ timeout: 3000 }).then(() => ok.click(), () => undefined);
}

/**
 * Logs player01 in through the log-in dialog, in English, with the public
 * announcements already closed, and dismisses a first-login greeting if one
 * comes. The page is on the site afterwards, logged in.
 */
export async function logInPlayer(page: Page, username = 'player01', password = 'Player@123'): Promise<void> {
  await visitInEnglish(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.member-name').first()).toHaveText(username);
  await closeGreeting(page);
}

/**
 * A new browser context sized for look's device with player01 logged in;
 * the look's language and theme apply from the next page loaded.
 */
export async function loggedInAs(browser: Browser, look: Look): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = await ctx.newPage();
  await logInPlayer(page);
  await page.evaluate(
    ([lang, theme]) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', theme);
    },
    [look.lang, look.theme] as const,
  );
  return { ctx, page };
}

/** RECEIPT_PNG is a 1x1 PNG to upload as a receipt: the server checks
 * receipts by their bytes, so it must be a real image. */
export const RECEIPT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

/**
 * totp is RFC 6238's code for a base32 secret at time t (30 s steps,
 * SHA-1, 6 digits), as an authenticator app shows it.
 */
export function totp(secret: string, t = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Uint8Array.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(Math.floor(t / 1000 / 30)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  const v = new DataView(h.buffer, h.byteOffset, h.byteLength).getUint32(o) & 0x7fffffff;
  return String(v % 1_000_000).padStart(6, '0');
}

/**
 * logInOperator makes an owner of demo on the shell and logs them in to
 * /admin on page: the one-time password changed, an authenticator set up.
 */
export async function logInOperator(page: Page, username: string): Promise<void> {
  const oneTime = operator(['operator', 'create', 'demo', username, '--role', 'owner']).match(/one-time password: (\S+)/)?.[1] ?? '';
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('New password', { exact: true }).fill('Owner2026pass');
  await page.getByLabel('Repeat the new password').fill('Owner2026pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByLabel('Authenticator code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
}

/** lastCode is the last SMS code sent to a number (+855...), read from the
 * dev outbox. */
export async function lastCode(page: Page, to: string): Promise<string> {
  let code = '';
  await expect(async () => {
    const res = await page.request.get('/dev/outbox');
    const body = (await res.json()) as { value: { content: { to: string; code: string }[] } };
    code = body.value.content.find((m) => m.to === to)?.code ?? '';
    expect(code).not.toBe('');
  }).toPass({ timeout: 5000 });
  return code;
}

/** solveCaptcha answers the captcha shown in scope, read from the dev
 * route. */
export async function solveCaptcha(page: Page, scope: Locator, label = 'Verification code'): Promise<void> {
  await expect(scope.getByRole('img', { name: 'Verification code image' })).toBeVisible();
  const res = await page.request.get('/dev/captcha/last');
  const body = (await res.json()) as { value: { text: string } };
  await scope.getByLabel(label, { exact: true }).fill(body.value.text);
}

/** registerByPhone registers a new member by mobile number (0 and eight
 * digits) on page, in English, and waits until the session is kept: the
 * member is logged in. */
export async function registerByPhone(page: Page, mobile: string, password: string): Promise<void> {
  await visitInEnglish(page, '/register');
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await dialog.getByLabel('Mobile number').fill(mobile);
  await solveCaptcha(page, dialog);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('SMS code').fill(await lastCode(page, `+855${mobile.replace(/^0/, '')}`));
  await dialog.getByLabel('New password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm new password').fill(password);
  await dialog.getByRole('button', { name: 'Register' }).click();
  // The header's name may show only an ellipsis on a phone while it loads.
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token')), { timeout: 20_000 }).not.toBeNull();
}
