import { expect, test } from '@playwright/test';
import { logInPlayer, shot } from './support';

// The money flow against the real server: a member sees the balance, plays a
// round of a catalogue game (served by the vendor simulator through the
// signed seamless-wallet API), and finds it in the betting record.
test('a member plays a simulated vendor round and finds it in the betting record', async ({ page }) => {
  await logInPlayer(page);
  const balance = page.getByTestId('balance').first();
  await expect(balance).toContainText('10,000.00');

  await page.goto('/provider?vassalage=JDB');
  await page.locator('.game-tile .game-tile-art').first().click();
  const popup = page.locator('.game-popup');
  const frame = page.frameLocator('.game-popup iframe');
  await frame.getByRole('button', { name: 'Play round' }).click();
  await expect(frame.locator('#history li')).toHaveCount(1);
  await expect(frame.locator('#history li').first()).toContainText('OK');
  await shot(page, 'game-popup-simulator');
  // The header shows the balance the wallet answered the round with (a
  // round paying 1x its stake leaves it where it was, one in ten).
  const after = ((await frame.locator('#balance').textContent()) ?? '').match(/^(\d+)\.(\d\d)/);
  expect(after).not.toBeNull();
  const shown = `${Number(after![1]).toLocaleString('en-US')}.${after![2]}`;
  await popup.getByRole('button', { name: /close/i }).first().click();
  await expect(balance).toContainText(shown);

  await page.goto('/member?page=personalHistoryCopy');
  await expect(page.getByRole('cell', { name: /JDB Gaming/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Settled' }).first()).toBeVisible();
  await shot(page, 'betting-record');
  await page.goto('/member?page=transactionHistory');
  await expect(page.getByRole('cell', { name: /10\.00/ }).first()).toBeVisible();
  await shot(page, 'account-record');
});
