import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatRoll } from '../../src/core/games/dice';
import { formatCrypto } from '../../src/core/money';
import { hasChromium, useBrowser, openPage } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

interface BetAnswer {
  balance: number;
  bet: { id: number; roll: number; wager: number; payout: number; nonce: number };
}

async function signUp(page: Page, prefix: string): Promise<string> {
  const userName = uniqueName(prefix);
  await signUpInBrowser(page, userName);
  return userName;
}

/** Cashier → (currency) → Get demo funds; answers the new balance once the header shows it. */
async function claimDemoFunds(page: Page, currency = 'BTC'): Promise<number> {
  const balance = await claimDemoFundsInBrowser(page, currency);
  await page.getByRole('button', { name: `Balance: ${formatCrypto(balance)} ${currency}` }).waitFor();
  return balance;
}

/** Presses Bet and answers what the server said, once the roll is on screen. */
async function bet(page: Page): Promise<BetAnswer> {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
  await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Bet', exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const body = (await response.json()) as BetAnswer;
  await page.getByTestId('dice-roll').filter({ hasText: formatRoll(body.bet.roll) }).waitFor();
  return body;
}

describe.skipIf(!hasChromium())('dice in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should bet with demo funds, show the roll and the new balance, rotate the seed and verify the bet in the browser', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/dice');
    await signUp(page, 'dice');
    await claimDemoFunds(page);

    const game = page.getByRole('region', { name: 'Dice' });
    await game.getByLabel('Bet amount').fill('0.0001');
    const first = await bet(page);
    const roll = game.getByTestId('dice-roll');
    expect(await roll.textContent()).toBe(formatRoll(first.bet.roll));
    expect(await roll.getAttribute('data-outcome')).toBe(first.bet.payout >= first.bet.wager ? 'win' : 'loss');
    await page.getByRole('button', { name: `Balance: ${formatCrypto(first.balance)} BTC` }).waitFor();

    // Fairness: the nonce moved to 1; rotation reveals the pair, and the bet recomputes in the browser.
    await game.getByRole('button', { name: 'Fairness' }).click();
    const fairness = page.getByRole('dialog', { name: 'Fairness' });
    await fairness.getByRole('status', { name: 'Nonce' }).filter({ hasText: /^1$/ }).waitFor();
    const hashBefore = await fairness.getByRole('status', { name: 'Server seed hash', exact: true }).textContent();
    await fairness.getByRole('button', { name: 'Rotate seed' }).click();
    await fairness.getByRole('status', { name: 'Nonce' }).filter({ hasText: /^0$/ }).waitFor();
    expect(await fairness.getByRole('status', { name: 'Server seed hash', exact: true }).textContent()).not.toBe(hashBefore);

    await fairness.getByRole('tab', { name: 'History' }).click();
    await fairness.getByRole('button', { name: 'Verify bet with nonce 0' }).click();
    await fairness.getByRole('tab', { name: 'Verify', selected: true }).waitFor();
    const verified = fairness.getByTestId('verified-roll');
    await verified.waitFor();
    expect(await verified.textContent()).toBe(formatRoll(first.bet.roll));

    // The same by hand: the chance and target of the bet also say it won or lost.
    await fairness.getByLabel('Win chance (optional)').fill('49.5');
    await fairness.getByLabel('Roll').selectOption('under');
    await fairness.getByRole('button', { name: 'Verify', exact: true }).click();
    await fairness.getByText(first.bet.payout > 0 ? 'Win' : 'Loss', { exact: true }).waitFor();
    expect(await verified.textContent()).toBe(formatRoll(first.bet.roll));
    await context.close();
  });

  it("should show player A's bet in player B's ALL BETS within a second, in A's MY BETS, and a $100 bet in HIGH ROLLERS", async () => {
    const a = await openPage(browser());
    const b = await openPage(browser());
    await a.page.goto('/dice');
    await b.page.goto('/dice');
    await signUp(a.page, 'alice');
    await signUp(b.page, 'bob');
    const gameA = a.page.getByRole('region', { name: 'Dice' });

    // A bets the whole $100 of demo funds at 98% (multiplier 1.0102): a win pays over $100, a high roller.
    // The 2% chance of losing it all is covered by trying the next demo currency.
    let placed: BetAnswer | null = null;
    for (const currency of ['BTC', 'ETH', 'LTC']) {
      const balance = await claimDemoFunds(a.page, currency);
      await gameA.getByLabel('Bet amount').fill(String(balance));
      await gameA.getByLabel('Win chance', { exact: true }).fill('98');
      const answer = await bet(a.page);
      const shownToB = Date.now();
      await b.page.locator(`[data-bet-id="${answer.bet.id}"]`).waitFor({ timeout: 1000 });
      expect(Date.now() - shownToB).toBeLessThan(1000);
      if (answer.bet.payout > 0) {
        placed = answer;
        break;
      }
    }
    expect(placed).not.toBeNull();
    const id = placed!.bet.id;

    await a.page.getByRole('tab', { name: 'MY BETS' }).click();
    await a.page.locator(`[data-bet-id="${id}"]`).waitFor();
    await b.page.getByRole('tab', { name: 'HIGH ROLLERS' }).click();
    await b.page.locator(`[data-bet-id="${id}"]`).waitFor();
    await a.context.close();
    await b.context.close();
  });
});
