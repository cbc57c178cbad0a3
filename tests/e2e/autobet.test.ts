import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatCrypto } from '../../src/core/money';
import { cuttableLiveLink, DESKTOP, PHONE, hasChromium, openPage, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/**
 * Autobet on the dice screen (docs/product.md §4 "Autobet"), in Chromium against the real server, at
 * desktop and phone width: every bet of a run is one ordinary POST /api/dice/bet whose amount
 * follows the rules, and the run stops on its count, on a refusal (with the refusal's words), on
 * Stop, on leaving the page and on losing the live connection.
 */

interface DiceBet {
  betAmount: number;
  status: number;
  wager?: number;
  payout?: number;
}

/** Every dice bet the page sends from now on, with the server's answer once it comes. */
function recordBets(page: Page): DiceBet[] {
  const bets: DiceBet[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/api/dice/bet')) return;
    const entry: DiceBet = { betAmount: (response.request().postDataJSON() as { betAmount: number }).betAmount, status: response.status() };
    bets.push(entry);
    void response.json().then(
      (body: { bet?: { wager: number; payout: number } }) => {
        if (body.bet) Object.assign(entry, { wager: body.bet.wager, payout: body.bet.payout });
      },
      () => undefined,
    );
  });
  return bets;
}

const SHOTS = process.env.AUTOBET_SHOTS;
async function shot(page: Page, name: string, region = 'Dice') {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.getByRole('region', { name: region, exact: true }).screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A new player with demo BTC on /dice in Auto mode; the live link may be cut through `link`. */
async function autoDice(browser: ReturnType<ReturnType<typeof useBrowser>>, viewport: { width: number; height: number }) {
  const { context, page } = await openPage(browser, viewport);
  const link = await cuttableLiveLink(page);
  await page.goto('/dice');
  await signUpInBrowser(page, uniqueName('auto'));
  const balance = await claimDemoFundsInBrowser(page, 'BTC');
  // The game bets from the wallet it was told of: wait until the header's balance button shows funds. (Waiting for the
  // claimed figure exactly timed out now and then in full runs; why the header showed another figure is not known.)
  await page.getByRole('button', { name: /^Balance: (?!0\.00000000 )[\d.,]+ BTC$/ }).first().waitFor({ state: 'attached', timeout: 20_000 });
  const game = page.getByRole('region', { name: 'Dice' });
  await game.getByRole('tab', { name: 'Auto' }).click();
  return { context, page, game, link, balance };
}

const field = (game: Locator, label: string) => game.getByLabel(label, { exact: true });
const reason = (game: Locator) => game.getByTestId('autobet-reason');

/** Every mines call the page makes from now on, in order: bet, pick {tileId} and cashout, with the pick's answer. */
function recordMines(page: Page): Array<{ call: string; tileId?: number; isMine?: boolean; gameState?: string }> {
  const calls: Array<{ call: string; tileId?: number; isMine?: boolean; gameState?: string }> = [];
  page.on('response', (response) => {
    const match = /\/api\/mines\/(bet|pick|cashout)$/.exec(response.url());
    if (!match) return;
    const entry: { call: string; tileId?: number; isMine?: boolean; gameState?: string } = { call: match[1]! };
    if (entry.call === 'pick') entry.tileId = (response.request().postDataJSON() as { tileId: number }).tileId;
    calls.push(entry);
    void response.json().then(
      (body: { isMine?: boolean; gameState?: string }) => Object.assign(entry, entry.call === 'pick' ? { isMine: body.isMine, gameState: body.gameState } : {}),
      () => undefined,
    );
  });
  return calls;
}

describe.skipIf(!hasChromium())('autobet in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should place the number of bets asked for, doubling after each loss and back to the start after a win (desktop)', async () => {
    const { context, page, game } = await autoDice(browser(), DESKTOP);
    await shot(page, 'dice-auto-desktop');
    const bets = recordBets(page);
    // 0.00001 BTC, so that even three losses in a row (one run in eight) leave enough of the $100 claim for the
    // fourth bet: with 0.0001 the fourth (0.0008) was more than the 0.0003 left and the run stopped at three.
    await game.getByLabel('Bet amount').fill('0.00001');
    await field(game, 'Number of bets · 0 = until stopped').fill('4');
    await game.getByRole('group', { name: 'On loss' }).getByRole('button', { name: 'Increase by' }).click();
    await game.getByLabel('On loss: increase by percent').fill('100');
    await game.getByRole('button', { name: 'Start autobet' }).click();
    await game.getByRole('button', { name: 'Stop autobet' }).waitFor();
    await shot(page, 'dice-auto-running-desktop');
    // Should the run end otherwise, say what the panel showed instead.
    await reason(game).filter({ hasText: '4 bets placed' }).waitFor({ timeout: 20_000 }).catch(async (error: unknown) => {
      const panel = await game.innerText().catch(() => '(gone)');
      throw new Error(`no "4 bets placed"; ${bets.length} bet answers seen (${bets.map((b) => b.status).join(', ')}); the game showed: ${panel}`, { cause: error });
    });
    await shot(page, 'dice-auto-done-desktop');

    expect(bets).toHaveLength(4);
    expect(bets.every((b) => b.status === 200)).toBe(true);
    // Each amount from the one before and how it ended, by the rules; never a float error on the wire.
    let expected = 0.00001;
    let net = 0n;
    for (const b of bets) {
      expect(b.betAmount).toBe(expected);
      const won = b.payout! >= b.wager!;
      expected = won ? 0.00001 : Math.round(expected * 2 * 1e8) / 1e8;
      net += BigInt(Math.round(b.payout! * 1e8)) - BigInt(Math.round(b.wager! * 1e8));
    }
    expect(await game.getByTestId('autobet-count').textContent()).toBe('4');
    const size = net < 0n ? -net : net;
    expect(await game.getByTestId('autobet-net').textContent()).toBe(`${net > 0n ? '+' : net < 0n ? '-' : ''}${formatCrypto(size)} BTC`);
    // The settings are editable again and Start is back.
    await game.getByRole('button', { name: 'Start autobet' }).waitFor();
    await context.close();
  });

  it("should stop on a refusal and show the refusal's own words (phone)", async () => {
    const { context, page, game } = await autoDice(browser(), PHONE);
    const bets = recordBets(page);
    // Win chance 98: nearly every bet wins, and each win multiplies the amount by eleven until a §5 check refuses it.
    await game.getByLabel('Win chance', { exact: true }).fill('98');
    await game.getByLabel('Bet amount').fill('0.0001');
    await game.getByRole('group', { name: 'On win' }).getByRole('button', { name: 'Increase by' }).click();
    await game.getByLabel('On win: increase by percent').fill('1000');
    await game.getByRole('button', { name: 'Start autobet' }).click();
    await reason(game).waitFor({ timeout: 30_000 });
    await shot(page, 'dice-auto-refused-phone');
    const words = await reason(game).textContent();
    // The refusal is the round's message too, in docs/product.md §5's words.
    expect(words).toMatch(/^(Can't bet more than balance|Bet must be less than less .*|Profit on win must be less than .*)$/);
    await game.getByRole('alert').filter({ hasText: words! }).waitFor();
    const sent = bets.length;
    await page.waitForTimeout(1000);
    expect(bets).toHaveLength(sent);
    expect(await game.getByTestId('autobet-count').textContent()).toBe(String(bets.filter((b) => b.status === 200).length));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  it('should stop on Stop, and place no bet after the player leaves the page (phone)', async () => {
    const { context, page, game } = await autoDice(browser(), PHONE);
    const bets = recordBets(page);
    await game.getByLabel('Bet amount').fill('0.00001');
    await game.getByRole('button', { name: 'Start autobet' }).click();
    await expect.poll(() => bets.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await shot(page, 'dice-auto-running-phone');
    await game.getByRole('button', { name: 'Stop autobet' }).click();
    await reason(game).filter({ hasText: /^Stopped$/ }).waitFor();
    const afterStop = bets.length;
    await page.waitForTimeout(1000);
    expect(bets).toHaveLength(afterStop);
    expect(await game.getByTestId('autobet-count').textContent()).toBe(String(afterStop));

    // Again, then away to the home page while it runs.
    await game.getByRole('button', { name: 'Start autobet' }).click();
    await expect.poll(() => bets.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(afterStop + 2);
    await page.getByRole('link', { name: 'Home' }).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    // One bet may have been in flight as the page closed; none may start after.
    const atLeave = bets.length;
    await page.waitForTimeout(1500);
    expect(bets.length).toBeLessThanOrEqual(atLeave + 1);
    const settled = bets.length;
    await page.waitForTimeout(1000);
    expect(bets).toHaveLength(settled);
    await context.close();
  });

  it('should stop when the live connection is lost (desktop), and keep Start disabled until it is back', async () => {
    const { context, page, game, link } = await autoDice(browser(), DESKTOP);
    const bets = recordBets(page);
    await game.getByLabel('Bet amount').fill('0.00001');
    await game.getByRole('button', { name: 'Start autobet' }).click();
    await expect.poll(() => bets.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // The server's side of the socket goes away, and its retries are refused for now.
    await link.cut();
    await reason(game).filter({ hasText: /^Live connection lost$/ }).waitFor();
    const atLoss = bets.length;
    // While the link is down, Start is disabled, with the reason beside it.
    const start = game.getByRole('button', { name: 'Start autobet' });
    await expect.poll(() => start.isDisabled(), { timeout: 5_000 }).toBe(true);
    await shot(page, 'dice-auto-link-lost-desktop');
    await page.waitForTimeout(1200);
    expect(bets.length).toBeLessThanOrEqual(atLoss + 1);
    expect(await start.isDisabled()).toBe(true);
    expect(await reason(game).textContent()).toBe('Live connection lost');
    // The link comes back on a retry: Start is enabled again (the run's reason stays: how it ended).
    link.restore();
    await expect.poll(() => start.isDisabled(), { timeout: 30_000 }).toBe(false);
    expect(await reason(game).getAttribute('data-blocking')).toBeNull();
    await start.click();
    await expect.poll(() => bets.length, { timeout: 15_000 }).toBeGreaterThan(atLoss + 1);
    await context.close();
  });

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`should play mines rounds that pick the chosen tiles in order, then cash out or bust (${width})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/mines');
      await signUpInBrowser(page, uniqueName('automines'));
      await claimDemoFundsInBrowser(page, 'BTC');
      const game = page.getByRole('region', { name: 'Mines', exact: true });
      await game.getByRole('tab', { name: 'Auto' }).click();
      const calls = recordMines(page);
      await game.getByLabel('Bet amount').fill('0.00001');
      // Tiles 7 then 12, picked in that order each round.
      await game.getByRole('button', { name: 'Tile row 2 column 3: hidden' }).click();
      await game.getByRole('button', { name: 'Tile row 3 column 3: hidden' }).click();
      await game.getByRole('button', { name: 'Tile row 3 column 3: hidden, auto pick 2' }).waitFor();
      await field(game, 'Number of bets · 0 = until stopped').fill('3');
      await shot(page, `mines-auto-${width}`, 'Mines');
      // Counts every win popup that appears from now on.
      await page.evaluate(() => {
        const seen = window as unknown as { winPopups: number };
        seen.winPopups = 0;
        new MutationObserver((changes) => {
          for (const change of changes) {
            for (const node of change.addedNodes) if (node instanceof Element && (node.matches('[aria-label="You won"]') || node.querySelector('[aria-label="You won"]'))) seen.winPopups += 1;
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
      await game.getByRole('button', { name: 'Start autobet' }).click();
      await reason(game).filter({ hasText: '3 bets placed' }).waitFor({ timeout: 30_000 });
      await shot(page, `mines-auto-done-${width}`, 'Mines');
      // An Auto round shows its result on the board and in the panel, never in the win popup.
      expect(await page.evaluate(() => (window as unknown as { winPopups: number }).winPopups)).toBe(0);

      // Each round: a bet, tile 7, then tile 12 if 7 was a gem, then a cash-out if neither was a mine.
      const rounds: Array<typeof calls> = [];
      for (const call of calls) {
        if (call.call === 'bet') rounds.push([]);
        rounds.at(-1)!.push(call);
      }
      expect(rounds).toHaveLength(3);
      for (const round of rounds) {
        const picks = round.filter((c) => c.call === 'pick');
        expect(picks[0]?.tileId).toBe(7);
        if (picks[0]?.isMine) expect(round.map((c) => c.call)).toEqual(['bet', 'pick']);
        else {
          expect(picks[1]?.tileId).toBe(12);
          expect(round.map((c) => c.call)).toEqual(picks[1]?.isMine ? ['bet', 'pick', 'pick'] : ['bet', 'pick', 'pick', 'cashout']);
        }
      }
      expect(await game.getByTestId('autobet-count').textContent()).toBe('3');
      // Manual and back to Auto: the settings are as the player left them.
      await game.getByRole('tab', { name: 'Manual' }).click();
      await game.getByRole('tab', { name: 'Auto' }).click();
      expect(await field(game, 'Number of bets · 0 = until stopped').inputValue()).toBe('3');
      await context.close();
    });
  }
});
