import { Type } from 'typebox';
import type { Static } from 'typebox';
import { routeGroup, WireAmount } from './common';
import type { Body, Reply } from './common';
import { BetCurrency, errorsOf, GameRefusal, RevealedServerSeed } from './gameBet';

/** The mines calls: every answer is `{ success, ..., errorMessage }`, a refusal too (`success: false`). */

const Refusals = errorsOf(GameRefusal);

const MineLocations = Type.Union([Type.Array(Type.Integer()), Type.Null()], { description: 'Every mine of the board, once the game is over.' });

/** At GameOver: the bets row the game was recorded as, to open its page (/bet/ID). */
const GameOverBetId = Type.Integer({ description: 'At GameOver only: the id of the bet the game was recorded as.' });

const mines = routeGroup('mines');

export const MinesBet = mines.post('bet', 'Start a mines game: stake the bet and fix the board from the seed pair.', {
  auth: true,
  body: Type.Object(
    { betAmount: WireAmount, minesCount: Type.Number({ description: 'A whole number from 1 to 24.' }), currency: BetCurrency },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ success: Type.Literal(true), balance: Type.Number(), errorMessage: Type.Null() }),
    ...Refusals,
  },
});
export type MinesBetRequest = Body<typeof MinesBet>;
export type MinesBetReply = Reply<typeof MinesBet>;

export const MinesPick = mines.post('pick', 'Reveal one tile: a mine ends the game with nothing won, the last gem cashes out.', {
  auth: true,
  // Any number passes the schema so 2.5, -1 and 25 get the same clear message from the game.
  body: Type.Object({ tileId: Type.Number({ description: 'A whole number from 0 to 24.' }) }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      success: Type.Literal(true),
      isMine: Type.Boolean(),
      gameState: Type.Union([Type.Literal('InPlay'), Type.Literal('GameOver')]),
      cashedOutAmount: Type.Number(),
      mineLocations: MineLocations,
      balance: Type.Optional(Type.Number({ description: 'At GameOver only.' })),
      betId: Type.Optional(GameOverBetId),
      serverSeed: Type.Optional(RevealedServerSeed),
    }),
    ...Refusals,
  },
});
export type MinesPickRequest = Body<typeof MinesPick>;
export type MinesPickReply = Reply<typeof MinesPick>;

export const MinesCashout = mines.post('cashout', 'End the game with the bet times the multiplier of the gems found.', {
  auth: true,
  // No body; an empty JSON object is accepted too.
  body: Type.Unsafe<Record<string, never> | null>({ type: ['object', 'null'], additionalProperties: false, properties: {} }),
  response: {
    200: Type.Object({
      success: Type.Literal(true),
      cashedOutAmount: Type.Number(),
      mineLocations: MineLocations,
      balance: Type.Number(),
      betId: Type.Optional(GameOverBetId),
      serverSeed: Type.Optional(RevealedServerSeed),
      errorMessage: Type.Null(),
    }),
    ...Refusals,
  },
});
export type MinesCashoutReply = Reply<typeof MinesCashout>;

export const ActiveMinesGame = Type.Object({
  betAmount: Type.Number(),
  minesCount: Type.Integer(),
  selectedTiles: Type.Array(Type.Integer(), { description: 'The gems revealed so far, in order.' }),
  currency: Type.String(),
});
export type ActiveMinesGame = Static<typeof ActiveMinesGame>;

export const MinesActiveGame = mines.get('get-active-game', 'The game in progress, to restore the board after a reload; null when there is none.', {
  auth: true,
  response: {
    200: Type.Object({ success: Type.Literal(true), game: Type.Union([ActiveMinesGame, Type.Null()]) }),
    ...Refusals,
  },
});
export type MinesActiveGameReply = Reply<typeof MinesActiveGame>;
