import { Type } from 'typebox';
import type { Static } from 'typebox';
import { routeGroup, WireAmount } from './common';
import type { Body, Reply } from './common';
import { BetCurrency, errorsOf, gameRefusal, SettledBet } from './gameBet';

/**
 * The blackjack calls. Every answer is `{ success, game, errorMessage }` plus the new `balance`; a
 * round that ends with the request also carries its `bet` row, whose id the browser uses to release
 * the round to the live table once the reveal is over. A refusal carries the round as it stands
 * (null when there is none) and a stable `code` when the rules gave one.
 */

const Card = Type.Integer({ description: 'A card index 0–51, or 52 for the dealer hole card while the round is open.' });

export const BlackjackGame = Type.Object({
  id: Type.Union([Type.Integer(), Type.String()]),
  currency: Type.String(),
  playerHand1: Type.Array(Card),
  playerHand2: Type.Array(Card),
  dealerHand: Type.Array(Card),
  playerScore1: Type.Integer(),
  playerScore2: Type.Integer(),
  dealerScore: Type.Integer(),
  isSplit: Type.Boolean(),
  activeHandIndex: Type.Union([Type.Literal(0), Type.Literal(1)]),
  betAmount: Type.Number(),
  betAmount2: Type.Number(),
  resultAmount: Type.Number(),
  resultAmount2: Type.Number(),
  gameState: Type.Union([Type.Literal('PlayerTurn'), Type.Literal('GameOver')]),
});
export type BlackjackGame = Static<typeof BlackjackGame>;

const RoundReply = Type.Object({
  success: Type.Literal(true),
  game: BlackjackGame,
  errorMessage: Type.Null(),
  balance: Type.Number(),
  bet: Type.Union([SettledBet, Type.Null()]),
});

export const BlackjackRefusal = gameRefusal({ game: Type.Union([BlackjackGame, Type.Null()]) });
export type BlackjackRefusal = Static<typeof BlackjackRefusal>;
const Refusals = errorsOf(BlackjackRefusal);

const blackjack = routeGroup('blackjack');

export const BlackjackBet = blackjack.post('bet', 'Start a round: stake the bet and deal.', {
  auth: true,
  body: Type.Object({ betAmount: WireAmount, currency: BetCurrency }, { additionalProperties: false }),
  response: { 200: RoundReply, ...Refusals },
});
export type BlackjackBetRequest = Body<typeof BlackjackBet>;
export type BlackjackRoundReply = Reply<typeof BlackjackBet>;

const ActionBody = Type.Object(
  { activeHand: Type.Integer({ enum: [0, 1], description: 'The hand the action is for: 0, or 1 after a split.' }) },
  { additionalProperties: false },
);

const action = <const A extends 'stand' | 'hit' | 'double' | 'split'>(name: A, summary: string) =>
  blackjack.post(name, summary, { auth: true, body: ActionBody, response: { 200: RoundReply, ...Refusals } });

export const BlackjackActions = {
  stand: action('stand', 'Stand on the active hand.'),
  hit: action('hit', 'Take one more card on the active hand.'),
  double: action('double', 'Double the stake of a two-card hand and take exactly one card.'),
  split: action('split', 'Split a pair into two hands, staking the bet again.'),
} as const;
export type BlackjackActionRequest = Static<typeof ActionBody>;

export const BlackjackActiveGame = blackjack.get('get-active-game', 'The round in progress, to restore the table after a reload; game null when there is none.', {
  auth: true,
  response: {
    200: Type.Object({
      success: Type.Literal(true),
      game: Type.Union([BlackjackGame, Type.Null()]),
      errorMessage: Type.Null(),
      balance: Type.Optional(Type.Number({ description: 'With a round in progress only.' })),
    }),
    ...Refusals,
  },
});
export type BlackjackActiveGameReply = Reply<typeof BlackjackActiveGame>;
