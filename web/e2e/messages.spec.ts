import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { closeGreeting, LOOKS, operator, shot, totp, visitInEnglish, type Look } from './support';

// Messages to many members (issue 14 item 6, decision 0033): an operator
// sends one to every member from the back office's Messages screen; the
// member's open pages hear it on the socket and raise the unread badge
// without a reload; the member reads it (as text) and deletes it after a
// confirmation, and the badge and the list follow.

const looks: Look[] = [LOOKS.desktopEnLight, { ...LOOKS.phoneKmLight, name: 'phone-km-dark', theme: 'dark' }, LOOKS.phoneArDark];

// The words of each look the test reads back (the page's own catalogue).
const words: Record<string, { delete: RegExp }> = {
  EN: { delete: /^Delete$/ },
  KM: { delete: /^លុប$/ },
  AR: { delete: /^حذف$/ },
};


const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const ctx of opened.splice(0)) await ctx.close();
});

// adminLogIn makes an owner on the shell and logs them in to /admin.
async function adminLogIn(browser: Browser, username: string): Promise<Page> {
  const oneTime = operator(['operator', 'create', 'demo', username, '--role', 'owner']).match(/one-time password: (\S+)/)?.[1] ?? '';
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  opened.push(ctx);
  const page = await ctx.newPage();
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
  return page;
}

// memberIn is a new context sized for look with player01 logged in; the
// look's language and theme apply from the next page loaded. Like
// support's loggedInAs, with room for a slow log-in on a busy machine.
async function memberIn(browser: Browser, look: Look): Promise<Page> {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  opened.push(ctx);
  const page = await ctx.newPage();
  await visitInEnglish(page, '/login');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username', { exact: true }).fill('player01');
  await dialog.getByLabel('Password').fill('Player@123');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('token')), { timeout: 30_000 }).not.toBeNull();
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

const badge = (page: Page, n: number) => page.locator(`.count-badge[data-count="${n}"]`);

test('an operator broadcasts to every member; the member sees the badge, reads and deletes it', async ({ browser }) => {
  // A busy machine (two cores, other suites) answers slowly.
  test.setTimeout(300_000);
  const title = 'Weekend tournament';
  const body = '<b>Not bold</b>: the tournament opens on Saturday.';

  // player01's pages in each look, open on their messages before the send.
  const members: { look: Look; page: Page }[] = [];
  for (const look of looks) {
    const page = await memberIn(browser, look);
    await page.goto('/member?page=messageV2');
    await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
    members.push({ look, page });
  }

  const admin = await adminLogIn(browser, 'e2ebroadcaster');
  await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Messages' }).click();
  await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await admin.getByLabel('Audience').selectOption('all');
  await admin.getByRole('textbox', { name: 'Title' }).fill(title);
  await admin.getByRole('textbox', { name: 'Text' }).fill(body);
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(admin.getByRole('alertdialog')).toContainText('to all members');
  await admin.getByRole('button', { name: 'Send now' }).click();
  await expect(admin.getByText('Sent to all members.')).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('All members');
  await shot(admin, 'admin-messages');

  // Every open page hears it: the badge rises and the list shows it unread,
  // without a reload.
  for (const { look, page } of members) {
    await expect(badge(page, 1).first()).toBeAttached({ timeout: 10_000 });
    const item = page.locator('.message-item', { hasText: title });
    await expect(item).toHaveAttribute('data-unread', 'true');
    await expect(item).toHaveAttribute('data-kind', 'broadcast');
    // The page's own words, in the look's script (boxes or English fail).
    await expect(item.locator('.message-delete')).toHaveText(words[look.lang].delete);
    await expect(page.locator('.message-unread').first()).toContainText(look.script);
    await shot(page, `messages-unread-${look.name}`);
  }

  // Reading it on the desktop page: shown as text, the badge goes on every
  // page of the member.
  const { page } = members[0];
  await page.locator('.message-item', { hasText: title }).locator('.message-open').click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByText(body)).toBeVisible();
  await shot(page, 'messages-read-desktop-en-light');
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  for (const m of members) await expect(badge(m.page, 1)).toHaveCount(0, { timeout: 10_000 });
  await expect(page.locator('.message-item', { hasText: title })).toHaveAttribute('data-unread', 'false');

  // The back office counts the reader.
  await admin.reload();
  await expect(admin.getByRole('row', { name: new RegExp(title) }).getByRole('cell').last()).toHaveText('1');

  // Deleting asks first; then it is gone from the list.
  await page.getByRole('button', { name: `Delete “${title}”` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Delete “${title}”?`);
  await shot(page, 'messages-delete-desktop-en-light');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.message-item', { hasText: title })).toHaveCount(0);
  await page.reload();
  // Other specs of the suite may have left player01 messages of their own:
  // the list (or its empty state) is drawn, without this one.
  await expect(page.locator('.message-item').or(page.getByText('No messages yet.')).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.message-item', { hasText: title })).toHaveCount(0);
  await shot(page, 'messages-deleted-desktop-en-light');

  // The member's other pages no longer list it either.
  for (const m of members.slice(1)) {
    await m.page.reload();
        await expect(m.page.locator('.message-item', { hasText: title })).toHaveCount(0);
  }
});
