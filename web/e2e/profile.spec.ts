import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { LOOKS, closeGreeting, lastCode, screensDir, shot, solveCaptcha, visitInEnglish, type Look } from './support';

// The security centre (decision 0034): a member edits their nickname and
// verifies an e-mail address with a code (dev mode: codes are read from
// /dev/outbox). A member registered here, by phone, so that the seeded
// accounts other tests rely on keep their e-mail. Screens: desktop EN
// light, phone KM dark, phone AR (right to left).

// Registering and two code round trips take a while on a busy machine.
test.describe.configure({ timeout: 90_000 });



test('a member edits the nickname and verifies an e-mail address', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  // A fresh member, registered by phone.
  const national = `9${String(Date.now()).slice(-7)}`;
  await visitInEnglish(page, '/register');
  const reg = page.getByRole('dialog', { name: 'Register' });
  await reg.getByLabel('Mobile number').fill(`0${national}`);
  await solveCaptcha(page, reg);
  await reg.getByRole('button', { name: 'Send code' }).click();
  await reg.getByLabel('SMS code').fill(await lastCode(page, `+855${national}`));
  await reg.getByLabel('New password', { exact: true }).fill('Phone@2026');
  await reg.getByLabel('Confirm new password').fill('Phone@2026');
  await reg.getByRole('button', { name: 'Register' }).click();
  await expect(page.locator('.member-name').first()).toHaveText(national, { timeout: 20_000 });
  await closeGreeting(page);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto('/member?page=securityCenter');

  // The nickname.
  const profile = page.locator('section.profile');
  await profile.getByRole('button', { name: 'Edit profile' }).click();
  await profile.getByLabel('Nickname').fill('Lucky 7');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.locator('.field-error')).toBeVisible();
  await profile.getByLabel('Nickname').fill('Lucky7');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Your profile has been saved.');
  await expect(page.getByTestId('profile-nickname')).toContainText('Lucky7');

  // The e-mail address.
  const email = page.getByTestId('contact-email');
  await expect(email).toContainText('Not verified');
  await email.getByRole('button', { name: 'Verify' }).click();
  const address = `m${national}@example.com`;
  await email.locator('#contact-email').fill(address);
  await solveCaptcha(page, email);
  await email.getByRole('button', { name: 'Send code' }).click();
  await expect(email.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await email.locator('#contact-email-code').fill(await lastCode(page, address));
  await shot(page, 'profile-verify-email-desktop-en-light');
  await email.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(email.getByRole('status')).toHaveText('Verified: it is now yours.');
  await expect(email.locator('.profile-tag')).toHaveText('Verified');
  await expect(page.getByTestId('contact-mobile').locator('.profile-tag')).toHaveText('Verified');
  await shot(page, 'profile-desktop-en-light');
  await page.locator('section.profile').screenshot({ path: join(screensDir, 'profile-section-desktop-en-light.png') });
  await page.locator('section.contact').screenshot({ path: join(screensDir, 'profile-contact-desktop-en-light.png') });
  await ctx.close();
});

// asPlayer is support's loggedInAs with room for a slow log-in (argon2 on
// a busy machine): player01 in a context sized for look, whose language
// and theme apply from the next page.
async function asPlayer(browser: Browser, look: Look): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await visitInEnglish(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill('player01');
  await dialog.getByLabel('Password').fill('Player@123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.member-name').first()).toHaveText('player01', { timeout: 30_000 });
  await closeGreeting(page);
  await page.evaluate(([lang, theme]) => {
    localStorage.setItem('lang', lang);
    localStorage.setItem('theme', theme);
  }, [look.lang, look.theme] as const);
  return { ctx, page };
}

const phoneKmDark: Look = { ...LOOKS.phoneKmLight, name: 'phone-km-dark', theme: 'dark' };
for (const look of [phoneKmDark, LOOKS.phoneArDark]) {
  test(`the security centre's profile: ${look.name}`, async ({ browser }) => {
    const { ctx, page } = await asPlayer(browser, look);
    await page.goto('/member?page=securityCenter');
    await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
    const profile = page.locator('section.profile');
    await expect(profile.locator('h3')).toContainText(look.script, { timeout: 30_000 });
    await expect(page.getByTestId('contact-mobile').locator('.profile-tag')).toContainText(look.script, { timeout: 30_000 });
    await profile.locator('button.button-primary').click();
    await expect(profile.locator('form')).toBeVisible();
    await shot(page, `profile-edit-${look.name}`);
    // The sections alone, at the size a person sees them.
    await profile.screenshot({ path: join(screensDir, `profile-form-${look.name}.png`) });
    await page.getByTestId('contact-mobile').locator('..').screenshot({ path: join(screensDir, `profile-contact-${look.name}.png`) });
    await ctx.close();
  });
}
