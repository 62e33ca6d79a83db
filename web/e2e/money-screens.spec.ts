import { expect, test, type Browser } from '@playwright/test';
import { shot } from './support';

// Screens of the money pages (header balance, the three records) in the
// looks the guide asks for: a phone in Khmer with the light theme, a phone in
// Arabic (right to left) with the dark theme, a desktop in English light.
// Each asserts the page's own text rendered in its script, so boxes or a
// fallback to English fail the test, not just the picture.
const looks = [
  { name: 'phone-km-light', lang: 'KM', theme: 'light', phone: true, script: /[\u1780-\u17FF]/, dir: 'ltr' },
  { name: 'phone-ar-dark', lang: 'AR', theme: 'dark', phone: true, script: /[\u0600-\u06FF]/, dir: 'rtl' },
  { name: 'desktop-en-light', lang: 'EN', theme: 'light', phone: false, script: /[A-Za-z]/, dir: 'ltr' },
] as const;

async function loggedIn(browser: Browser, look: (typeof looks)[number]) {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    if (sessionStorage.getItem('__init')) return;
    sessionStorage.setItem('__init', '1');
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    sessionStorage.setItem('USER_POPUP', 'closed');
  });
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill('player01');
  await dialog.getByLabel('Password').fill('Player@123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('balance').first()).toBeVisible();
  const ok = page.getByRole('dialog').getByRole('button', { name: 'OK' });
  await ok.waitFor({ timeout: 3000 }).then(() => ok.click(), () => undefined);
  await page.evaluate(([lang, theme]) => {
    localStorage.setItem('lang', lang);
    localStorage.setItem('theme', theme);
  }, [look.lang, look.theme] as const);
  return { ctx, page };
}

for (const look of looks) {
  test(`money pages look right: ${look.name}`, async ({ browser }) => {
    const { ctx, page } = await loggedIn(browser, look);
    for (const [screen, path] of [
      ['betting-record', '/member?page=personalHistoryCopy'],
      ['account-record', '/member?page=transactionHistory'],
      ['profit-loss', '/member?page=personalProfit'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
      await expect(page.getByRole('button').filter({ hasText: look.script }).first()).toBeVisible();
      await expect(page.locator('table, .empty-state').first()).toBeVisible();
      await shot(page, `${screen}-${look.name}`);
    }
    await page.goto('/');
    await expect(page.getByTestId('balance').first()).toContainText(/\d\.\d\d/);
    await shot(page, `home-balance-${look.name}`);
    await ctx.close();
  });
}
