import { expect, test, type Page } from '@playwright/test';
import { LOOKS, RECEIPT_PNG, loggedInAs, shot, type Look } from './support';

// Deposits (issue 14): a member pays through the built-in payment-gateway
// simulator and sees the money arrive; a manual bank transfer is sent with
// its receipt for finance to confirm. Screens in Khmer (phone, light) and
// Arabic (phone, dark, right to left) besides English.

async function balanceOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('balance').first().textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

test('a member deposits through the payment simulator and sees it credited', async ({ browser }) => {
  const { ctx, page } = await loggedInAs(browser, LOOKS.desktopEnLight);
  await page.goto('/member?page=depositv2');
  await expect(page.getByTestId('balance').first()).toContainText(/\d\.\d\d/);
  const before = await balanceOf(page);
  await page.locator('label.cashier-channel', { hasText: 'PaySim e-wallet' }).click();
  await page.getByLabel(/^Amount/).fill('25');
  // 1% fee: 0.25 kept, 24.75 credited (previewed before confirming).
  await expect(page.getByText('24.75').first()).toBeVisible();
  await page.getByRole('button', { name: 'Confirm deposit' }).click();
  await expect(page.getByTestId('cashier-status')).toContainText('Waiting for payment');
  await page.getByRole('link', { name: 'Pay now' }).click();
  // The PSP's own page: pay, with its webhook sent three times.
  await expect(page.locator('body')).toContainText('25.00');
  await page.getByLabel(/duplicate/).check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('link', { name: /return/i }).click();
  await expect(page.getByTestId('cashier-status')).toContainText('Credited', { timeout: 20_000 });
  await expect.poll(() => balanceOf(page), { timeout: 10_000 }).toBeCloseTo(before + 24.75, 2);
  await shot(page, 'deposit-credited-desktop-en-light');
  await ctx.close();
});

const looks: Look[] = [LOOKS.phoneKmLight, LOOKS.phoneArDark];
for (const look of looks) {
  test(`a manual bank transfer is sent with its receipt: ${look.name}`, async ({ browser }) => {
    const { ctx, page } = await loggedInAs(browser, look);
    await page.goto('/member?page=depositv2');
    await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
    await expect(page.locator('label.cashier-channel').first()).toBeVisible();
    await shot(page, `deposit-channels-${look.name}`);
    await page.locator('label.cashier-channel', { hasText: 'ABA Bank' }).click();
    await page.locator('#cashier-amount').fill('10');
    await page.locator('form.cashier-amount button[type=submit]').click();
    await expect(page.locator('.cashier-order')).toHaveAttribute('data-status', 'pending');
    await expect(page.locator('.cashier-order')).toContainText('000123456');
    await page.locator('#cashier-reference').fill(`REF-${look.name}`);
    await page.locator('#cashier-proof').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
    await page.locator('form.cashier-submit button[type=submit]').click();
    await expect(page.locator('.cashier-order')).toHaveAttribute('data-status', 'submitted');
    // The receipt the member sent shows back (fetched with the session).
    await expect(page.locator('.cashier-proof img')).toBeVisible();
    // The page's own words, in the look's script (boxes or English fail).
    await expect(page.getByTestId('cashier-status')).toContainText(look.script);
    await shot(page, `deposit-submitted-${look.name}`);
    await ctx.close();
  });
}
