import { expect, test } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { logInPlayer, operator, RECEIPT_PNG, shot, totp } from './support';


// An owner made on the shell logs in to /admin for the first time: the
// one-time password is changed, an authenticator is set up from the QR
// code's key, and the audit trail shows what happened, exportable as CSV.
test('an operator made by the shell changes the password, sets up TOTP and reads the audit trail', async ({ page }) => {
  const out = operator(['operator', 'create', 'demo', 'e2eboss', '--role', 'owner']);
  const oneTime = out.match(/one-time password: (\S+)/)?.[1] ?? '';
  expect(oneTime).not.toBe('');

  await page.goto('/admin');
  await page.getByLabel('Username').fill('e2eboss');
  await page.getByLabel('Password', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'Log in' }).click();

  await page.getByLabel('New password', { exact: true }).fill('Boss2026pass');
  await page.getByLabel('Repeat the new password').fill('Boss2026pass');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await shot(page, 'admin-totp-setup');
  await page.getByLabel('Authenticator code').fill(totp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
  await expect(page.getByText('e2eboss').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Audit trail' }).click();
  await expect(page.getByRole('cell', { name: 'cli.operator.create' }).first()).toBeVisible();
  await shot(page, 'admin-audit');

  const csv = await page.request.get('/admin/api/audit.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('cli.operator.create');

  // The back office's code never reaches the player site's start-up.
  const home = await page.request.get('/');
  expect(await home.text()).not.toMatch(/assets\/admin|admin\.html/);
});

// opened are the browser contexts a test opened beside its own page: closed
// after it, so no back-office page keeps polling and no player page keeps
// its socket while later files run.
const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const ctx of opened.splice(0)) await ctx.close();
});

// newPage opens a page in a context of its own, closed after the test.
async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const ctx = await browser.newContext({ viewport });
  opened.push(ctx);
  return ctx.newPage();
}

// adminLogIn makes an owner on the shell and logs them in to /admin in a
// new browser context: one-time password changed, authenticator set up.
async function adminLogIn(browser: Browser, username: string, section = 'Approvals'): Promise<Page> {
  const oneTime = operator(['operator', 'create', 'demo', username, '--role', 'owner']).match(/one-time password: (\S+)/)?.[1] ?? '';
  const page = await newPage(browser);
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
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section }).click();
  return page;
}

// money reads "$10,012.34" as 1001234 minor units.
const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

// Two-person approval: one owner requests a credit, cannot approve it
// themselves, a second owner approves it, and the player sees it.
test('a balance adjustment takes effect only when a second operator approves it', async ({ browser }) => {
  const player = await newPage(browser, { width: 1280, height: 720 });
  await logInPlayer(player);
  const before = money(await player.getByTestId('balance').first().textContent());

  const maker = await adminLogIn(browser, 'e2emaker');
  await maker.getByLabel('Member username').fill('player01');
  await maker.getByLabel('Credit (add to the balance)').check();
  await maker.getByLabel('Amount', { exact: true }).fill('12.34');
  await maker.getByRole('textbox', { name: 'Reason' }).fill('goodwill after an outage');
  await maker.getByRole('button', { name: 'Review the request' }).click();
  await maker.getByRole('button', { name: 'Send for approval' }).click();
  await expect(maker.getByText(/was sent for approval/)).toBeVisible();
  const row = maker.getByRole('row').filter({ hasText: 'goodwill after an outage' });
  await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await shot(maker, 'admin-approvals-maker');

  const checker = await adminLogIn(browser, 'e2echecker');
  const pending = checker.getByRole('row').filter({ hasText: 'goodwill after an outage' });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await checker.getByRole('button', { name: 'Approve and apply' }).click();
  await expect(checker.getByText(/was approved and applied/)).toBeVisible();
  await shot(checker, 'admin-approvals-checker');

  await player.reload();
  await expect.poll(async () => money(await player.getByTestId('balance').first().textContent())).toBe(before + 1234);
  // Later files expect player01's balance as it was: put it right.
  operator(['wallet', 'adjust', 'demo', 'player01', '-12.34', '--reason', 'e2e approvals put right']);
});

// A frozen player is logged out on the site at once (the server pushes
// "logout" over the page's websocket) and cannot log in until unfrozen.
test('an operator freezes a player, who is logged out on the site at once', async ({ browser }) => {
  const player = await newPage(browser, { width: 1280, height: 720 });
  await logInPlayer(player);
  const admin = await adminLogIn(browser, 'e2efreezer', 'Players');
  try {
    await admin.getByRole('searchbox', { name: 'Search players' }).fill('player01');
    await admin.getByRole('searchbox', { name: 'Search players' }).press('Enter');
    await admin.getByRole('link', { name: 'player01', exact: true }).click();
    await admin.getByRole('button', { name: 'Freeze', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Reason' }).fill('chargeback under review');
    await admin.getByRole('button', { name: 'Freeze the player' }).click();
    await expect(admin.getByRole('button', { name: 'Unfreeze', exact: true })).toBeVisible();
    await shot(admin, 'admin-player-frozen');

    // No reload: the open page hears it and shows the visitor's header.
    await expect(player.getByRole('button', { name: 'Log in' }).first()).toBeVisible({ timeout: 5000 });
    await expect(player.locator('.member-name')).toHaveCount(0);
  } finally {
    await admin.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await admin.getByRole('textbox', { name: 'Reason' }).fill('review done');
    await admin.getByRole('button', { name: 'Unfreeze the player' }).click();
    await expect(admin.getByRole('button', { name: 'Freeze', exact: true })).toBeVisible();
  }
});

// Content: an announcement written in Khmer in the back office is on a
// visitor's screen at their next visit, with no restart and no cache to
// wait for.
test('an announcement published in Khmer reaches a visitor at once', async ({ browser }) => {
  const title = 'ព័ត៌មានថ្មីពីក្រុមការងារ';
  const admin = await adminLogIn(browser, 'e2econtent', 'Content');
  await admin.getByRole('tab', { name: 'Announcements' }).click();
  await admin.getByRole('button', { name: 'New announcement' }).click();
  const form = admin.getByRole('form', { name: 'New announcement' });
  await form.getByLabel('Title (KM)').fill(title);
  await form.getByRole('textbox', { name: 'Content (KM)' }).fill('សូមស្វាគមន៍មកកាន់គេហទំព័ររបស់យើង');
  await shot(admin, 'admin-content-announcement-km');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Saved. Players see it now.')).toBeVisible();

  // A new visitor: Khmer by default, the public announcements not yet seen.
  const visitor = await newPage(browser, { width: 390, height: 844 });
  await visitor.goto('/');
  const dialog = visitor.getByRole('dialog');
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 20 && !((await dialog.textContent()) ?? '').includes(title); i++) {
    await dialog.locator('.dialog-actions .button-primary').click();
  }
  await expect(dialog).toContainText(title);
  await expect(dialog).toContainText('សូមស្វាគមន៍មកកាន់គេហទំព័ររបស់យើង');
  await shot(visitor, 'visitor-announcement-km-phone');
});

// Reports: the GGR report's CSV carries the same rows as the screen.
test('an operator exports the GGR report as CSV', async ({ browser }) => {
  const admin = await adminLogIn(browser, 'e2ereports', 'Reports');
  await expect(admin.getByRole('table').first()).toBeVisible();
  await shot(admin, 'admin-reports');
  const link = admin.getByRole('link', { name: 'Export CSV' }).first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toContain('/admin/api/reports/ggr.csv');
  const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
  const path = await download.path();
  const csv = await admin.request.get(href);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(path).toBeTruthy();
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0].toLowerCase()).toContain('ggr');

  // The dashboard draws its figures and charts.
  await admin.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(admin.getByRole('heading', { name: 'Dashboard' }).first()).toBeVisible();
  await shot(admin, 'admin-dashboard');
});

// A message from the back office reaches the player's open page: the
// unread badge rises without a reload, and the message reads as text.
test('a message sent from a player record shows on the player site with its unread badge', async ({ browser }) => {
  const player = await newPage(browser, { width: 1280, height: 720 });
  await logInPlayer(player);
  const admin = await adminLogIn(browser, 'e2emessenger', 'Players');
  await admin.getByRole('searchbox', { name: 'Search players' }).fill('player01');
  await admin.getByRole('searchbox', { name: 'Search players' }).press('Enter');
  await admin.getByRole('link', { name: 'player01', exact: true }).click();
  await admin.getByRole('tab', { name: 'Messages' }).click();
  await admin.getByRole('textbox', { name: 'Title' }).fill('Welcome back');
  await admin.getByRole('textbox', { name: 'Text' }).fill('<b>Not bold</b>: your bonus is ready.');
  await admin.getByRole('button', { name: 'Send message' }).click();
  await expect(admin.getByText('The message was sent to player01.')).toBeVisible();
  await shot(admin, 'admin-player-record');

  await expect(player.getByRole('button', { name: /unread/ }).first()).toBeVisible({ timeout: 5000 });
  await player.goto('/member?page=messageV2');
  await expect(player.getByText('Welcome back').first()).toBeVisible();
  await player.getByText('Welcome back').first().click();
  await expect(player.getByText('<b>Not bold</b>: your bonus is ready.')).toBeVisible();
  await shot(player, 'member-messages');
});

test('finance approves a bank-transfer deposit and the player sees it credited', async ({ browser }) => {
  const player = await newPage(browser, { width: 1280, height: 720 });
  await logInPlayer(player);
  await player.goto('/member?page=depositv2');
  await player.locator('label.cashier-channel', { hasText: 'ABA Bank' }).click();
  await player.getByLabel(/^Amount/).fill('12');
  await player.getByRole('button', { name: 'Confirm deposit' }).click();
  await player.getByLabel('Transfer reference').fill('E2E-APPROVE');
  await player.locator('#cashier-proof').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: RECEIPT_PNG });
  await player.getByRole('button', { name: 'Send for confirmation' }).click();
  await expect(player.getByTestId('cashier-status')).toContainText('Waiting for confirmation');

  const admin = await adminLogIn(browser, 'e2efinance', 'Cashier');
  const row = admin.getByRole('row', { name: /E2E-APPROVE/ });
  await expect(row).toBeVisible();
  await shot(admin, 'admin-cashier-deposits');
  await row.getByRole('button', { name: 'Approve' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(/was approved and credited/)).toBeVisible();

  await expect(player.getByTestId('cashier-status')).toContainText('Credited', { timeout: 10_000 });
  await shot(player, 'member-deposit-approved');
});
