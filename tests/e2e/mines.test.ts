import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createFloatStream } from '../../src/core/fairness/floats';
import { minesBoard, minesMultiplier } from '../../src/core/games/mines';
import { decimalToUnits, formatCrypto, unitsToNumber } from '../../src/core/money';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

const MINES = 3;
const BET = '0.0001';

/**
 * The mines of the player's next game, as a verifier would compute them: the active seed pair and
 * the nonce the next bet takes, read from the server's database, through the published scheme.
 */
function nextBoard(userName: string, minesCount: number): number[] {
  const db = new BetterSqlite3(path.join(inject('dataDir'), 'casino.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const pair = db
      .prepare(
        `SELECT s.server_seed, s.client_seed, s.nonce FROM seed_pairs s JOIN users u ON u.id = s.user_id
         WHERE u.user_name = ? AND s.status = 'active'`,
      )
      .get(userName) as { server_seed: string; client_seed: string; nonce: number } | undefined;
    if (!pair) throw new Error(`no active seed pair for ${userName}`);
    return minesBoard(createFloatStream(nodeHmacSha256, pair.server_seed, pair.client_seed, pair.nonce).at, minesCount);
  } finally {
    db.close();
  }
}

const gemsOf = (mines: number[]) => Array.from({ length: 25 }, (_, id) => id).filter((id) => !mines.includes(id));
const tileName = (id: number) => `Tile row ${Math.floor(id / 5) + 1} column ${(id % 5) + 1}`;
const tile = (page: Page, id: number) => page.getByRole('group', { name: 'Mines board' }).getByRole('button', { name: new RegExp(`^${tileName(id)}:`) });
const tileShows = (page: Page, id: number, face: string) =>
  page.getByRole('group', { name: 'Mines board' }).getByRole('button', { name: `${tileName(id)}: ${face}`, exact: true }).waitFor();

/** The header balance of the selected wallet (BTC), in coins. */
async function headerBalance(page: Page): Promise<string> {
  const label = await page.getByRole('button', { name: /^Balance: / }).getAttribute('aria-label');
  return /^Balance: ([\d.]+) BTC$/.exec(label ?? '')?.[1] ?? '';
}

async function signUpWithDemoFunds(page: Page): Promise<string> {
  const userName = uniqueName('mines');
  await page.goto('/mines');
  await signUpInBrowser(page, userName);
  await claimDemoFundsInBrowser(page);
  await page.getByRole('button', { name: /^Balance: 0\.0\d*[1-9]\d* BTC$/ }).waitFor();
  // Ask for the seed state as the fairness dialog does (it shows the hashes), so the board can be computed before the first bet.
  await page.evaluate(() => fetch('/api/casino/get-seed', { headers: { Authorization: `Bearer ${localStorage.getItem('authToken') ?? ''}` } }));
  return userName;
}

async function bet(page: Page) {
  await page.getByLabel('Bet amount').fill(BET);
  await page.getByRole('button', { name: 'Bet', exact: true }).click();
  await page.getByRole('button', { name: 'Cashout' }).waitFor();
}

const coins = (text: string) => decimalToUnits(Number(text));

describe.skipIf(!hasChromium())('mines in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should bet, find gems, cash out with the popup and the new balance; bust on a mine; restore a game after a reload', async () => {
    const { context, page } = await openPage(browser());
    const userName = await signUpWithDemoFunds(page);
    const funded = await headerBalance(page);
    await page.getByRole('heading', { name: 'Mines', level: 1 }).waitFor();

    // Game 1: two gems, then cash out.
    const mines1 = nextBoard(userName, MINES);
    await bet(page);
    expect(await page.getByRole('slider', { name: 'Mines' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Cashout' }).isDisabled()).toBe(true);
    expect(coins(await headerBalance(page))).toBe(coins(funded) - decimalToUnits(Number(BET)));
    const [gemA, gemB] = gemsOf(mines1) as [number, number];
    await tile(page, gemA).click();
    await tileShows(page, gemA, 'gem');
    // Tiles are buttons: the keyboard picks them too.
    await tile(page, gemB).focus();
    await page.keyboard.press('Enter');
    await tileShows(page, gemB, 'gem');
    expect(await page.getByLabel('Gems count').textContent()).toBe('2/22');
    await page.getByRole('button', { name: 'Cashout' }).click();
    const popup = page.getByRole('status', { name: 'You won' });
    await popup.waitFor();
    const multiplier = minesMultiplier(MINES, 2);
    const won = unitsToNumber((decimalToUnits(Number(BET)) * BigInt(Math.round(multiplier * 100))) / 100n);
    expect(await popup.textContent()).toContain(`${multiplier.toFixed(2)}×`);
    expect(await popup.textContent()).toContain(`${formatCrypto(won)} BTC`);
    expect(await popup.textContent()).toContain('2 gems found');
    await tileShows(page, mines1[0]!, 'mine, not picked');
    const afterWin = formatCrypto(unitsToNumber(coins(funded) - decimalToUnits(Number(BET)) + decimalToUnits(won)));
    await page.getByRole('button', { name: `Balance: ${afterWin} BTC` }).waitFor();
    await popup.waitFor({ state: 'detached', timeout: 5000 });

    // Game 2: straight onto a mine.
    const mines2 = nextBoard(userName, MINES);
    await bet(page);
    await tile(page, mines2[0]!).click();
    await tileShows(page, mines2[0]!, 'mine');
    await tileShows(page, mines2[1]!, 'mine, not picked');
    await tileShows(page, gemsOf(mines2)[0]!, 'gem, not picked');
    expect(await page.getByRole('status', { name: 'You won' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Bet', exact: true }).isEnabled()).toBe(true);
    const afterBust = formatCrypto(unitsToNumber(decimalToUnits(Number(afterWin)) - decimalToUnits(Number(BET))));
    await page.getByRole('button', { name: `Balance: ${afterBust} BTC` }).waitFor();

    // Game 3: one gem, a reload, and the game is still there.
    await page.getByRole('slider', { name: 'Mines' }).fill('5');
    const mines3 = nextBoard(userName, 5);
    await bet(page);
    const gem = gemsOf(mines3)[0]!;
    await tile(page, gem).click();
    await tileShows(page, gem, 'gem');
    await page.reload();
    await tileShows(page, gem, 'gem');
    expect(await page.getByRole('slider', { name: 'Mines' }).inputValue()).toBe('5');
    expect(await page.getByRole('slider', { name: 'Mines' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Gems count').textContent()).toBe('1/20');
    const second = gemsOf(mines3)[1]!;
    await tile(page, second).click();
    await tileShows(page, second, 'gem');
    await page.getByRole('button', { name: 'Cashout' }).click();
    expect(await page.getByRole('status', { name: 'You won' }).textContent()).toContain('2 gems found');
    await context.close();
  });

  it('should fit the board and the controls in a 375 px phone and play there', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const userName = await signUpWithDemoFunds(page);
    const board = page.getByRole('group', { name: 'Mines board' });
    const box = await board.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const mines = nextBoard(userName, MINES);
    await bet(page);
    const gem = gemsOf(mines)[0]!;
    await tile(page, gem).click();
    await tileShows(page, gem, 'gem');
    await page.getByRole('button', { name: 'Cashout' }).click();
    await page.getByRole('status', { name: 'You won' }).waitFor();
    await context.close();
  });
});
