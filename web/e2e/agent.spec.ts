import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LOOKS, logInOperator, operator, shot, visitInEnglish, type Look } from './support';

// The agent centre (issue 15): agent01 logs in at the agent entrance, opens
// a downline agent, sends it money and offers it a real-time salary
// contract; the downline signs in its own session, bets in the in-house
// dice, and once the period has ended (the browser tests' server runs
// real-time periods of 20 seconds: PORTAL_AGENT_REALTIME_PERIOD in lib.sh)
// it processes the salary, which both see in their records. Then every
// agent page is photographed on desktop and phone, in English, Khmer and
// Arabic, light and dark.

test.describe.configure({ mode: 'serial' });

const expect = baseExpect.configure({ timeout: 15_000 });

const PAYMENT_PASSWORD = '246813';
const DOWNLINE = `e2eagent${Date.now() % 100000}`;
const DOWNLINE_PASSWORD = 'Agent@456';

const opened: BrowserContext[] = [];
test.afterEach(async () => {
  for (const ctx of opened.splice(0)) await ctx.close();
});

async function newPage(browser: Browser, look: Look = LOOKS.desktopEnLight): Promise<Page> {
  const ctx = await browser.newContext(
    look.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 900 } },
  );
  opened.push(ctx);
  return ctx.newPage();
}

// logInAgent logs in through the agent entrance and lands in the centre.
async function logInAgent(page: Page, username: string, password: string): Promise<void> {
  await visitInEnglish(page, '/agent');
  await page.getByRole('button', { name: 'Agent log in' }).click();
  const dialog = page.getByRole('dialog', { name: /log in/i });
  await dialog.getByLabel('Username', { exact: true }).fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/agentHome/);
}

// api calls the player API with the page's session, as the site does.
async function api(page: Page, method: string, path: string, body?: unknown): Promise<{ success: boolean; code: string; value: unknown }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const r = await fetch(p as string, {
        method: m as string,
        headers: { Authorization: sessionStorage.getItem('token') ?? '', 'Content-Type': 'application/json', Merchant: 'demo' },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return r.json();
    },
    [method, path, body] as const,
  );
}

test('an agent opens a downline, offers a contract the downline signs, and both see the salary the downline team earned', async ({ browser }) => {
  test.setTimeout(240_000);
  // agent01 pays the downline's salary from its own balance.
  operator(['wallet', 'adjust', 'demo', 'agent01', '100', '--reason', 'e2e agent centre']);
  const agent = await newPage(browser);
  await logInAgent(agent, 'agent01', 'Agent@123');
  await expect(agent.getByRole('heading', { name: 'Team overview' })).toBeVisible();
  const pp = await api(agent, 'POST', '/wps/member/payment-password', { loginPassword: 'Agent@123', newPaymentPassword: PAYMENT_PASSWORD });
  expect(pp.success || pp.code === 'cashier.payment_password_exists').toBe(true);

  // 1. A downline agent, opened from the register centre.
  await agent.goto('/agentHome?page=registerCenter');
  const form = agent.locator('form.agent-form').first();
  await form.getByLabel('Username').fill(DOWNLINE);
  await form.getByLabel('Password (optional)').fill(DOWNLINE_PASSWORD);
  await form.getByLabel('Account type').selectOption('agent');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByRole('status')).toContainText(`Account ${DOWNLINE} was created.`);

  // 2. Money and a real-time salary offer, from the downline list.
  await agent.goto('/agentHome?page=downlineManagmentView');
  const row = agent.getByRole('row').filter({ hasText: DOWNLINE });
  await row.getByRole('button', { name: `Transfer to ${DOWNLINE}` }).click();
  let dialog = agent.getByRole('dialog', { name: `Transfer to ${DOWNLINE}` });
  await dialog.getByLabel('Amount').fill('50');
  await dialog.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toContainText(`was sent to ${DOWNLINE}`);
  await dialog.getByRole('button', { name: /OK|Close/ }).first().click();
  await row.getByRole('button', { name: `Offer a contract to ${DOWNLINE}` }).click();
  dialog = agent.getByRole('dialog', { name: `Offer a contract to ${DOWNLINE}` });
  await dialog.getByLabel('Kind').selectOption('realtime_salary');
  await dialog.getByLabel('Rate in percent, tier 1').fill('0.15');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog).toContainText(`The offer was sent to ${DOWNLINE}`);
  await shot(agent, 'agent-offer-sent-desktop-en-light');

  // 3. The downline's session: the contract popup opens by itself.
  const down = await newPage(browser);
  await logInAgent(down, DOWNLINE, DOWNLINE_PASSWORD);
  const popup = down.getByRole('dialog', { name: 'Contract offers' });
  await expect(popup).toBeVisible();
  await shot(down, 'agent-contract-popup-desktop-en-light');
  await popup.getByRole('button', { name: /^Sign / }).click();
  await expect(popup.getByText('No offers await your answer.')).toBeVisible();
  const signed = (await api(down, 'GET', '/wps/agent/contracts?kind=realtime_salary')) as { value: { mine: { state: string; startsAt: number }[] } };
  const contract = signed.value.mine[0];
  expect(contract.state).toBe('active');

  // 4. Bets in the period after it began: the in-house dice.
  await down.waitForTimeout(Math.max(0, contract.startsAt - Date.now() + 500));
  await down.goto('/provider?vassalage=PGE');
  await down.getByRole('button', { name: 'Play Portal Dice' }).click();
  const dice = down.frameLocator('.game-popup iframe');
  await expect(dice.getByTestId('inhouse-balance')).toContainText(/\d\.\d\d/);
  const stake = dice.getByLabel('Stake', { exact: true });
  for (let i = 0; i < 2; i++) {
    await stake.fill('10');
    await stake.press('Tab');
    const played = down.waitForResponse((r) => r.url().includes('/inhouse/play') && r.request().method() === 'POST');
    await dice.getByRole('button', { name: /^Roll$/ }).click();
    expect(((await (await played).json()) as { success: boolean }).success).toBe(true);
  }

  // 5. Once the period and its grace are over, the downline processes it.
  const periodEnd = contract.startsAt + 20_000 * Math.ceil((Date.now() - contract.startsAt + 1) / 20_000);
  await down.waitForTimeout(Math.max(0, periodEnd + 5_000 - Date.now()));
  await down.goto('/agentHome?page=agentRealtimeSalary');
  await down.getByRole('button', { name: 'Process now' }).click();
  const received = down.locator('.agent-payouts, table').filter({ hasText: 'agent01' }).first();
  await expect(received).toContainText('Paid');
  await shot(down, 'agent-salary-received-desktop-en-light');

  // 6. agent01 sees what it paid.
  await agent.goto('/agentHome?page=agentRealtimeSalary');
  await agent.getByRole('tab', { name: /paid/i }).last().click();
  await expect(agent.getByRole('row').filter({ hasText: DOWNLINE }).first()).toContainText('Paid');
  await shot(agent, 'agent-salary-paid-desktop-en-light');
});

const PAGES = [
  'agentAnnouncement',
  'agentTeamOverview',
  'registerCenter',
  'downlineManagmentView',
  'personalHistoryCopy',
  'palStatementsAgentCopy',
  'agentRevenueReport',
  'agentDownlineTransactionDetailsCopy',
  'agentDividendRecordCopy2',
  'agentDailyWages2',
  'agentHourSalary',
  'agentRealtimeSalary',
];

for (const look of [LOOKS.desktopEnLight, LOOKS.desktopEnDark, LOOKS.phoneKmLight, LOOKS.phoneArDark]) {
  test(`every agent page in ${look.name}`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, look);
    await logInAgent(page, 'agent01', 'Agent@123');
    await page.evaluate(
      ([lang, theme]) => {
        localStorage.setItem('lang', lang);
        localStorage.setItem('theme', theme);
      },
      [look.lang, look.theme] as const,
    );
    // What agent01's team played is paid now, so the salary pages show
    // payouts, not only their empty state.
    await api(page, 'POST', '/wps/agent/real-time-salary-contract');
    for (const p of PAGES) {
      await page.goto(`/agentHome?page=${p}`);
      await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
      await expect(page.locator('.member-content h2')).toHaveText(look.script);
      await expect(page.locator('.member-content .spinner')).toHaveCount(0);
      if (p === 'agentRealtimeSalary') {
        // The payouts agent01 paid its downline in the first test: a wide
        // table, which must scroll inside its box, not widen the page.
        await page.getByRole('tab').nth(1).click();
        await expect(page.locator('.data-table-wrap table').last()).toBeVisible();
      }
      // No page is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${p} overflows by ${overflow}px`).toBeLessThanOrEqual(1);
      await shot(page, `agent-${p}-${look.name}`);
    }
  });
}

// The back office's Agents section: agent01's place in the tree, the
// contracts (the platform's with agent01, agent01's with its downline),
// the settlement runs with their payouts, and the commission report.
test('the back office shows the agent tree, contracts, settlement runs and commissions', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  await logInOperator(page, 'e2eagents');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Agents' }).click();
  await page.getByLabel(/username/i).first().fill('agent01');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('cell', { name: 'player01' }).first()).toBeVisible();
  await shot(page, 'admin-agents-tree');
  for (const tab of ['Contracts', 'Settlement runs', 'Commission']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.locator('.admin-empty, table').first()).toBeVisible();
    await shot(page, `admin-agents-${tab.toLowerCase().replace(/ /g, '-')}`);
  }
});
