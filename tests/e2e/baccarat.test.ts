import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dealOrder } from '../../machines/baccarat/machine';
import { chipFaces, chipLadder } from '../../src/core/bets/chips';
import { fiatToUnits, formatCrypto, unitsToNumber } from '../../src/core/money';
import { DEFAULT_EXCHANGE_RATES, DEFAULT_LIMITS } from '../../src/server/wallet/config';
import { DESKTOP, documentWidth, hasChromium, openOnPhone, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

interface BetAnswer {
  success: boolean;
  game: { playerHand: number[]; bankerHand: number[]; playerScore: number; bankerScore: number; resultAmount: number };
  balance: number;
}

async function signUpWithDemoFunds(page: Page): Promise<string> {
  const userName = uniqueName('bac');
  await signUpInBrowser(page, userName);
  await claimDemoFundsInBrowser(page);
  return userName;
}

/** The chips the server's default baccarat limits and rates give a currency: values (coins) and faces. */
function expectedChips(currency: string): { values: number[]; faces: string[] } {
  const rate = DEFAULT_EXCHANGE_RATES[currency] as number;
  const ladder = chipLadder({
    minBet: -fiatToUnits(-DEFAULT_LIMITS.baccarat.minBet, rate),
    maxBet: fiatToUnits(DEFAULT_LIMITS.baccarat.maxBet, rate),
    exchangeRate: rate,
  });
  return { values: ladder.map(unitsToNumber), faces: chipFaces(ladder, { exchangeRate: rate, fiat: false }) };
}

const SCREENS = path.resolve('.tmp/screens');

const headerBalance = (page: Page) => page.getByTestId('header-balance').textContent();
const expectHeaderBalance = (page: Page, amount: number) =>
  page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatCrypto(amount));

/** Records every card as it turns face up, with its hand, in the order the page shows them. */
function recordDeal(page: Page) {
  return page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { dealt: string[] }).dealt = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement) || !node.dataset.card) continue;
          const side = node.closest('[data-testid^="hand-"]')?.getAttribute('data-testid')?.replace('hand-', '');
          seen.push(`${side}:${node.dataset.card}`);
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

describe.skipIf(!hasChromium())('baccarat in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should stack chips on two areas, deal the cards in order, show the result and the balance, and refund a refused bet', async () => {
    const { context, page } = await openPage(browser());
    await page.goto('/baccarat');
    await signUpWithDemoFunds(page);
    const start = Number(await headerBalance(page));
    expect(start).toBeGreaterThan(0);

    // Two of the cheapest chips (about 10¢) on Player, one of about $1 on Banker.
    const [cheapest = 0, dollar = 0] = expectedChips('BTC').values;
    const player = page.getByRole('button', { name: /^Bet on Player/ });
    const banker = page.getByRole('button', { name: /^Bet on Banker/ });
    await player.click();
    await player.click();
    await page.getByRole('button', { name: 'Chip $1', exact: true }).click();
    await banker.click();
    expect(await page.getByTestId('stack-player').getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('stack-banker').getAttribute('data-count')).toBe('1');
    expect(await page.getByTestId('total-player').textContent()).toBe(formatCrypto(2 * cheapest));
    expect(await page.getByTestId('total-banker').textContent()).toBe(formatCrypto(dollar));
    const stake = Number((2 * cheapest + dollar).toFixed(8));

    await recordDeal(page);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/baccarat/bet'));
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    // The stake leaves the balance at once; the controls wait for the round.
    await expectHeaderBalance(page, Number((start - stake).toFixed(8)));
    expect(await page.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
    const round = (await (await answered).json()) as BetAnswer;
    expect(round.success).toBe(true);

    const outcome = round.game.resultAmount > stake ? 'You Won' : round.game.resultAmount < stake ? 'You Lost' : 'Draw';
    await page.getByTestId('baccarat-outcome').getByText(outcome, { exact: true }).waitFor();
    const dealt = await page.evaluate(() => (window as unknown as { dealt: string[] }).dealt);
    expect(dealt).toEqual(dealOrder(round.game).map((c) => `${c.side}:${c.card}`));
    expect(dealt.slice(0, 4).map((c) => c.split(':')[0])).toEqual(['player', 'banker', 'player', 'banker']);
    expect(await page.getByTestId('score-player').textContent()).toBe(String(round.game.playerScore));
    expect(await page.getByTestId('score-banker').textContent()).toBe(String(round.game.bankerScore));
    await expectHeaderBalance(page, round.balance);
    expect(await page.getByRole('button', { name: 'Bet', exact: true }).isEnabled()).toBe(true);

    // Another tab spends the whole balance through the API; the page still shows the old one, so the
    // browser's checks pass and the server refuses the next round.
    const before = round.balance;
    await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}`, 'content-type': 'application/json' };
      const { address } = await (await fetch('/api/wallet/get-deposit-address?currency=BTC', { headers })).json();
      const wallets: Array<{ currencySymbol: string; balance: number }> = await (await fetch('/api/wallet/get-wallets', { headers })).json();
      const amount = wallets.find((w) => w.currencySymbol === 'BTC')?.balance ?? 0;
      const answer = await fetch('/api/wallet/withdraw', { method: 'POST', headers, body: JSON.stringify({ currency: 'BTC', address, amount }) });
      if (!answer.ok) throw new Error(`withdraw failed: ${answer.status} ${await answer.text()}`);
    });
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/baccarat/bet'));
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    expect((await refused).status()).toBe(400);
    await page.getByTestId('baccarat-message').getByText('Balance too low.').waitFor();
    await expectHeaderBalance(page, before);
    // The message clears after 3 s and the chips stay for another try.
    await page.getByTestId('baccarat-message').getByText('Balance too low.').waitFor({ state: 'detached', timeout: 6_000 });
    expect(await page.getByTestId('stack-player').getAttribute('data-count')).toBe('2');
    await context.close();
  });

  it('should fit a 375 px phone: the felt, the three areas and the controls without sideways scrolling', async () => {
    const { context, page } = await openOnPhone(browser(), '/baccarat', 'Baccarat');
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    for (const name of [/^Bet on Player/, /^Bet on Tie/, /^Bet on Banker/, 'Chip 10¢', 'Clear']) {
      const box = await page.getByRole('button', { name, exact: typeof name === 'string' }).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('button', { name: 'Bet', exact: true }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Bet', exact: true }).isVisible()).toBe(true);
    await context.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`should offer chips in the selected currency, each reachable, and take a first bet with the default chip (${label})`, async () => {
      const { context, page } = await openPage(browser(), viewport);
      await page.goto('/baccarat');
      await signUpInBrowser(page, uniqueName(label === 'phone' ? 'bcp' : 'bcd'));
      for (const currency of ['USDT', 'BTC']) {
        // The claim selects the currency: the chips follow it.
        await claimDemoFundsInBrowser(page, currency);
        const { values, faces } = expectedChips(currency);
        const row = page.getByRole('group', { name: 'Chip value' });
        await expect.poll(() => row.getByRole('button').allTextContents()).toEqual(faces);
        expect(await page.getByTestId('chip-worth').textContent()).toBe(`${formatCrypto(values[0] ?? 0)} ${currency}`);

        // Every chip can be brought into view and tapped (the row scrolls if it must).
        const chips = row.getByRole('button');
        for (let i = 0; i < faces.length; i++) {
          const chip = chips.nth(i);
          await chip.scrollIntoViewIfNeeded();
          const box = await chip.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
          await chip.click();
          expect(await chip.getAttribute('aria-pressed')).toBe('true');
        }
        expect(await documentWidth(page)).toBeLessThanOrEqual(viewport.width);

        // The default (cheapest) chip on Player: the real server takes it.
        await chips.first().click();
        await page.getByRole('button', { name: /^Bet on Player/ }).click();
        fs.mkdirSync(SCREENS, { recursive: true });
        await page.getByRole('region', { name: 'Baccarat' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(SCREENS, `baccarat-${label}-${currency}.png`), fullPage: true });
        const answered = page.waitForResponse((r) => r.url().endsWith('/api/baccarat/bet'));
        await page.getByRole('button', { name: 'Bet', exact: true }).click();
        const response = await answered;
        expect(response.request().postDataJSON()).toEqual({ playerBetAmount: values[0], tieBetAmount: 0, bankerBetAmount: 0, currency });
        expect(response.status()).toBe(200);
        expect(((await response.json()) as BetAnswer).success).toBe(true);
        await page.getByTestId('baccarat-outcome').getByText(/^(You Won|You Lost|Draw)$/).waitFor();
        await page.screenshot({ path: path.join(SCREENS, `baccarat-${label}-${currency}-dealt.png`), fullPage: true });
      }
      await context.close();
    });
  }
});
