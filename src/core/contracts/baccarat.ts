import { Type } from 'typebox';
import { routeGroup, WireAmount } from './common';
import type { Body, Reply } from './common';
import { BetCurrency, errorsOf, GameRefusal, SettledBet } from './gameBet';

const Card = Type.Integer({ description: 'A card index 0–51.' });

export const BaccaratGame = Type.Object({
  playerHand: Type.Array(Card),
  bankerHand: Type.Array(Card),
  playerScore: Type.Integer(),
  bankerScore: Type.Integer(),
  resultAmount: Type.Number({ description: 'Coins paid back over the three areas.' }),
});

/** POST /baccarat/bet: a whole round at once. Answers `{ success, ..., errorMessage }`, a refusal too. */
const baccarat = routeGroup('baccarat');

export const BaccaratBet = baccarat.post('bet', 'Deal one round of punto banco over the stakes on player, tie and banker.', {
  auth: true,
  body: Type.Object(
    { playerBetAmount: WireAmount, tieBetAmount: WireAmount, bankerBetAmount: WireAmount, currency: BetCurrency },
    { additionalProperties: false, description: 'Each area zero or more; at least one above zero.' },
  ),
  response: {
    200: Type.Object({
      success: Type.Literal(true),
      game: BaccaratGame,
      balance: Type.Number(),
      bet: SettledBet,
      errorMessage: Type.Null(),
    }),
    ...errorsOf(GameRefusal),
  },
});
export type BaccaratBetRequest = Body<typeof BaccaratBet>;
export type BaccaratBetReply = Reply<typeof BaccaratBet>;
