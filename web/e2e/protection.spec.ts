import { expect, test, type Browser, type Page } from '@playwright/test';
import { join } from 'node:path';
import { LOOKS, closeGreeting, registerByPhone, screensDir, shot, type Look } from './support';

// Player protection (issue 14 item 9, decision 0032): a member sets a daily
// deposit limit in "Responsible gaming" (My account) and a deposit past it
// is refused. Each look registers a member of its own, so the limit set
// here never reaches player01 and the other specs' deposits.

const looks: Look[] = [
  LOOKS.desktopEnLight,
  { ...LOOKS.phoneKmLight, name: 'phone-km-dark', theme: 'dark' },
  LOOKS.phoneArDark,
];

// The words of each look the test reads back (the page's own catalogue).
const words: Record<string, { save: RegExp; limitDay: RegExp; refused: RegExp }> = {
  EN: { save: /^Save$/, limitDay: /Deposit limit per day/, refused: /would pass the deposit limit you set/ },
  KM: { save: /^រក្សាទុក$/, limitDay: /ដែនកំណត់ដាក់ប្រាក់ក្នុងមួយថ្ងៃ/, refused: /លើសដែនកំណត់ដាក់ប្រាក់/ },
  AR: { save: /^حفظ$/, limitDay: /حد الإيداع اليومي/, refused: /سيتجاوز حد الإيداع/ },
};



// registered is a new browser context sized for look with a member of its
// own registered by mobile number and logged in; the look's language and
// theme apply from the next page loaded.
async function registered(browser: Browser, look: Look, mobile: string): Promise<Page> {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  const page = await ctx.newPage();
  await registerByPhone(page, mobile, 'Limit@2026');
  await closeGreeting(page);
  await page.evaluate(
    ([lang, theme]) => {
      localStorage.setItem('lang', lang);
      localStorage.setItem('theme', theme);
    },
    [look.lang, look.theme] as const,
  );
  return page;
}

for (const [i, look] of looks.entries()) {
  test(`a deposit past the member's own daily limit is refused: ${look.name}`, async ({ browser }) => {
    test.setTimeout(90_000);
    const w = words[look.lang];
    const page = await registered(browser, look, `09712${Date.now().toString().slice(-3)}${i}`);
    await page.goto('/member?page=securityCenter');
    await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
    const section = page.locator('section.protection');
    await expect(section).toBeVisible();
    const row = section.locator('li.protection-limit').filter({ hasText: w.limitDay });
    await row.locator('input').fill('20');
    await row.getByRole('button', { name: w.save }).click();
    await expect(page.getByTestId('current-depositDay')).toContainText('20.00');
    // A raise waits: the new value shows as pending with its time.
    await row.locator('input').fill('50');
    await row.getByRole('button', { name: w.save }).click();
    await expect(row.getByRole('status')).toContainText('50.00');
    await expect(page.getByTestId('current-depositDay')).toContainText('20.00');
    await expect(section).toContainText(look.script);
    await section.scrollIntoViewIfNeeded();
    await shot(page, `protection-limits-${look.name}`);
    // The section alone, to look at its script and layout closely.
    await section.screenshot({ path: join(screensDir, `protection-section-${look.name}.png`) });

    await page.goto('/member?page=depositv2');
    await page.locator('label.cashier-channel', { hasText: 'ABA Bank' }).click();
    await page.locator('#cashier-amount').fill('25');
    await page.locator('form.cashier-amount button[type=submit]').click();
    const refusal = page.locator('form.cashier-amount .form-error, .cashier-new .form-error').first();
    await expect(refusal).toContainText(w.refused);
    await shot(page, `protection-deposit-refused-${look.name}`);
    await page.locator('form.cashier-amount').screenshot({ path: join(screensDir, `protection-refusal-${look.name}.png`) });
    // Within the limit it goes through.
    await page.locator('#cashier-amount').fill('15');
    await page.locator('form.cashier-amount button[type=submit]').click();
    await expect(page.locator('.cashier-order')).toHaveAttribute('data-status', 'pending');
    await page.context().close();
  });
}
