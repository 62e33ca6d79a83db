import { expect, test, type Browser, type Page } from '@playwright/test';
import { LOOKS, closeGreeting, loggedInAs, logInOperator, registerByPhone, shot, type Look } from './support';

// Promotions and loyalty (issue 16, slice 1), the "done when": an
// operator composes a first-deposit bonus and a points gift and sets a
// weekly cashback and a claimable rebate in the back office; a new member
// deposits, claims the bonus, watches its wagering while playing until it
// turns into cash, claims the rebate, claims the points gift, redeems
// points for cash, and the operator approves the redemption. Then every
// new screen is photographed in Khmer (phone, light) and Arabic (phone,
// dark, right to left).

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = String(Date.now()).slice(-6);
const BONUS = `Welcome bonus ${stamp}`;
const GIFT = `Points gift ${stamp}`;
const PAYMENT_PASSWORD = '864213';

let admin: Page;

async function numberIn(text: string | null): Promise<number> {
  return Number((text ?? '').replace(/[^\d.]/g, ''));
}

// compose fills the builder with one promotion and makes it live.
async function compose(page: Page, p: { kind: string; title: string; reward: string; amount: string; wagering?: string; minDeposit?: string }) {
  await page.getByRole('button', { name: 'New promotion' }).click();
  const form = page.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Kind', { exact: true }).selectOption(p.kind);
  if (p.minDeposit) await form.getByLabel(/^Minimum deposit/).fill(p.minDeposit);
  await form.getByLabel('Reward kind').selectOption(p.reward);
  // Deposit kinds offer a percent of the deposit; these are fixed amounts.
  const mode = form.getByRole('combobox', { name: 'Amount' });
  if (await mode.count()) await mode.selectOption('fixed');
  await form.getByLabel(/^Reward \(/).fill(p.amount);
  if (p.wagering) {
    await form.getByLabel('Wagering (times the bonus)').fill(p.wagering);
    await form.getByLabel('Bonus expires after (days)').fill('7');
  }
  for (const [tab, title] of [
    ['English', p.title],
    ['Khmer', `ប្រូម៉ូសិន ${p.title}`],
    ['Chinese', `优惠 ${p.title}`],
  ]) {
    await form.getByRole('tab', { name: tab }).click();
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Summary').fill(`${title}: claim it from the promotions page.`);
    await form.getByLabel('Body (HTML)').fill(`<p>${title}</p><script>alert(1)</script>`);
  }
  await form.getByRole('tab', { name: 'English' }).click();
  // The player's view beside the form, without the script.
  await expect(page.locator('.pr-preview, [aria-label="Player\'s view"]').first()).toContainText(p.title);
  await shot(page, `admin-promotion-builder-${p.kind}-desktop-en-light`);
  await form.getByRole('button', { name: 'Create draft' }).click();
  const row = page.locator('tr', { hasText: p.title });
  await expect(row).toContainText('Draft');
  await row.getByRole('button', { name: 'Go live' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Live');
}

test('an operator composes a first-deposit bonus and a points gift, and sets a weekly cashback and a claimable rebate', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  admin = await ctx.newPage();
  await logInOperator(admin, `e2epromo${stamp}`);
  await admin.goto('/admin/promotions');
  await expect(admin.getByRole('heading', { name: 'Promotions' })).toBeVisible();
  await compose(admin, { kind: 'first_deposit', title: BONUS, reward: 'bonus', amount: '5', wagering: '1', minDeposit: '10' });
  await compose(admin, { kind: 'free', title: GIFT, reward: 'points', amount: '1000' });
  await shot(admin, 'admin-promotions-list-desktop-en-light');

  // Rates: the seeded claimable rebate on slots goes up to 10 % on every
  // game (the in-house games the member plays are not slots), and a weekly
  // cashback on fishing games is added.
  await admin.getByRole('tab', { name: 'Rebate' }).click();
  const manual = admin.locator('tbody tr').filter({ has: admin.locator('option:checked', { hasText: 'Claimed by the member' }) });
  await expect(manual).toHaveCount(1);
  await manual.getByLabel(/^Game type/).selectOption('');
  await manual.getByLabel(/^Rate \(%\)/).fill('10');
  await admin.getByRole('button', { name: 'Add rate' }).click();
  const added = admin.locator('tbody tr').last();
  await added.getByLabel(/^Kind/).selectOption('cashback');
  await added.getByLabel(/^Game type/).selectOption('FISH');
  await added.getByLabel(/^Period/).selectOption('weekly');
  await added.getByLabel(/^Mode/).selectOption('auto');
  await added.getByLabel(/^Rate \(%\)/).fill('8');
  await admin.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Saved.')).toBeVisible();
  await shot(admin, 'admin-rebate-rates-desktop-en-light');
});

test('a member claims the bonus, plays it through, claims the rebate and redeems points', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  const mobile = `09${stamp}1`;
  await registerByPhone(page, mobile, 'Promo@2026');
  await closeGreeting(page);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // A first deposit of 25.00 through the payment simulator (24.75 after the fee).
  await page.goto('/member?page=depositv2');
  await page.locator('label.cashier-channel', { hasText: 'PaySim e-wallet' }).click();
  await page.getByLabel(/^Amount/).fill('25');
  await page.getByRole('button', { name: 'Confirm deposit' }).click();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('link', { name: /return/i }).click();
  await expect(page.getByTestId('cashier-status')).toContainText('Credited', { timeout: 20_000 });

  // The bonus: listed with Claim, claimed from its page after a confirm
  // that names the wagering.
  await page.goto('/promotions');
  const card = page.locator('article', { hasText: BONUS });
  await expect(card.getByRole('button', { name: 'Claim' })).toBeVisible();
  await shot(page, 'promotions-desktop-en-light');
  await card.getByRole('link').first().click();
  await expect(page).toHaveURL(/promotionDetail\?id=\d+/);
  await expect(page.locator('main')).not.toContainText('alert(1)');
  await page.getByRole('button', { name: 'Claim' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('wagered 1 times');
  await shot(page, 'promotion-claim-confirm-desktop-en-light');
  await confirm.getByRole('button', { name: /Claim|Confirm|OK/ }).last().click();
  await expect(page.getByText(/is yours/)).toBeVisible();

  // Bonus details: running, nothing wagered yet.
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByText('Running').first()).toBeVisible();
  await expect(page.getByText(/Wagered 0\.00 of 5\.00/)).toBeVisible();

  // Spins of 1.00 on the in-house slot count towards the 5.00 wagering.
  const spin = async (times: number) => {
    await page.goto('/provider?vassalage=PGE');
    await page.getByRole('button', { name: 'Play Portal Fortune Reels' }).click();
    const frame = page.frameLocator('.game-popup iframe');
    await expect(frame.getByTestId('inhouse-balance')).toContainText(/\d\.\d\d/);
    for (let i = 0; i < times; i++) {
      const played = page.waitForResponse((r) => r.url().includes('/inhouse/play') && r.request().method() === 'POST');
      await frame.getByRole('button', { name: /^Spin$/ }).click();
      expect(((await (await played).json()) as { success: boolean }).success).toBe(true);
      await frame.locator('.pge-stage button.button-ghost').click({ timeout: 1000 }).catch(() => undefined);
      await expect(frame.locator('.pge-play')).toBeEnabled({ timeout: 20_000 });
    }
  };
  await spin(2);
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByText(/Wagered 2\.00 of 5\.00 \(40%\)/)).toBeVisible();
  await shot(page, 'bonus-details-running-desktop-en-light');
  await spin(3);
  await page.goto('/member?page=bonusDetails');
  await expect(page.getByText('No bonus is running.')).toBeVisible();
  await expect(page.getByText('Converted').first()).toBeVisible();
  await shot(page, 'bonus-details-converted-desktop-en-light');

  // The claimable rebate: 10 % of the slot's valid bets, added at once.
  await page.goto('/member?page=manualRebate');
  const claim = page.getByRole('button', { name: 'Claim', exact: true });
  await expect(claim).toBeEnabled();
  const before = await numberIn(await page.getByTestId('balance').first().textContent());
  await claim.click();
  await expect(page.getByText(/added to your balance/)).toBeVisible();
  await expect.poll(async () => numberIn(await page.getByTestId('balance').first().textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
  await shot(page, 'manual-rebate-desktop-en-light');

  // The points gift waits in the reward centre, counted on its badge.
  await page.goto('/member?page=rewardCenter');
  const waiting = page.locator('li, tr', { hasText: GIFT }).first();
  await expect(waiting).toBeVisible();
  // The badge counts every reward waiting (the seeded deposit promotion's
  // too), and one less once the gift is claimed.
  const badge = page.locator('.member-nav a[href*="rewardCenter"] .count-badge');
  const count = Number(await badge.getAttribute('data-count'));
  expect(count).toBeGreaterThanOrEqual(1);
  await shot(page, 'reward-centre-desktop-en-light');
  await waiting.getByRole('button', { name: 'Claim' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Claim|Confirm|OK/ }).last().click();
  await expect(page.locator('tr', { hasText: GIFT })).toContainText('Claimed');
  if (count > 1) await expect(badge).toHaveAttribute('data-count', String(count - 1));
  else await expect(badge).toHaveCount(0);

  // A payment password, then 1,000 points redeemed for 10.00 cash.
  await page.goto('/member?page=securityCenter');
  const pp = page.getByTestId('payment-password-section');
  await pp.getByRole('button', { name: 'Set payment password' }).click();
  await pp.getByLabel('Login password', { exact: true }).fill('Promo@2026');
  await pp.getByLabel('New payment password', { exact: true }).fill(PAYMENT_PASSWORD);
  await pp.getByLabel('Repeat the new payment password', { exact: true }).fill(PAYMENT_PASSWORD);
  await pp.getByRole('button', { name: 'Save' }).click();
  await expect(pp.getByText('Your payment password was saved.')).toBeVisible();
  await page.goto('/pointMall');
  await expect(page.getByText('Points never expire.')).toBeVisible();
  const item = page.locator('article, li', { hasText: 'Cash 10.00' }).first();
  await item.getByRole('button', { name: 'Redeem' }).click();
  const redeem = page.getByRole('dialog');
  await redeem.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await shot(page, 'point-mall-redeem-desktop-en-light');
  await redeem.getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByText('Redeem request sent.')).toBeVisible();
  await redeem.getByRole('button').last().click();
  await expect(redeem).toHaveCount(0);
  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await expect(page.locator('tr', { hasText: 'Cash 10.00' }).first()).toContainText('In process');

  // Marketing approves it; the member sees it approved and the cash arrive.
  const cash = await numberIn(await page.getByTestId('balance').first().textContent());
  await admin.goto('/admin/promotions?tab=redemptions');
  const row = admin.locator('tr', { hasText: mobile.replace(/^0/, '') }).first();
  await expect(row).toContainText('Cash 10.00');
  await row.getByRole('button', { name: /^Approve/ }).click();
  await admin.getByRole('dialog').getByRole('button', { name: /Approve|Confirm/ }).last().click();
  await expect(admin.getByText(/was approved/)).toBeVisible();
  await shot(admin, 'admin-redemptions-desktop-en-light');
  await page.reload();
  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await expect(page.locator('tr', { hasText: 'Cash 10.00' }).first()).toContainText('Approved');
  await expect.poll(async () => numberIn(await page.getByTestId('balance').first().textContent()), { timeout: 10_000 }).toBeCloseTo(cash + 10, 2);
  await shot(page, 'point-mall-history-desktop-en-light');
  await ctx.close();
});

// Every new screen, in the looks' languages and themes, must speak the
// look's own script (boxes or English fail) and never overflow the page.
const looks: Look[] = [LOOKS.phoneKmLight, LOOKS.phoneArDark];
const screens = [
  ['promotions', '/promotions'],
  ['vip', '/promotions?tab=vip'],
  ['point-mall', '/pointMall'],
  ['bonus-details', '/member?page=bonusDetails'],
  ['reward-centre', '/member?page=rewardCenter'],
  ['manual-rebate', '/member?page=manualRebate'],
] as const;
for (const look of looks) {
  test(`the promotion and loyalty screens: ${look.name}`, async ({ browser }: { browser: Browser }) => {
    const { ctx, page } = await loggedInAs(browser, look);
    for (const [name, path] of screens) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
      await expect(page.locator('main')).toContainText(look.script);
      await expect(page.locator('.spinner')).toHaveCount(0);
      // Measured once the page has settled (a chunk's styles may land
      // after its text).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${name} overflows the page`, timeout: 5000 })
        .toBeLessThanOrEqual(1);
      await shot(page, `${name}-${look.name}`);
    }
    await ctx.close();
  });
}
