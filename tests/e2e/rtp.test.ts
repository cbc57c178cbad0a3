import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, cuttableLiveLink, DESKTOP, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { httpPlayer } from '../support/httpPlayer';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/**
 * Issue 23 "The RTP we really paid": /rtp in Chromium against the real server, at 1366 px and 375 px.
 * Other files' bets may land on the same server meanwhile, so the page is compared with the server's
 * own answer, and a bet played here must show without a reload.
 */

interface GameRtp {
  game: string;
  bets: number;
  wageredUsd: number;
  paidOutUsd: number;
  rtp: number | null;
  theoreticalRtp: number | null;
}

const report = async (): Promise<GameRtp[]> => ((await (await fetch(`${baseUrl()}/api/casino/rtp`)).json()) as { games: GameRtp[] }).games;
const percent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(2)}%`);
const dollars = (value: number) => `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const bets = async (page: Page, slug: string) => Number((await page.getByTestId(`rtp-${slug}-bets`).textContent())!.replace(/,/g, ''));

/** Waits until the page shows at least `atLeast` bets of the game, then checks its card against the server. */
async function expectCardMatchesServer(page: Page, name: string, atLeast: number) {
  const slug = name.toLowerCase();
  await expect.poll(() => bets(page, slug), { timeout: 8000 }).toBeGreaterThanOrEqual(atLeast);
  // The page and the server agree once no bet is in flight (the figures may move while bets land).
  await expect
    .poll(
      async () => {
        const game = (await report()).find((g) => g.game === name)!;
        const card = page.getByTestId(`rtp-${slug}`);
        const shown = [
          await card.getByTestId(`rtp-${slug}-bets`).textContent(),
          await card.getByTestId(`rtp-${slug}-wagered`).textContent(),
          await card.getByTestId(`rtp-${slug}-paid`).textContent(),
          await card.getByTestId(`rtp-${slug}-measured`).textContent(),
          await card.getByTestId(`rtp-${slug}-theoretical`).textContent(),
        ];
        return JSON.stringify(shown) === JSON.stringify([game.bets.toLocaleString('en-US'), dollars(game.wageredUsd), dollars(game.paidOutUsd), percent(game.rtp), percent(game.theoreticalRtp)]);
      },
      { timeout: 8000 },
    )
    .toBe(true);
}

describe.skipIf(!hasChromium())('the measured RTP page in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should open from the footer for a visitor at 1366 px, show every game, and follow bets played elsewhere without a reload', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    try {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Fairness' }).getByRole('link', { name: 'Measured RTP' }).click();
      await page.waitForURL('**/rtp');
      const region = page.getByRole('region', { name: 'The RTP we really paid' });
      await region.waitFor();
      for (const name of ['Dice', 'Mines', 'Blackjack', 'Baccarat']) await region.getByRole('article', { name }).waitFor();
      const before = await bets(page, 'dice');

      // Another player bets three times on dice; the page follows through the live feed.
      const { as } = await httpPlayer('rtp');
      for (const chance of [50, 50, 20]) await as('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance, target: 'under' });
      await expectCardMatchesServer(page, 'Dice', before + 3);
      const dice = page.getByRole('article', { name: 'Dice' });
      expect(await dice.getByTestId('rtp-dice-interval').textContent()).toMatch(/^\d+\.\d\d% – \d+\.\d\d%$/);
      expect(Number(await dice.getByRole('img').getAttribute('data-bets'))).toBeGreaterThanOrEqual(3);
      expect(await documentWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    } finally {
      await context.close();
    }
  });

  it('should catch up on the bets played while its live connection was down, once it is back (desktop)', async () => {
    const { page, context } = await openPage(browser(), DESKTOP);
    const link = await cuttableLiveLink(page);
    try {
      await page.goto('/rtp');
      await page.getByRole('region', { name: 'The RTP we really paid' }).waitFor();
      const { as } = await httpPlayer('rtpdown');
      const play = () => as('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'under' });
      // A bet shown without a reload: the link is up.
      const first = await bets(page, 'dice');
      await play();
      await expectCardMatchesServer(page, 'Dice', first + 1);

      // The link drops and stays down while two bets land: the hub cannot announce them to this page.
      await link.cut();
      const before = await bets(page, 'dice');
      await play();
      await play();
      expect(await bets(page, 'dice')).toBe(before);

      // Back (the live connection retries after 2 s, then 10 s): the page reads the figures again by itself.
      link.restore();
      await expect.poll(() => bets(page, 'dice'), { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 2);
      await expectCardMatchesServer(page, 'Dice', before + 2);
    } finally {
      await context.close();
    }
  });

  it('should show a signed-in player’s own bets at 375 px as they land, with the page still one column wide', async () => {
    const { page, context } = await openPage(browser(), PHONE);
    try {
      await page.goto('/dice');
      await signUpInBrowser(page, uniqueName('rtpphone'));
      await claimDemoFundsInBrowser(page, 'BTC');
      const game = page.getByRole('region', { name: 'Dice' });
      await game.getByLabel('Bet amount').fill('0.0001');
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
      await game.getByRole('button', { name: 'Bet', exact: true }).click();
      expect((await answer).status()).toBe(200);

      await page.goto('/rtp');
      await page.getByRole('region', { name: 'The RTP we really paid' }).waitFor();
      await expectCardMatchesServer(page, 'Dice', 1);
      const mines = await bets(page, 'mines');

      // A mines round played elsewhere lands on the open page.
      const { as } = await httpPlayer('rtp');
      await as('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' });
      const pick = (await as('POST', '/mines/pick', { tileId: 7 })) as { isMine: boolean };
      if (!pick.isMine) await as('POST', '/mines/cashout');
      await expectCardMatchesServer(page, 'Mines', mines + 1);
      expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    } finally {
      await context.close();
    }
  });
});
