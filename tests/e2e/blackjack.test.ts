import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, toWireGame } from '../../src/core/games/blackjack';
import type { BlackjackState } from '../../src/core/games/blackjack';
import { describeCard, HIDDEN_CARD } from '../../src/core/games/cards';
import { planRound, readSeedPairs } from '../support/blackjackSeeds';
import type { PlannedRound, PlannedStep } from '../support/blackjackSeeds';
import { documentWidth, hasChromium, openOnPhone, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser } from '../support/players';

const BET = '0.0001';
const BET_UNITS = 10_000n;
const SPLIT_PLAN: PlannedStep[] = [
  { action: 'split', hand: 0 },
  { action: 'double', hand: 0 },
  { action: 'hit', hand: 1 },
  { action: 'stand', hand: 1 },
];
const HIT_PLAN: PlannedStep[] = [
  { action: 'hit', hand: 0 },
  { action: 'stand', hand: 0 },
];

/** What the table says about a card (PlayingCard's accessible name). */
const cardName = (index: number) => {
  if (index === HIDDEN_CARD) return 'Face-down card';
  const card = describeCard(index);
  return `${card.rank} of ${card.suit}`;
};
const names = (cards: readonly number[]) => cards.map(cardName);

const units = (text: string) => BigInt(Math.round(Number(text.replace(/,/g, '')) * 1e8));

async function signUp(page: Page, userName: string) {
  await page.goto('/');
  await signUpInBrowser(page, userName);
}

/** Wallet → Get demo funds in the Cashier modal; answers the balance the header then shows. */
async function claimDemoFunds(page: Page): Promise<bigint> {
  await claimDemoFundsInBrowser(page);
  await page.waitForFunction(() => Number(document.querySelector('[data-testid="header-balance"]')?.textContent?.replace(/,/g, '')) > 0);
  return balance(page);
}

const balance = async (page: Page) => units((await page.getByTestId('header-balance').textContent()) ?? '');

/** The player's own API call, with the token the app stored (as a verifier with devtools would). */
function api(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { method, path, body },
  );
}

const dealer = (page: Page) => page.getByRole('region', { name: "Dealer's hand" });
const cardsIn = (page: Page, hand: string) =>
  page
    .getByRole('region', { name: hand })
    .getByRole('img')
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
const dealerCards = (page: Page) => dealer(page).getByRole('img').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

/** Which of HIT, STAND, SPLIT, DOUBLE are enabled, in that order. */
const enabledActions = (page: Page) =>
  page
    .getByRole('group', { name: 'Actions' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).map((b) => b.querySelector('span')?.textContent));

/**
 * Records what the table shows at every change (dealer's cards, the outcome, the header balance)
 * from now on, so the order of the reveal can be checked afterwards.
 */
async function recordReveal(page: Page) {
  await page.evaluate(() => {
    const frames: Frame[] = [];
    (window as unknown as { revealFrames: typeof frames }).revealFrames = frames;
    const take = () => {
      const dealerCards = [...document.querySelectorAll('[data-testid="dealer-cards"] [role="img"]')].map((c) => c.getAttribute('aria-label') ?? '');
      const frame = {
        dealer: dealerCards,
        outcome: document.querySelector('[data-testid="round-outcome"]') !== null,
        balance: document.querySelector('[data-testid="header-balance"]')?.textContent ?? '',
      };
      const last = frames[frames.length - 1];
      if (!last || JSON.stringify(last) !== JSON.stringify(frame)) frames.push(frame);
    };
    take();
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}
const revealFrames = (page: Page) => page.evaluate(() => (window as unknown as { revealFrames: Frame[] }).revealFrames);

type Frame = { dealer: string[]; outcome: boolean; balance: string };

/** The reveal went card by card, and the result and the settled balance came only after the last card. */
function expectRevealInOrder(frames: Frame[], finalDealer: string[], balanceBefore: bigint, finalBalance: bigint) {
  expect(frames[0]!.dealer).toEqual([finalDealer[0], 'Face-down card']);
  const faceUp = frames.map((f) => f.dealer.filter((d) => d !== 'Face-down card').length);
  faceUp.slice(1).forEach((count, i) => expect([0, 1]).toContain(count - faceUp[i]!));
  // Every step of the reveal was on screen: the hole card alone, then each drawn card.
  for (let shown = 1; shown <= finalDealer.length; shown += 1) expect(faceUp).toContain(shown);
  const firstOutcome = frames.findIndex((f) => f.outcome);
  expect(frames[firstOutcome]!.dealer).toEqual(finalDealer);
  expect(frames.slice(0, firstOutcome).every((f) => !f.outcome)).toBe(true);
  if (finalBalance !== balanceBefore) {
    // The balance stays where it was while the dealer plays (it may land in the frame just before the result).
    frames.slice(0, Math.max(0, firstOutcome - 1)).forEach((f) => expect(units(f.balance)).toBe(balanceBefore));
  }
  expect(units(frames[frames.length - 1]!.balance)).toBe(finalBalance);
}

/**
 * Stands (by `stand`) while recording the table, then checks that the dealer's cards came out one by
 * one to `dealerHand` and the header settled from `before` to `after` only with the result.
 */
async function standAndWatchReveal(page: Page, stand: () => Promise<unknown>, dealerHand: readonly number[], before: bigint, after: bigint) {
  await recordReveal(page);
  await stand();
  await page.getByTestId('round-outcome').waitFor();
  await page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatUnits(after));
  expect(await dealerCards(page)).toEqual(names(dealerHand));
  expectRevealInOrder(await revealFrames(page), names(dealerHand), before, after);
}

const wire = (state: BlackjackState) => toWireGame(state, 0, 'BTC');

describe.skipIf(!hasChromium())('blackjack in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should play a split with a double, survive a reload mid-round, reveal the dealer card by card and settle the balance', async () => {
    const { context, page } = await openPage(browser());
    const userName = `bj_${Date.now().toString(36)}`;
    await signUp(page, userName);
    let expected = await claimDemoFunds(page);

    // Choose the cards as a verifier would: the next server seed is committed, so search client
    // seeds for rounds that allow what we want to show, then rotate to that client seed.
    expect((await api(page, 'GET', '/casino/get-seed')).status).toBe(200);
    const { next } = readSeedPairs(inject('dataDir'), userName);
    const dealerDrew = (s: BlackjackState) => s.gameState === 'GameOver' && s.dealer.length > 2;
    let planned1: PlannedRound | null = null;
    let planned2: PlannedRound | null = null;
    for (let i = 0; i < 200_000 && !planned2; i += 1) {
      const clientSeed = `bjE2e${i}`;
      // Nonce 0: split, double hand 1, hit hand 2 and stand, each hand still in play until then.
      planned1 = planRound(next.serverSeed, clientSeed, 0, BET_UNITS, SPLIT_PLAN, (states) =>
        states.slice(1, 4).every((s) => s.gameState === 'PlayerTurn') && dealerDrew(states[4]!));
      // Nonce 1: hit, still in play, stand.
      if (planned1) planned2 = planRound(next.serverSeed, clientSeed, 1, BET_UNITS, HIT_PLAN, (states) => dealerDrew(states[2]!));
    }
    if (!planned1 || !planned2) throw new Error('no client seed gives both rounds');
    const rotated = await api(page, 'POST', '/casino/rotate-seed', { clientSeed: planned1.clientSeed });
    expect(rotated.status).toBe(200);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Blackjack' }).click();
    await page.getByRole('heading', { name: 'Blackjack', level: 1 }).waitFor();
    expect(await enabledActions(page)).toEqual([]);
    await page.getByLabel('Bet amount').fill(BET);
    await page.getByRole('button', { name: 'Bet', exact: true }).click();

    // Round 1: the deal; the hole card is face down, and split is offered on the pair.
    const [deal, split, doubled, hit, over] = planned1.states.map(wire) as [ReturnType<typeof wire>, ...ReturnType<typeof wire>[]];
    await page.getByRole('region', { name: 'Your hand' }).getByRole('img').nth(1).waitFor();
    expect(await dealerCards(page)).toEqual(names(deal.dealerHand));
    expect(await dealerCards(page)).toContain('Face-down card');
    expect(await cardsIn(page, 'Your hand')).toEqual(names(deal.playerHand1));
    expect(await enabledActions(page)).toEqual(['HIT', 'STAND', 'SPLIT', 'DOUBLE']);
    expected -= BET_UNITS;
    await page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatUnits(expected));

    // P splits: two hands, the first one in play, its stake taken.
    await page.keyboard.press('p');
    await page.getByRole('region', { name: 'Hand 2' }).waitFor();
    expect(await cardsIn(page, 'Hand 1')).toEqual(names(split!.playerHand1));
    expect(await cardsIn(page, 'Hand 2')).toEqual(names(split!.playerHand2));
    expect(await page.getByRole('region', { name: 'Hand 1' }).getAttribute('aria-current')).toBe('true');
    expect(await enabledActions(page)).toEqual(['HIT', 'STAND', 'DOUBLE']);
    expected -= BET_UNITS;
    await page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatUnits(expected));

    // DOUBLE on hand 1: one card, the hand stands, hand 2 is in play.
    await page.getByRole('button', { name: /^DOUBLE/ }).click();
    await page.getByRole('region', { name: 'Hand 2', exact: true }).and(page.locator('[aria-current="true"]')).waitFor();
    expect(await cardsIn(page, 'Hand 1')).toEqual(names(doubled!.playerHand1));
    expected -= BET_UNITS;
    await page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatUnits(expected));

    // A reload mid-round restores the hands as they were, hole card still face down.
    await page.reload();
    await page.getByRole('region', { name: 'Hand 2' }).and(page.locator('[aria-current="true"]')).waitFor();
    expect(await cardsIn(page, 'Hand 1')).toEqual(names(doubled!.playerHand1));
    expect(await cardsIn(page, 'Hand 2')).toEqual(names(doubled!.playerHand2));
    expect(await dealerCards(page)).toEqual(names(doubled!.dealerHand));
    await page.waitForFunction((text) => document.querySelector('[data-testid="header-balance"]')?.textContent === text, formatUnits(expected));

    // HIT on hand 2, then S stands: the dealer's reveal, then the result per hand and the balance.
    await page.getByRole('button', { name: /^HIT/ }).click();
    await page.getByRole('region', { name: 'Hand 2' }).getByRole('img').nth(2).waitFor();
    expect(await cardsIn(page, 'Hand 2')).toEqual(names(hit!.playerHand2));
    const before1 = expected;
    expected += planned1.payout!;
    await standAndWatchReveal(page, () => page.keyboard.press('s'), over!.dealerHand, before1, expected);
    const outcomes = settle(planned1.states[4]!).outcomes;
    const label = { blackjack: 'Blackjack', win: 'Win', push: 'Tie', lose: 'Lose' } as const;
    expect(await page.getByTestId('hand-result-0').textContent()).toBe(label[outcomes[0]!]);
    expect(await page.getByTestId('hand-result-1').textContent()).toBe(label[outcomes[1]!]);
    expect(await enabledActions(page)).toEqual([]);
    // The round, held back from the live table while it was animated, is in it now.
    await page
      .getByRole('region', { name: 'Bets' })
      .getByRole('row')
      .filter({ hasText: userName })
      .filter({ hasText: 'Blackjack' })
      .first()
      .waitFor();

    // Round 2 with the same seeds (nonce 1): H hits, STAND stands, the dealer draws.
    const [deal2, hit2, over2] = planned2.states.map(wire);
    // The reload emptied the amount: Bet now says why, then bets once it is filled.
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Bet must be greater than 0' }).waitFor();
    await page.getByLabel('Bet amount').fill(BET);
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.getByTestId('round-outcome').waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Your hand' }).getByRole('img').nth(1).waitFor();
    expect(await cardsIn(page, 'Your hand')).toEqual(names(deal2!.playerHand1));
    expect(await dealerCards(page)).toEqual(names(deal2!.dealerHand));
    expected -= BET_UNITS;
    await page.keyboard.press('h');
    await page.getByRole('region', { name: 'Your hand' }).getByRole('img').nth(2).waitFor();
    expect(await cardsIn(page, 'Your hand')).toEqual(names(hit2!.playerHand1));
    expect(await enabledActions(page)).toEqual(['HIT', 'STAND']);
    const before2 = expected;
    expected += planned2.payout!;
    await standAndWatchReveal(page, () => page.getByRole('button', { name: /^STAND/ }).click(), over2!.dealerHand, before2, expected);
    await context.close();
  });

  it('should open the login modal for a visitor and fit a 375 px phone', async () => {
    const { context, page } = await openOnPhone(browser(), '/blackjack', 'Blackjack table');
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

function formatUnits(value: bigint): string {
  const whole = value / 100_000_000n;
  const fraction = (value % 100_000_000n).toString().padStart(8, '0');
  return `${whole.toLocaleString('en-US')}.${fraction}`;
}
