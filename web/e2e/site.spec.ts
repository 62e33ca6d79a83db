import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test, type Page } from '@playwright/test';
import { operator, shot } from './support';

// Every test starts as a fresh visitor who has already closed the public
// announcements (one test checks those), in English unless it says so.
async function visit(page: Page, path: string, opts: { lang?: string; theme?: string; announcements?: boolean } = {}) {
  await page.addInitScript(
    ([lang, theme, ann]) => {
      if (sessionStorage.getItem('__init')) return;
      sessionStorage.setItem('__init', '1');
      if (lang) localStorage.setItem('lang', lang);
      if (theme) localStorage.setItem('theme', theme);
      if (!ann) sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
    },
    [opts.lang ?? 'EN', opts.theme ?? 'dark', opts.announcements ? '1' : ''] as const,
  );
  await page.goto(path);
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('home lobby shows notices, banners, winners, categories, blocks and the 18+ footer', async ({ page }) => {
  const errors = watchErrors(page);
  await visit(page, '/');
  await expect(page.locator('.marquee')).toBeVisible();
  await expect(page.locator('.banner-carousel img').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Latest big wins' })).toBeVisible();
  await expect(page.locator('.winner-pair').first().locator('.winner')).toHaveCount(2);
  const blocks = await page.locator('.block h2').allTextContents();
  expect(blocks).toEqual(['Hot', 'Slots', 'Live casino', 'Fishing', 'Sports', 'E-sports', 'Card games', 'Cockfight', 'Originals', 'Lottery']);
  expect(await page.locator('#block-HOT ~ .carousel-row .game-tile, .block:first-child .game-tile').count()).toBeLessThanOrEqual(12);
  await expect(page.locator('.site-footer')).toContainText('18 or older');
  await expect(page.locator('.footer-logos img')).toHaveCount(8);
  await shot(page, 'home-desktop-dark-en');
  expect(errors).toEqual([]);
});

test('public announcements open once per session', async ({ page }) => {
  await visit(page, '/', { announcements: true });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  while (await dialog.getByRole('button', { name: 'Next' }).isVisible()) await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('.marquee')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('notice list pages by 8 and toggles a notice', async ({ page }) => {
  await visit(page, '/');
  await page.locator('.marquee').click();
  const dialog = page.getByRole('dialog', { name: 'Notices' });
  await expect(dialog).toBeVisible();
  expect(await dialog.locator('.notice-item').count()).toBeLessThanOrEqual(8);
  const first = dialog.locator('.notice-head').first();
  await expect(first.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'false');
});

test('/login shows home, moves to / and opens the login popup; a member logs in', async ({ page }) => {
  await visit(page, '/login');
  await expect(page).toHaveURL(/\/$/);
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await shot(page, 'login-popup');
  await dialog.getByLabel('Username', { exact: true }).fill('player01');
  await dialog.getByLabel('Password').fill('Player@123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.member-name')).toHaveText('player01');
  await expect(page.locator('.vip-label')).toHaveText('VIP3');
});

test('/register opens the registration form from the merchant rules', async ({ page }) => {
  await visit(page, '/register');
  const dialog = page.getByRole('dialog', { name: 'Register' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Username' }).click();
  await expect(dialog.getByLabel(/^Username/)).toBeVisible();
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await dialog.getByRole('checkbox').uncheck();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.locator('.field-error').first()).toBeVisible();
  await shot(page, 'register-popup');
});

test('/help#term opens the help center on the terms', async ({ page }) => {
  await visit(page, '/help#term');
  const dialog = page.getByRole('dialog', { name: 'Help center' });
  await expect(dialog.locator('article#term')).toBeVisible();
});

test('a login-only route sends a visitor to the login popup', async ({ page }) => {
  await visit(page, '/member');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
});

test('game lobby: vendor and classify filters, tabs, search and load more', async ({ page }) => {
  const errors = watchErrors(page);
  await visit(page, '/rng');
  const tiles = page.locator('.game-tile');
  await expect(tiles).toHaveCount(18);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(tiles).toHaveCount(36);
  await page.getByRole('button', { name: 'JILI' }).click();
  await expect(tiles.first().locator('.game-vendor')).toHaveText('JL');
  await page.getByRole('button', { name: 'Jackpots' }).click();
  await expect(tiles.first()).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('button', { name: 'JILI' })).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('tab', { name: 'Hot' }).click();
  await expect(tiles.first().locator('.badge-hot')).toBeVisible();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('tab', { name: 'All' }).click();
  await page.getByRole('searchbox').fill('zzzz-nothing');
  await expect(page.getByText('No games found.')).toBeVisible();
  await shot(page, 'lobby-rng-empty-search');
  expect(errors).toEqual([]);
});

test('/provider?vassalage= pre-selects the vendor, with numbered pages', async ({ page }) => {
  await visit(page, '/provider?vassalage=PG');
  await expect(page.getByRole('button', { name: 'PG Soft' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.pagination')).toBeVisible();
  await page.locator('.pagination').getByRole('button', { name: '2', exact: true }).click();
  await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
});

test('home search switches to SEARCH and back to HOME', async ({ page }) => {
  await visit(page, '/');
  await page.locator('.home-search input').fill('panda');
  await expect(page.locator('.game-tile').first()).toContainText(/panda/i);
  await expect(page.getByRole('heading', { name: 'Latest big wins' })).toHaveCount(0);
  await page.locator('.home-search input').fill('');
  await expect(page.getByRole('heading', { name: 'Latest big wins' })).toBeVisible();
});

for (const [lang, tag, dir, sample] of [
  ['KM', 'km', 'ltr', /[\u1780-\u17FF]/],
  ['CN', 'zh-Hans', 'ltr', /[\u4e00-\u9fff]/],
  ['AR', 'ar', 'rtl', /[\u0600-\u06FF]/],
] as const) {
  test(`language switch to ${lang}`, async ({ page }) => {
    await visit(page, '/');
    await page.locator('#header-language').selectOption(lang);
    await expect(page.locator('html')).toHaveAttribute('lang', tag);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.locator('.block h2').first()).toHaveText(sample);
    // The lobby data follows: game names come back in the language where the catalogue has one.
    expect(await page.evaluate(() => localStorage.getItem('lang') + '/' + localStorage.getItem('hisLang'))).toBe(`${lang}/${lang}`);
    await shot(page, `home-${lang.toLowerCase()}`);
  });
}

test('Khmer is the default for a device in another language', async ({ browser }) => {
  const ctx = await browser.newContext({ locale: 'sw-KE' });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  await ctx.close();
});

test('theme switch is applied and remembered', async ({ page }) => {
  await visit(page, '/', { theme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await shot(page, 'home-desktop-light-en');
});

test('maintenance page, then blocked-region page, from operator commands', async ({ page }) => {
  test.setTimeout(60_000);
  try {
    operator(['merchant', 'set', 'demo', 'maintenance', 'on']);
    await expect(async () => {
      await visit(page, '/');
      await expect(page.getByTestId('maintenance')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('maintenance').getByRole('button', { name: 'Customer service' })).toBeVisible();
    await shot(page, 'maintenance');
    operator(['merchant', 'set', 'demo', 'maintenance', 'off']);
    operator(['merchant', 'set', 'demo', 'blocked-ips', '127.0.0.1/32']);
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('blocked')).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('blocked')).toContainText('127.0.0.1');
    await shot(page, 'blocked');
  } finally {
    operator(['merchant', 'set', 'demo', 'maintenance', 'off']);
    operator(['merchant', 'set', 'demo', 'blocked-ips', '']);
  }
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.marquee')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
});

test('phone: the side menu is a drawer', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'km-KH' });
  const page = await ctx.newPage();
  await page.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  await page.goto('/');
  await expect(page.locator('.side-menu')).not.toBeInViewport();
  await page.locator('.menu-button').click();
  await expect(page.locator('.side-menu')).toBeInViewport();
  await shot(page, 'phone-km-menu');
  await page.locator('.drawer-scrim').click({ position: { x: 370, y: 400 } });
  await shot(page, 'phone-km-home');
  await ctx.close();
});

for (const path of ['/', '/rng']) {
  test(`no serious or critical accessibility violations on ${path}`, async ({ page }) => {
    await visit(page, path);
    await expect(page.locator('.game-tile').first()).toBeVisible();
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
  });
}

test("another merchant's domain shows that merchant's site", async () => {
  // lucky.portal.test is lucky's main domain; the browser is pointed at the
  // test server for it, as DNS would point it at a real one.
  const base = new URL(process.env.PORTAL_E2E_URL ?? 'http://127.0.0.1:8091');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--host-resolver-rules=MAP lucky.portal.test ${base.hostname}`],
  });
  const page = await browser.newPage({ locale: 'sw-KE' });
  await page.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  await page.goto(`http://lucky.portal.test:${base.port}/`);
  // lucky's default language is English and it supports four languages.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('#header-language option')).toHaveCount(4);
  expect(await page.evaluate(() => localStorage.getItem('merchant'))).toBe('lucky');
  await shot(page, 'lucky-home');
  // lucky runs no points mall: the page says so instead of an empty shop.
  await page.goto(`http://lucky.portal.test:${base.port}/pointMall`);
  await expect(page.getByText('This site has no points mall.')).toBeVisible();
  await browser.close();
});
