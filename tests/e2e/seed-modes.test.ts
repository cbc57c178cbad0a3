import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/** Issue 23 "instant-reveal seeds" in Chromium against the real server, at 1366 px and 375 px. */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const shots = process.env.SEED_SHOTS;
const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: false });
};

async function fairnessDialog(page: Page, region: string) {
  await page.getByRole('region', { name: region }).getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fairness' });
  await dialog.getByRole('group', { name: 'Seed mode' }).waitFor();
  return dialog;
}

/** Picks tiles of the open mines round until one is a gem (a mine ends it: bet again); returns the enabled Cashout. */
async function playMinesToCashout(page: Page) {
  const board = page.getByRole('group', { name: 'Mines board' });
  for (let id = 0; id < 25; id++) {
    const tile = board.getByRole('button', { name: new RegExp(`^Tile row ${Math.floor(id / 5) + 1} column ${(id % 5) + 1}:`) });
    await tile.click();
    await board.getByRole('button', { name: new RegExp(`^Tile row ${Math.floor(id / 5) + 1} column ${(id % 5) + 1}: (gem|mine)`) }).waitFor();
    const cashout = page.getByRole('button', { name: 'Cashout' });
    if ((await cashout.count()) && (await cashout.isEnabled())) return cashout;
    // A mine: the round is over; the next one starts.
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.getByRole('button', { name: 'Cashout' }).waitFor();
  }
  throw new Error('no gem found');
}

describe.skipIf(!hasChromium())('instant-reveal seeds in Chromium against the real server', () => {
  const browser = useBrowser();

  for (const [width, viewport] of [
    ['1366', DESKTOP],
    ['375', PHONE],
  ] as const) {
    it(`should switch to instant reveal, verify a bet the moment it lands, and refuse a switch with a mines round open (${width} px)`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/dice');
      await signUpInBrowser(page, uniqueName('instant'));
      await claimDemoFundsInBrowser(page, 'BTC');

      // Classic first; one click on Instant reveal shows the hash the next bet will use.
      let dialog = await fairnessDialog(page, 'Dice');
      const modes = dialog.getByRole('group', { name: 'Seed mode' });
      await modes.getByRole('button', { name: 'Classic', pressed: true }).waitFor();
      await shot(page, `classic-${width}`);
      await modes.getByRole('button', { name: 'Instant reveal' }).click();
      await modes.getByRole('button', { name: 'Instant reveal', pressed: true }).waitFor();
      const shown = (await dialog.getByRole('status', { name: 'Next server seed hash' }).textContent())!;
      expect(shown).toMatch(/^[0-9a-f]{64}$/);
      expect(await dialog.getByRole('button', { name: 'Rotate seed' }).count()).toBe(0);
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `instant-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The bet's answer reveals its server seed at once, the one the shown hash committed to.
      const game = page.getByRole('region', { name: 'Dice' });
      await game.getByLabel('Bet amount').fill('0.0001');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
      await game.getByRole('button', { name: 'Bet', exact: true }).click();
      const { bet } = (await (await answer).json()) as { bet: { id: number; serverSeed: string } };
      expect(sha256(bet.serverSeed)).toBe(shown);

      // The next hash shown is the seed just revealed.
      dialog = await fairnessDialog(page, 'Dice');
      await dialog.getByRole('status', { name: 'Next server seed hash' }).filter({ hasText: bet.serverSeed }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The dice screen links the revealed bet; its page verifies it right away: the seed matches the
      // hash shown before, and the roll recomputes.
      await shot(page, `dice-revealed-${width}`);
      await game.getByRole('link', { name: `Verify bet #${bet.id}` }).click();
      await page.waitForURL(`**/bet/${bet.id}`);
      await page.getByRole('heading', { name: `Bet #${bet.id}` }).waitFor();
      const fairness = page.getByRole('region', { name: 'Fairness' });
      await fairness.getByRole('button', { name: 'Verify', exact: true }).click();
      const checks = fairness.getByRole('list', { name: 'Verification' }).getByRole('listitem');
      await checks.nth(1).waitFor();
      expect(await checks.evaluateAll((items) => items.map((item) => item.getAttribute('data-ok')))).toEqual(['true', 'true']);
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `recall-${width}`);

      // With a mines round open the mode stays: the refusal says why.
      await page.goto('/mines');
      await page.getByLabel('Bet amount').fill('0.0001');
      await page.getByRole('button', { name: 'Bet', exact: true }).click();
      await page.getByRole('button', { name: 'Cashout' }).waitFor();
      dialog = await fairnessDialog(page, 'Mines');
      await dialog.getByRole('group', { name: 'Seed mode' }).getByRole('button', { name: 'Classic' }).click();
      expect(await dialog.getByRole('alert').textContent()).toBe('Finish your mines game before switching the seed mode.');
      await dialog.getByRole('group', { name: 'Seed mode' }).getByRole('button', { name: 'Instant reveal', pressed: true }).waitFor();
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await shot(page, `refused-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Play the round on: no seed shows while it is open; cashed out, its seed and a link to its bet
      // show at once, and the bet's page says the seed matches the hash shown before the round.
      const minesGame = page.getByRole('region', { name: 'Mines' });
      const cashout = await playMinesToCashout(page);
      expect(await minesGame.getByRole('link', { name: /^Verify bet/ }).count()).toBe(0);
      const cashoutAnswer = page.waitForResponse((r) => r.url().endsWith('/api/mines/cashout'));
      await cashout.click();
      const ended = (await (await cashoutAnswer).json()) as { betId: number; serverSeed: string };
      expect(ended.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      await minesGame.getByTitle(ended.serverSeed).waitFor();
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await minesGame.getByRole('link', { name: /^Verify bet/ }).evaluate((link) => link.scrollIntoView({ block: 'center' }));
      await shot(page, `mines-revealed-${width}`);
      await minesGame.getByRole('link', { name: `Verify bet #${ended.betId}` }).click();
      await page.waitForURL(`**/bet/${ended.betId}`);
      await page.getByRole('heading', { name: `Bet #${ended.betId}` }).waitFor();
      const minesFairness = page.getByRole('region', { name: 'Fairness' });
      await minesFairness.getByRole('button', { name: 'Verify', exact: true }).click();
      const minesChecks = minesFairness.getByRole('list', { name: 'Verification' }).getByRole('listitem');
      await minesChecks.nth(1).waitFor();
      expect(await minesChecks.evaluateAll((items) => items.map((item) => item.getAttribute('data-ok')))).toEqual(['true', 'true']);

      // Blackjack and baccarat show theirs once the round is over too.
      await page.goto('/blackjack');
      await page.getByLabel('Bet amount').fill('0.0001');
      const dealt = page.waitForResponse((r) => r.url().endsWith('/api/blackjack/bet'));
      await page.getByRole('button', { name: 'Bet', exact: true }).click();
      const round = (await (await dealt).json()) as { game: { gameState: string } };
      const verifyBlackjack = page.getByRole('link', { name: /^Verify bet #\d+$/ });
      if (round.game.gameState === 'PlayerTurn') {
        expect(await verifyBlackjack.count()).toBe(0);
        const stand = page.getByRole('button', { name: /^STAND/ });
        await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('STAND') && !b.disabled));
        await stand.click();
      }
      await verifyBlackjack.waitFor();
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await verifyBlackjack.evaluate((link) => link.scrollIntoView({ block: 'center' }));
      await shot(page, `blackjack-revealed-${width}`);

      await page.goto('/baccarat');
      await page.getByRole('button', { name: /^Bet on Player/ }).click();
      await page.getByRole('button', { name: 'Bet', exact: true }).click();
      const verifyBaccarat = page.getByRole('link', { name: /^Verify bet #\d+$/ });
      await verifyBaccarat.waitFor();
      expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);
      await verifyBaccarat.evaluate((link) => link.scrollIntoView({ block: 'center' }));
      await shot(page, `baccarat-revealed-${width}`);
      await context.close();
    });
  }
});
