import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BetDetail } from '../../machines/betRecall/machine';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** The /bet/ID page (issue 20) as a visitor and a player see it, with the real verifier in the browser. */

const BACKGROUND = {
  '/payments/get-exchange-rates': [{ symbol: 'USDT', exchangeRate: 1 }],
  '/casino/get-bets': { latestBets: [{ id: 42, gameName: 'Dice', playerName: 'grace', wager: 1, currency: 'USDT', multiplier: 0, payout: 0 }], myBets: [], highrollerBets: [] },
  '/casino/get-limits': { data: { limit: { minBet: 0.00001, maxBet: 100, maxPayout: 100 } } },
};

/** docs/fairness.md's worked example: nonce 1 rolls 70.61, a loss under 49.5. */
const SEED = '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea';
const HASH = 'b14ebc2510c9b27ec843ae98686260cc691338edf2db0a2d625fa50a1f4ebba7';
const dice: BetDetail = {
  id: 42, gameName: 'Dice', playerName: 'grace', wager: 1, currency: 'USDT', multiplier: 0, payout: 0, createdAt: '2026-11-26T10:00:00.000Z',
  outcome: { roll: 70.61, chance: 49.5, target: 'under', win: false }, seedHash: HASH, clientSeed: 'abc', nonce: 1, serverSeed: SEED,
};

type Answer = { status: number; body: unknown } | 'no response';

function openBet(path: string, answers: Answer[]) {
  const api = fakeApi({ '/casino/get-bet': () => answers.shift() ?? { status: 500, body: { error: 'x', message: 'unexpected' } } }, BACKGROUND);
  const view = renderApp(path, { fetch: api.fetch });
  const asked = () => api.calls.filter((c) => c.path === '/casino/get-bet');
  return { ...view, api, asked };
}

const found = (bet: BetDetail): Answer => ({ status: 200, body: { bet } });
const fairness = () => screen.getByRole('region', { name: 'Fairness' });
const game = () => screen.getByRole('region', { name: 'The game as played' });

describe('a bet recalled at /bet/ID', () => {
  it('should show a visitor the bet, the roll against its target, and verify it in the browser', async () => {
    openBet('/bet/42', [found(dice)]);
    await screen.findByRole('heading', { name: 'Bet #42' });
    const summary = screen.getByLabelText('Bet');
    expect(within(summary).getByText('grace')).toBeTruthy();
    expect(within(summary).getByText('26 Nov 2026, 10:00:00 UTC')).toBeTruthy();
    expect(within(game()).getByLabelText('Roll 70.61, a loss').textContent).toBe('70.61');
    expect(within(game()).getByText('Roll under 49.50')).toBeTruthy();
    expect(within(fairness()).getByText(SEED)).toBeTruthy();

    fireEvent.click(within(fairness()).getByRole('button', { name: 'Verify' }));
    const checks = await within(fairness()).findByRole('list', { name: 'Verification' });
    expect(within(checks).getAllByRole('listitem').map((item) => [item.dataset.ok, item.textContent])).toEqual([
      ['true', '✓SHA-256 of the server seed equals the hash shown before the bet.'],
      ['true', '✓Recomputed here: roll 70.61, the same as the dice bet shows.'],
    ]);
  });

  it('should say which check fails when the record or the hash is not what the seed gives', async () => {
    openBet('/bet/42', [found({ ...dice, outcome: { roll: 12.34, chance: 49.5, target: 'under', win: true }, seedHash: 'f'.repeat(64) })]);
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Fairness' })).findByRole('button', { name: 'Verify' }));
    const checks = await within(fairness()).findByRole('list', { name: 'Verification' });
    expect(within(checks).getAllByRole('listitem').map((item) => [item.dataset.ok, item.textContent])).toEqual([
      ['false', '✗SHA-256 of the server seed does not equal the hash shown before the bet.'],
      ['false', '✗Recomputed here: roll 70.61, which differs from what the bet shows.'],
    ]);
  });

  it('should say the seed is revealed when the player rotates, and offer no Verify, while it is secret', async () => {
    openBet('/bet/42', [found({ ...dice, serverSeed: null })]);
    const panel = await screen.findByRole('region', { name: 'Fairness' });
    expect(within(panel).getByRole('note').textContent).toMatch(/^The server seed is still secret: it is revealed when the player rotates their seed pair/);
    expect(within(panel).queryByRole('button', { name: 'Verify' })).toBeNull();
    expect(within(panel).queryByText('Server seed', { exact: true })).toBeNull();
    expect(within(panel).getByText(HASH)).toBeTruthy();
  });

  it('should draw a mines board with the picks in order and the mine that ended it', async () => {
    openBet('/bet/7', [found({ ...dice, id: 7, gameName: 'Mines', outcome: { minesCount: 3, mines: [0, 6, 24], gems: [12, 3], hitMine: 6 } })]);
    const board = await screen.findByRole('list', { name: 'Mines board as played' });
    const tiles = within(board).getAllByRole('listitem');
    expect(tiles).toHaveLength(25);
    expect(tiles.filter((t) => t.dataset.face !== 'gem').map((t) => t.getAttribute('aria-label'))).toEqual([
      'Tile 0: mine',
      'Tile 3: gem, pick 2',
      'Tile 6: the mine picked',
      'Tile 12: gem, pick 1',
      'Tile 24: mine',
    ]);
    expect(within(game()).getByText('Hit a mine on pick 3')).toBeTruthy();
  });

  it('should draw a split blackjack round hand by hand and card by card', async () => {
    // 8♦ 5♣ 8♥ 10♠, split: 3♦ and 2♣; hand 1 hits 4♦, hand 2 hits 9♦; the dealer draws 4♦.
    const outcome = {
      playerHands: [{ cards: [24, 4, 8], bet: '100000000', doubled: false }, { cards: [25, 3, 28], bet: '100000000', doubled: false }],
      dealerHand: [15, 34, 8],
      outcomes: ['lose', 'push'],
    };
    openBet('/bet/8', [found({ ...dice, id: 8, gameName: 'Blackjack', outcome, multiplier: 0.5, payout: 1 })]);
    await screen.findByRole('heading', { name: 'Bet #8' });
    expect(within(game()).getByRole('region', { name: 'Dealer' }).textContent).toMatch(/^Dealer19/);
    expect(within(game()).getByRole('region', { name: 'Hand 1' }).textContent).toMatch(/^Hand 115Lose/);
    expect(within(game()).getByRole('region', { name: 'Hand 2' }).textContent).toMatch(/^Hand 219Push/);
    const dealt = within(game()).getAllByRole('img').slice(-9).map((card) => card.getAttribute('aria-label'));
    expect(dealt).toEqual(['Eight of Diamonds', 'Five of Clubs', 'Eight of Hearts', 'Ten of Spades', 'Three of Diamonds', 'Two of Clubs', 'Four of Diamonds', 'Nine of Diamonds', 'Four of Diamonds']);
    expect(within(game()).getByText('2. Dealer')).toBeTruthy();
    expect(within(game()).getByText('6. Hand 2')).toBeTruthy();
  });

  it('should draw a baccarat tableau with the winner and the stake on each area', async () => {
    const outcome = { bets: { player: '100000000', tie: '20000000', banker: '0' }, playerHand: [0, 12], bankerHand: [24, 48], playerScore: 5, bankerScore: 9, winner: 'banker' };
    openBet('/bet/9', [found({ ...dice, id: 9, gameName: 'Baccarat', outcome })]);
    await screen.findByRole('heading', { name: 'Bet #9' });
    expect(within(game()).getByRole('region', { name: 'Banker' }).dataset.winner).toBe('true');
    expect(within(game()).getByRole('region', { name: 'Player' }).dataset.winner).toBeUndefined();
    expect(within(game()).getByText('Banker wins')).toBeTruthy();
    expect(within(game()).getByText('On tie').nextSibling?.textContent).toMatch(/^0\.20000000 /);
  });

  it('should answer an unknown bet, a malformed address and a server that does not answer with clear messages', async () => {
    const unknown = openBet('/bet/99', [{ status: 404, body: { error: 'bet_not_found', message: 'No bet with that id.' } }]);
    await screen.findByRole('heading', { name: 'No bet #99.' });
    unknown.unmount();

    const malformed = openBet('/bet/4x2', []);
    await screen.findByRole('heading', { name: 'That is not a bet number.' });
    expect(screen.getByText('A bet’s address is /bet/ followed by its number, for example /bet/42.')).toBeTruthy();
    expect(malformed.asked()).toEqual([]);
    malformed.unmount();

    const offline = openBet('/bet/42', ['no response', found(dice)]);
    await screen.findByRole('heading', { name: 'This bet could not be loaded.' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Bet #42' });
    expect(offline.asked().length).toBe(2);
  });

  it("should copy the bet's address, mark it copied for 1.5 s, and say so when the clipboard refuses", async () => {
    const copied: string[] = [];
    let refuse = false;
    const writeText = async (text: string) => {
      if (refuse) throw new Error('denied');
      copied.push(text);
    };
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { clock } = openBet('/bet/42', [found(dice)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await screen.findByRole('button', { name: 'Link copied' });
    expect(copied).toEqual([`${window.location.origin}/bet/42`]);
    await clock.advance(1_499);
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy();
    await clock.advance(1);
    await screen.findByRole('button', { name: 'Copy link' });

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not copy: copy the address from the address bar.');
  });

  it('should open a bet from a click on its row in the bets table', async () => {
    const { history, asked } = openBet('/dice', [found(dice)]);
    const table = await screen.findByRole('region', { name: 'Bets' });
    const row = await within(table).findByRole('row', { name: /grace/ });
    fireEvent.click(within(row).getByText('grace'));
    await screen.findByRole('heading', { name: 'Bet #42' });
    expect(history.location.pathname).toBe('/bet/42');
    await waitFor(() => expect(asked().length).toBe(1));
    expect(within(table.ownerDocument.body).getByRole('link', { name: 'Play Dice' }).getAttribute('href')).toBe('/dice');
  });
});
