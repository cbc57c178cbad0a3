import type { BlackjackActiveGameReply, BlackjackAnswer } from '../../machines/blackjack/machine';
import type { WireBlackjackGame } from '../../src/core/games/blackjack';
import { HIDDEN_CARD } from '../../src/core/games/cards';
import { ada } from './authFixtures';
import { cardIndex } from './cardIndex';

/**
 * The blackjack rounds the machine tests, the machine's path spec and the screen's path spec play,
 * as the server sends them (docs/api-guide.md: GET /blackjack/get-active-game, POST /blackjack/bet and
 * /blackjack/{action}). One round of 1 USDT unless a round says otherwise.
 */

export function wire(overrides: Partial<WireBlackjackGame>): WireBlackjackGame {
  return {
    id: 7,
    currency: 'USDT',
    playerHand1: [cardIndex('Ten'), cardIndex('Six')],
    playerHand2: [],
    dealerHand: [cardIndex('Nine'), HIDDEN_CARD],
    playerScore1: 16,
    playerScore2: 0,
    dealerScore: 9,
    isSplit: false,
    activeHandIndex: 0,
    betAmount: 1,
    betAmount2: 0,
    resultAmount: 0,
    resultAmount2: 0,
    gameState: 'PlayerTurn',
    ...overrides,
  };
}

/** Ten and Six against the dealer's Nine. */
export const hardSixteen = wire({});
/** Two Eights: every action is allowed. */
export const pairGame = wire({ playerHand1: [cardIndex('Eight', 'Hearts'), cardIndex('Eight', 'Clubs')] });
/** Three cards: only hit and stand. */
export const threeCardGame = wire({ playerHand1: [cardIndex('Two'), cardIndex('Three'), cardIndex('Five')], playerScore1: 10 });
/** The pair split, the first hand active: each hand has two cards, so double is allowed, a second split is not. */
export const splitGame = wire({
  playerHand1: [cardIndex('Eight', 'Hearts'), cardIndex('Three')],
  playerHand2: [cardIndex('Eight', 'Clubs'), cardIndex('Two')],
  playerScore1: 11,
  playerScore2: 10,
  isSplit: true,
  betAmount2: 1,
});
/** The same split with the second hand active. */
export const splitSecondHand: WireBlackjackGame = { ...splitGame, activeHandIndex: 1 };
/** Over after the dealer drew two further cards: Nine, Two, Three, Five = 19 against 20. */
export const overWithDraws = wire({
  playerHand1: [cardIndex('Ten'), cardIndex('King')],
  playerScore1: 20,
  dealerHand: [cardIndex('Nine'), cardIndex('Two'), cardIndex('Three'), cardIndex('Five')],
  dealerScore: 19,
  resultAmount: 2,
  gameState: 'GameOver',
});
/** A natural at the deal: the dealer keeps two cards. */
export const natural = wire({
  playerHand1: [cardIndex('Ace'), cardIndex('King')],
  playerScore1: 21,
  dealerHand: [cardIndex('Nine'), cardIndex('Seven')],
  dealerScore: 16,
  resultAmount: 2.5,
  gameState: 'GameOver',
});
/** Busted on a hit: Ten, Six, King = 26; the dealer does not draw (Nine, Ten = 19), nothing back. */
export const bustGame = wire({
  playerHand1: [cardIndex('Ten'), cardIndex('Six'), cardIndex('King')],
  playerScore1: 26,
  dealerHand: [cardIndex('Nine'), cardIndex('Ten')],
  dealerScore: 19,
  gameState: 'GameOver',
});

/** The split round over after a hit on the second hand: 21 on three cards wins, 16 loses to the dealer's 19: a push overall. */
export const splitPush = wire({
  ...splitSecondHand,
  playerHand1: [cardIndex('Eight', 'Hearts'), cardIndex('Three'), cardIndex('Ten')],
  playerHand2: [cardIndex('Eight', 'Clubs'), cardIndex('Two'), cardIndex('Six')],
  playerScore1: 21,
  playerScore2: 16,
  dealerHand: [cardIndex('Nine'), cardIndex('Ten')],
  dealerScore: 19,
  resultAmount: 2,
  gameState: 'GameOver',
});
/** The split round over after doubling the second hand: 11 loses, the doubled 19 ties the dealer's 19 (its 2 back of 3 staked). */
export const splitDoubledTie = wire({
  ...splitSecondHand,
  playerHand2: [cardIndex('Eight', 'Clubs'), cardIndex('Two'), cardIndex('Nine')],
  playerScore2: 19,
  betAmount2: 2,
  dealerHand: [cardIndex('Nine'), cardIndex('Ten')],
  dealerScore: 19,
  resultAmount2: 2,
  gameState: 'GameOver',
});

/** A bet or action answered with the round still in play: the stake left the balance. */
export const inPlay = (game: WireBlackjackGame, balance = 99): BlackjackAnswer => ({ success: true, game, errorMessage: null, balance, bet: null });
/**
 * The answer that ends a round: it carries the settled bet row the live table holds back until the
 * reveal is over, the row of the component tests' signed-in player (ada).
 */
export const over = (game: WireBlackjackGame, balance = 101, betId = 42): BlackjackAnswer => {
  const wager = game.betAmount + game.betAmount2;
  const payout = game.resultAmount + game.resultAmount2;
  return {
    success: true,
    game,
    errorMessage: null,
    balance,
    bet: { id: betId, gameName: 'Blackjack', playerName: ada.userName, wager, currency: game.currency, multiplier: Math.floor((payout / wager) * 10_000) / 10_000, payout },
  };
};
/** GET /blackjack/get-active-game with a round open: the round and the balance, no bet row. */
export const restorable = (game: WireBlackjackGame, balance = 99): BlackjackActiveGameReply => ({ success: true, game, errorMessage: null, balance });
/** GET /blackjack/get-active-game with nothing open. */
export const nothingOpen: BlackjackActiveGameReply = { success: true, game: null, errorMessage: null };
