import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WireBlackjackGame } from '../../src/core/games/blackjack';
import { HIDDEN_CARD } from '../../src/core/games/cards';
import { signedInStorage } from '../support/appReads';
import { cardIndex } from '../support/cardIndex';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import type { Reply, Route } from '../support/fakeApi';
import { renderApp } from './renderApp';


const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [
    { symbol: 'BTC', exchangeRate: 95_000 },
    { symbol: 'USDT', exchangeRate: 1 },
  ],
  '/wallet/get-wallets': [
    { currencySymbol: 'BTC', balance: 0.01 },
    { currencySymbol: 'USDT', balance: 250 },
  ],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-limits': { data: { limit: { minBet: 0.000001, maxBet: 0.01, maxPayout: 0.1 } } },
  '/blackjack/get-active-game': { success: true, game: null, errorMessage: null },
};

/** An instant-reveal round's server seed, public in the answer that ends it. */
const REVEALED_SEED = '6a'.repeat(32);


function renderBlackjack(options: { routes?: Record<string, Route>; storage?: Storage } = {}) {
  const api = fakeApi(options.routes ?? {}, BACKGROUND_READS);
  const { clock } = renderApp('/blackjack', { fetch: api.fetch, storage: options.storage ?? memoryStorage() });
  return Object.assign(api, { clock });
}

const C = {
  eightS: cardIndex('Eight', 'Spades'),
  eightH: cardIndex('Eight', 'Hearts'),
  nineC: cardIndex('Nine', 'Clubs'),
  tenD: cardIndex('Ten', 'Diamonds'),
  sixC: cardIndex('Six', 'Clubs'),
  sevenH: cardIndex('Seven', 'Hearts'),
  fourD: cardIndex('Four', 'Diamonds'),
  kingS: cardIndex('King', 'Spades'),
  aceH: cardIndex('Ace', 'Hearts'),
  threeS: cardIndex('Three', 'Spades'),
};

function game(over: Partial<WireBlackjackGame>): WireBlackjackGame {
  return {
    id: 7,
    currency: 'BTC',
    playerHand1: [C.eightS, C.eightH],
    playerHand2: [],
    dealerHand: [C.sixC, HIDDEN_CARD],
    playerScore1: 16,
    playerScore2: 0,
    dealerScore: 6,
    isSplit: false,
    activeHandIndex: 0,
    betAmount: 0.001,
    betAmount2: 0,
    resultAmount: 0,
    resultAmount2: 0,
    gameState: 'PlayerTurn',
    ...over,
  };
}

const answer = (g: WireBlackjackGame, extra: Record<string, unknown> = {}): Reply => ({
  status: 200,
  body: { success: true, game: g, errorMessage: null, balance: 0.009, bet: null, ...extra },
});

const actionButton = (label: 'HIT' | 'STAND' | 'SPLIT' | 'DOUBLE') => within(screen.getByRole('group', { name: 'Actions' })).getByRole('button', { name: label });
const enabledActions = () =>
  within(screen.getByRole('group', { name: 'Actions' }))
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.querySelector('span')?.textContent);
const cardNames = (region: string) =>
  within(screen.getByRole('region', { name: region }))
    .queryAllByRole('img')
    .map((c) => c.getAttribute('aria-label'));
const headerBalance = () => screen.getByTestId('header-balance').textContent;

async function placeBet(amount = '0.001') {
  const field = await screen.findByLabelText('Bet amount');
  fireEvent.change(field, { target: { value: amount } });
  const bet = screen.getByRole('button', { name: 'Bet' });
  await waitFor(() => expect((bet as HTMLButtonElement).disabled).toBe(false));
  await act(async () => void fireEvent.click(bet));
}

describe('Blackjack screen', () => {
  it('should open the login modal when a visitor presses Bet, with every action disabled', async () => {
    const api = renderBlackjack();
    await screen.findByRole('region', { name: 'Blackjack table' });
    expect(enabledActions()).toEqual([]);
    await placeBet();
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/blackjack/bet')).toBe(false);
  });

  it('should deal with the hole card face down and enable HIT, STAND, SPLIT and DOUBLE on a pair', async () => {
    const api = renderBlackjack({ storage: signedInStorage(), routes: { '/blackjack/bet': () => answer(game({})) } });
    await waitFor(() => expect(headerBalance()).toBe('0.01000000'));
    await placeBet();
    await screen.findByRole('region', { name: 'Your hand' });
    await waitFor(() => expect(cardNames('Your hand')).toEqual(['Eight of Spades', 'Eight of Hearts']));
    expect(api.calls.find((c) => c.path === '/blackjack/bet')?.body).toEqual({ betAmount: 0.001, currency: 'BTC' });
    expect(cardNames("Dealer's hand")).toEqual(['Six of Clubs', 'Face-down card']);
    expect(screen.getByTestId('dealer-score').textContent).toBe('6');
    expect(screen.getByTestId('hand-score-0').textContent).toBe('16');
    expect(enabledActions()).toEqual(['HIT', 'STAND', 'SPLIT', 'DOUBLE']);
    expect((screen.getByRole('button', { name: 'Bet' }) as HTMLButtonElement).disabled).toBe(true);
    // The stake left the balance at once.
    await waitFor(() => expect(headerBalance()).toBe('0.00900000'));
  });

  it('should split on P into two hands with the first marked, then offer no second split', async () => {
    const api = renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/bet': () => answer(game({})),
        '/blackjack/split': () =>
          answer(game({ isSplit: true, playerHand1: [C.eightS, C.threeS], playerHand2: [C.eightH, C.kingS], betAmount2: 0.001 }), { balance: 0.008 }),
      },
    });
    await placeBet();
    await waitFor(() => expect(enabledActions()).toContain('SPLIT'));
    await act(async () => void fireEvent.keyDown(document.body, { key: 'p' }));
    await screen.findByRole('region', { name: 'Hand 2' });
    expect(api.calls.find((c) => c.path === '/blackjack/split')?.body).toEqual({ activeHand: 0 });
    expect(screen.getByRole('region', { name: 'Hand 1' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('region', { name: 'Hand 2' }).getAttribute('aria-current')).toBeNull();
    expect(cardNames('Hand 2')).toEqual(['Eight of Hearts', 'King of Spades']);
    expect(screen.getByTestId('hand-score-1').textContent).toBe('18');
    expect(enabledActions()).toEqual(['HIT', 'STAND', 'DOUBLE']);
    await waitFor(() => expect(headerBalance()).toBe('0.00800000'));
  });

  it('should disable SPLIT on unequal cards and DOUBLE after a hit, and send the keys H and S', async () => {
    const api = renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/bet': () => answer(game({ playerHand1: [C.nineC, C.fourD], playerScore1: 13 })),
        '/blackjack/hit': () => answer(game({ playerHand1: [C.nineC, C.fourD, C.threeS], playerScore1: 16 })),
        '/blackjack/stand': () => ({ status: 409, body: { success: false, game: null, errorMessage: 'nope', error: 'game_changed', message: 'nope' } }),
      },
    });
    await placeBet();
    await waitFor(() => expect(enabledActions()).toEqual(['HIT', 'STAND', 'DOUBLE']));
    // Typing in the amount field is not a shortcut.
    fireEvent.keyDown(screen.getByLabelText('Bet amount'), { key: 'h' });
    expect(api.calls.some((c) => c.path === '/blackjack/hit')).toBe(false);
    await act(async () => void fireEvent.keyDown(document.body, { key: 'H' }));
    await waitFor(() => expect(cardNames('Your hand')).toHaveLength(3));
    expect(enabledActions()).toEqual(['HIT', 'STAND']);
    // A refused action is only logged (docs/product.md §8): the player chooses again.
    const warn = console.warn;
    console.warn = () => {};
    try {
      await act(async () => void fireEvent.keyDown(document.body, { key: 's' }));
      await waitFor(() => expect(api.calls.filter((c) => c.path === '/blackjack/stand')).toHaveLength(1));
      await waitFor(() => expect(enabledActions()).toEqual(['HIT', 'STAND']));
    } finally {
      console.warn = warn;
    }
  });

  it("should turn the hole card, deal the dealer's cards one by one, then show each hand's result and the balance", async () => {
    const final = game({
      playerHand1: [C.tenD, C.eightS],
      playerScore1: 18,
      dealerHand: [C.sixC, C.sevenH, C.fourD],
      dealerScore: 17,
      resultAmount: 0.002,
      gameState: 'GameOver',
    });
    const { clock } = renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/bet': () => answer(game({ playerHand1: [C.tenD, C.eightS], playerScore1: 18 })),
        // In instant reveal: the answer that ends the round reveals its seed.
        '/blackjack/stand': () => answer(final, {
          balance: 0.011,
          bet: { id: 99, gameName: 'Blackjack', playerName: 'ada', wager: 0.001, currency: 'BTC', multiplier: 2, payout: 0.002, serverSeed: REVEALED_SEED },
        }),
      },
    });
    await placeBet();
    await waitFor(() => expect(enabledActions()).toContain('STAND'));
    await waitFor(() => expect(headerBalance()).toBe('0.00900000'));
    await act(async () => void fireEvent.click(actionButton('STAND')));
    // The round is over on the server, but the table still hides the hole card and the result.
    await waitFor(() => expect(enabledActions()).toEqual([]));
    expect(cardNames("Dealer's hand")).toEqual(['Six of Clubs', 'Face-down card']);
    expect(screen.queryByTestId('round-outcome')).toBeNull();
    expect(headerBalance()).toBe('0.00900000');
    expect(screen.queryByRole('link', { name: /^Verify bet/ })).toBeNull();
    // docs/product.md §9: the hole card turns over in 300 ms, the dealer pauses 500 ms before each
    // further card, which comes in over 150 ms.
    await clock.advance(300);
    expect(cardNames("Dealer's hand")).toEqual(['Six of Clubs', 'Seven of Hearts']);
    expect(screen.getByTestId('dealer-score').textContent).toBe('13');
    expect(screen.queryByTestId('hand-result-0')).toBeNull();
    await clock.advance(500);
    expect(cardNames("Dealer's hand")).toEqual(['Six of Clubs', 'Seven of Hearts', 'Four of Diamonds']);
    expect(screen.queryByTestId('round-outcome')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Verify bet/ })).toBeNull();
    await clock.advance(150);
    expect(screen.getByTestId('round-outcome')).toBeTruthy();
    expect(screen.getByTestId('round-outcome').textContent).toContain('You won');
    expect(screen.getByTestId('hand-result-0').textContent).toBe('Win');
    expect(screen.getByTestId('dealer-score').textContent).toBe('17');
    await waitFor(() => expect(headerBalance()).toBe('0.01100000'));
    expect((screen.getByRole('button', { name: 'Bet' }) as HTMLButtonElement).disabled).toBe(false);
    // The round is over: its revealed seed, and a link to its page to verify it.
    expect(screen.getByRole('link', { name: 'Verify bet #99' }).getAttribute('href')).toBe('/bet/99');
    expect(screen.getByTitle(REVEALED_SEED).textContent).toBe(`${REVEALED_SEED.slice(0, 10)}…`);
  });

  it("should show the server's refusal under the Bet button", async () => {
    renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/bet': () => ({
          status: 400,
          body: { success: false, game: null, errorMessage: 'Bet must be less than less 0.01000000 BTC', error: 'bet_refused', message: 'Bet must be less than less 0.01000000 BTC' },
        }),
      },
    });
    await placeBet();
    expect((await screen.findByRole('alert')).textContent).toBe('Bet must be less than less 0.01000000 BTC');
  });

  it("should say 'An error occurred while placing the bet.' when the server cannot be reached", async () => {
    renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/bet': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await placeBet();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred while placing the bet.');
  });

  it('should check the amount before calling the server (docs/product.md §5)', async () => {
    const api = renderBlackjack({ storage: signedInStorage() });
    await waitFor(() => expect(headerBalance()).toBe('0.01000000'));
    await placeBet('0.5');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Can't bet more than balance"));
    expect(api.calls.some((c) => c.path === '/blackjack/bet')).toBe(false);
  });

  it("should restore an open round on load in the round's currency, with the dealer's Ace up shown as 1", async () => {
    renderBlackjack({
      storage: signedInStorage(),
      routes: {
        '/blackjack/get-active-game': () =>
          answer(game({ currency: 'USDT', playerHand1: [C.nineC, C.sevenH], dealerHand: [C.aceH, HIDDEN_CARD], betAmount: 5 }), { balance: 245 }),
      },
    });
    await waitFor(() => expect(cardNames('Your hand')).toEqual(['Nine of Clubs', 'Seven of Hearts']));
    expect(cardNames("Dealer's hand")).toEqual(['Ace of Hearts', 'Face-down card']);
    expect(screen.getByTestId('dealer-score').textContent).toBe('1');
    expect(enabledActions()).toEqual(['HIT', 'STAND', 'DOUBLE']);
    await waitFor(() => expect(headerBalance()).toBe('245.00000000'));
  });
});
