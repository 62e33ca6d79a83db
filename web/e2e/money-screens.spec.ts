import { expect, test } from '@playwright/test';
import { LOOKS, loggedInAs, shot, type Look } from './support';

// Screens of the money pages (header balance, the three records) in the
// looks the guide asks for: a phone in Khmer with the light theme, a phone in
// Arabic (right to left) with the dark theme, a desktop in English light.
// Each asserts the page's own text rendered in its script, so boxes or a
// fallback to English fail the test, not just the picture.
const looks: Look[] = [LOOKS.phoneKmLight, LOOKS.phoneArDark, LOOKS.desktopEnLight];

for (const look of looks) {
  test(`money pages look right: ${look.name}`, async ({ browser }) => {
    const { ctx, page } = await loggedInAs(browser, look);
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
