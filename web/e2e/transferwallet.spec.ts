import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LOOKS, closeGreeting, shot, visitInEnglish, type Look } from './support';

// Transfer wallets (issue 14, decision 0031): the demo merchant's SABA and
// CMD keep wallets of their own. A member moves money from the main wallet
// into SABA's, sees both balances change, then recalls everything with one
// click. Screens in English (desktop, light), Khmer (phone, dark) and
// Arabic (phone, dark, right to left).

// loggedInAs, with room for a loaded machine: the log-in hashes a password
// and may take longer than the shared helper waits.
async function loggedInAs(browser: Browser, look: Look): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = await ctx.newPage();
  await visitInEnglish(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill('player01');
  await dialog.getByLabel('Password').fill('Player@123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.member-name').first()).toHaveText('player01', { timeout: 30_000 });
  await closeGreeting(page);
  await page.evaluate(
    ([lang, theme]) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', theme);
    },
    [look.lang, look.theme] as const,
  );
  return { ctx, page };
}

function amountOf(text: string | null): number {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

async function saba(page: Page): Promise<number> {
  return amountOf(await page.getByTestId('wallet-SABA').locator('.wallet-amount').textContent());
}

const looks: Look[] = [LOOKS.desktopEnLight, { ...LOOKS.phoneKmLight, name: 'phone-km-dark', theme: 'dark' }, LOOKS.phoneArDark];
for (const look of looks) {
  test(`a member moves money into a transfer vendor and recalls it: ${look.name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { ctx, page } = await loggedInAs(browser, look);
    await page.goto('/member?page=transferFund');
    await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
    const rows = page.getByTestId('wallet-rows');
    await expect(rows.getByTestId('wallet-SABA')).toBeVisible({ timeout: 20_000 });
    await expect(rows.getByTestId('wallet-CMD')).toBeVisible();
    await expect(rows.getByTestId('wallet-main')).toContainText(/\d\.\d\d/);
    const before = await saba(page);

    await page.locator('#transfer-from').selectOption('main');
    await page.locator('#transfer-to').selectOption('SABA');
    await page.locator('#transfer-amount').fill('12.5');
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-result')).toHaveClass(/transfer-done/, { timeout: 15_000 });
    // The page's own words, in the look's script (boxes or English fail).
    await expect(page.getByTestId('transfer-result')).toContainText(look.script);
    await expect.poll(() => saba(page), { timeout: 10_000 }).toBeCloseTo(before + 12.5, 2);
    await shot(page, `transferwallet-moved-${look.name}`);

    await page.getByTestId('recall-all').click();
    await expect(page.getByTestId('recall-result')).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => saba(page), { timeout: 10_000 }).toBe(0);
    await shot(page, `transferwallet-recalled-${look.name}`);
    await ctx.close();
  });
}
