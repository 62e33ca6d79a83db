import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { LOOKS, loggedInAs, operator, shot, type Look } from './support';

// Our own games (provider PGE) against the real server: a member spins the
// slot in the game popup, finds the round in the fairness panel, changes
// seeds and verifies the round in the browser; rolls the dice; a visitor
// plays a free demo; and every page is photographed in the three looks.

// The other browser tests expect player01 to start with the seeded
// 10,000.00; the rounds played here are put right through the ledger.
test.afterAll(() => {
  const now = (out: string) => Number(/now (-?[\d.]+)/.exec(out)?.[1]);
  const balance = now(operator(['wallet', 'adjust', 'demo', 'player01', '0.01', '--reason', 'e2e in-house games']));
  const back = Math.round((10000 - balance) * 100) / 100;
  if (back !== 0) operator(['wallet', 'adjust', 'demo', 'player01', back.toFixed(2), '--reason', 'e2e in-house games']);
});

const desktop = LOOKS.desktopEnDark;
const looks: Look[] = [desktop, LOOKS.phoneKmLight, LOOKS.phoneArDark];

type Answer = { roundId: string; nonce: number; stake: number; win: number; balance: number; result: { freeSpins?: unknown[]; crashPoint?: number } };

// settled waits for the reels' drop and other one-off animations, so a
// picture shows where things came to rest.
async function settled(root: Page | FrameLocator) {
  await root.locator('html').evaluate((el) =>
    Promise.all(
      el.ownerDocument
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

// money shows minor units as the English pages do (2 decimals, grouped).
const money = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// playRound clicks a game's play button and waits until the round has been
// played back (skipping the free spins or the crash climb).
async function playRound(page: Page, root: Page | FrameLocator, button: string | RegExp): Promise<Answer> {
  const answered = page.waitForResponse((r) => r.url().includes('/inhouse/play') && r.request().method() === 'POST');
  await root.getByRole('button', { name: button }).click();
  const answer = ((await (await answered).json()) as { value: Answer }).value;
  // Free spins and the crash climb play back; skip them when still on.
  if (answer.result.freeSpins?.length || answer.result.crashPoint) {
    await root.locator('.pge-stage button.button-ghost').click({ timeout: 1000 }).catch(() => undefined);
  }
  await expect(root.locator('.pge-play')).toBeEnabled();
  await expect(root.getByTestId('round-result')).toBeVisible();
  await settled(root);
  return answer;
}

test('a member spins the slot in the game popup, verifies the round in the browser and rolls the dice', async ({ browser }) => {
  test.setTimeout(90_000);
  const { ctx, page } = await loggedInAs(browser, desktop);
  await page.goto('/provider?vassalage=PGE');
  await page.getByRole('button', { name: 'Play Portal Fortune Reels' }).click();
  const popup = page.locator('.game-popup');
  const frame = page.frameLocator('.game-popup iframe');
  const balance = frame.getByTestId('inhouse-balance');
  await expect(balance).toContainText(/\d\.\d\d/);
  const before = await balance.textContent();
  await expect(frame.getByTestId('server-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);

  const answer = await playRound(page, frame, /^Spin$/);
  await expect(balance).toContainText(money(answer.balance));
  if (answer.win !== answer.stake) await expect(balance).not.toHaveText(before ?? '');
  // The page around the frame hears of it and refreshes the header.
  await expect(page.getByTestId('balance').first()).toContainText(money(answer.balance));

  // The round is listed, its seed still secret; the next nonce moved on.
  const rounds = frame.getByTestId('rounds');
  await expect(rounds.locator('tbody tr').first()).toContainText(String(answer.nonce));
  await expect(rounds.locator('tbody tr').first()).toContainText('Secret');
  await expect(frame.getByTestId('nonce')).toHaveText(String(answer.nonce + 1));
  await shot(page, 'inhouse-slot-popup-desktop-en-dark');

  // A new client seed reveals the server seed the round was played with.
  await frame.getByLabel('Client seed').fill(`e2e-${Date.now()}`);
  await frame.getByRole('button', { name: 'Change seeds' }).click();
  await expect(frame.getByTestId('revealed-seed')).toContainText(/[0-9a-f]{64}/);
  await expect(frame.getByTestId('nonce')).toHaveText('0');

  // Verify: the server replays it, the browser hashes the seed itself.
  await rounds.locator('tbody tr').first().getByRole('link', { name: 'Verify' }).click();
  await expect(frame.getByTestId('hash-check')).toHaveAttribute('data-ok', 'true');
  await expect(frame.getByTestId('commit-check')).toHaveAttribute('data-ok', 'true');
  await expect(frame.getByTestId('verify-result')).toContainText(money(answer.win));
  await settled(frame);
  await shot(page, 'inhouse-verify-popup-desktop-en-dark');
  await frame.getByRole('button', { name: 'Back to the game' }).click();
  await expect(frame.getByRole('button', { name: 'Spin' })).toBeVisible();
  await popup.getByRole('button', { name: /close/i }).first().click();

  // One roll of the dice.
  await page.getByRole('button', { name: 'Play Portal Dice' }).click();
  const dice = page.frameLocator('.game-popup iframe');
  await expect(dice.getByTestId('dice-chance')).toHaveText('50.00%');
  const roll = await playRound(page, dice, /^Roll$/);
  await expect(dice.getByTestId('round-result')).toHaveAttribute('data-won', String(roll.win > 0));
  await expect(dice.getByTestId('inhouse-balance')).toContainText(money(roll.balance));
  await popup.getByRole('button', { name: /close/i }).first().click();

  // The betting record lists both rounds, each with a link to the verify
  // page: the slot's seed is revealed by now, the dice's not yet.
  await page.goto('/member?page=personalHistoryCopy');
  await page.getByRole('row').filter({ hasText: answer.roundId }).getByRole('link', { name: 'Verify' }).click();
  await expect(page.getByTestId('commit-check')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-result')).toContainText(money(answer.win));
  await page.getByRole('button', { name: 'Back to the betting record' }).click();
  await page.getByRole('row').filter({ hasText: roll.roundId }).getByRole('link', { name: 'Verify' }).click();
  await expect(page.getByText('Its server seed stays secret until you change seeds.')).toBeVisible();
  await shot(page, 'inhouse-verify-sealed-desktop-en-dark');
  await page.getByRole('button', { name: 'Back to the betting record' }).click();
  await expect(page.getByRole('row').filter({ hasText: roll.roundId })).toBeVisible();
  await ctx.close();
});

test('a visitor plays the crash demo on demo credits and sees its seed', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('lang', 'EN');
    sessionStorage.setItem('ANONYMOUS_POPUP', 'closed');
  });
  await page.goto('/provider?vassalage=PGE');
  await page.locator('.game-tile[data-game="PGE_CRASH"]').getByRole('button', { name: 'Free trial' }).click();
  const frame = page.frameLocator('.game-popup iframe');
  await expect(frame.getByText('Demo — no real money')).toBeVisible();
  await expect(frame.getByTestId('inhouse-balance')).toContainText('2,000.00');
  const answer = await playRound(page, frame, /^Play$/);
  await expect(frame.getByTestId('inhouse-balance')).toContainText(money(200000 - answer.stake + answer.win));
  await expect(frame.getByTestId('demo-rounds')).toContainText(/[0-9a-f]{64}/);
});

for (const look of looks) {
  test(`in-house pages look right: ${look.name}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { ctx, page } = await loggedInAs(browser, look);
    for (const [game, path, button] of [
      ['PGE_SLOT', 'slot', /^(Spin|បង្វិល|دوران)$/],
      ['PGE_DICE', 'dice', /^(Roll|បោះ|ارمِ)$/],
      ['PGE_CRASH', 'crash', /^(Play|លេង|العب)$/],
    ] as const) {
      // The launch the popup makes, opened as a page of its own so the
      // picture holds all of it.
      const url = await page.evaluate(
        async ([code, lang]) => {
          const res = await fetch(`/wps/game/launchGame?language=${lang}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Merchant: 'demo', Authorization: sessionStorage.getItem('token') ?? '' },
            body: JSON.stringify({ vassalage: 'PGE', gameCode: code, gameType: 'INHOUSE', language: lang, platform: 'H5', mode: 'real' }),
          });
          return ((await res.json()) as { value: { url: string } }).value.url;
        },
        [game, look.lang] as const,
      );
      expect(url).toContain(`/play/pge/${path}?`);
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('dir', look.dir);
      await expect(page.locator('html')).toHaveAttribute('data-theme', look.theme);
      await expect(page.getByRole('button').filter({ hasText: look.script }).first()).toBeVisible();
      await playRound(page, page, button);
      if (game === 'PGE_SLOT') {
        // The reels read left to right in every language.
        await expect(page.getByTestId('slot-grid')).toHaveAttribute('dir', 'ltr');
        await page.locator('.pge-paytable summary').click();
        await expect(page.locator('.pge-paylines li')).toHaveCount(20);
      }
      await shot(page, `inhouse-${path}-${look.name}`);
      if (game === 'PGE_SLOT') {
        await page.locator('.pge-seed-form input').fill(`look-${look.name}`);
        await page.locator('.pge-seed-form button[type="submit"]').click();
        await expect(page.getByTestId('revealed-seed')).toBeVisible();
        await page.getByTestId('rounds').locator('tbody tr').first().getByRole('link').click();
        await expect(page.getByTestId('hash-check')).toHaveAttribute('data-ok', 'true');
        await settled(page);
        await shot(page, `inhouse-verify-${look.name}`);
      }
    }
    await ctx.close();
  });
}

test('the verify page replays the rules page example and a round with free spins', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lang', 'EN'));
  const seed = '3f1c2a9e8b7d6c5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877';
  const hash = '6cc5c2188cfe01c5dea143bcbfd447bbcd1653ce3582986a4d8db5d2054ade7e';
  // docs/inhouse-games.md: nonce 7, stake 1.00 pays line 16, three grapes, 0.50.
  await page.goto(`/play/pge/verify?game=PGE_SLOT&serverSeed=${seed}&clientSeed=lucky-player&nonce=7&stake=100&hash=${hash}`);
  await expect(page.getByTestId('hash-check')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('commit-check')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('verify-result')).toContainText('Line 16: 3 × Grapes');
  await expect(page.getByTestId('verify-result')).toContainText('Total win: 0.50');
  // Nonce 1099 of the same seeds triggers free spins and retriggers them.
  await page.getByLabel('Nonce').fill('1099');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const result = page.getByTestId('verify-result');
  await expect(result).toContainText('Base spin');
  await expect(result).toContainText('10 free spins won!');
  for (let i = 0; i < 3; i++) await result.getByRole('button', { name: 'Next spin' }).click();
  await expect(result).toContainText('Free spin 3 / 10');
  await expect(result).toContainText('×3');
  await shot(page, 'inhouse-verify-free-spins-desktop-en-dark');
});
