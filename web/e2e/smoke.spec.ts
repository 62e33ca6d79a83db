import { expect, test } from '@playwright/test';

test('home page loads with a theme and without page errors', async ({ page }) => {
  const errors: Error[] = [];
  page.on('pageerror', (err) => errors.push(err));

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', /.*/);

  expect(errors, errors.map((e) => e.message).join('\n')).toEqual([]);
});
