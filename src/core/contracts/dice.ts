import { Type } from 'typebox';
import { routeGroup } from './common';
import type { Body, Reply } from './common';
import { WireAmount } from './common';
import { BetCurrency, PlainErrors, RevealedServerSeed } from './gameBet';

/** POST /dice/bet: one roll, settled at once. A refusal answers `{ error, message }`, both the sentence. */
const dice = routeGroup('dice');

export const DiceBet = dice.post('bet', 'Roll the dice: win when the roll lands under (or over) the target set by the win chance.', {
  auth: true,
  body: Type.Object(
    {
      betAmount: WireAmount,
      currency: BetCurrency,
      chance: Type.Number({ description: 'Win chance in percent, 0.01 to 98, at most 2 decimals.' }),
      target: Type.Enum(['under', 'over']),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      balance: Type.Number({ description: 'The player balance in the bet currency after the roll.' }),
      bet: Type.Object({
        id: Type.Integer(),
        roll: Type.Number({ description: '0.00 to 99.99.' }),
        wager: Type.Number(),
        payout: Type.Number(),
        multiplier: Type.Number(),
        nonce: Type.Integer({ description: 'The nonce of the seed pair that decided the roll.' }),
        win: Type.Boolean(),
        serverSeed: Type.Optional(RevealedServerSeed),
      }),
    }),
    ...PlainErrors,
  },
});
export type DiceBetRequest = Body<typeof DiceBet>;
export type DiceBetReply = Reply<typeof DiceBet>;
