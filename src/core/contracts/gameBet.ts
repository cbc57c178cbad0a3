import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { ErrorReply } from './common';

/** What the four game contracts share: the settled bet row and the refusal shapes. */

/** In a bet's answer: the server seed that decided it, when instant reveal made it public as the bet settled. */
export const RevealedServerSeed = Type.String({
  description: 'Instant reveal only: the server seed of this bet, public once it settled; its SHA-256 is the seedHash shown before the bet.',
});

/** A settled bet as the live table and MY BETS show it (one row of the `bets` table). */
export const SettledBet = Type.Object({
  id: Type.Integer(),
  gameName: Type.Union([Type.Literal('Dice'), Type.Literal('Mines'), Type.Literal('Blackjack'), Type.Literal('Baccarat')]),
  playerName: Type.String(),
  wager: Type.Number({ description: 'Coins staked on the round.' }),
  currency: Type.String(),
  multiplier: Type.Number({ description: 'payout ÷ wager, 4 decimals, floored.' }),
  payout: Type.Number({ description: 'Coins paid back, 0 for a loss.' }),
  serverSeed: Type.Optional(RevealedServerSeed),
});
export type SettledBet = Static<typeof SettledBet>;

/** The bet's currency: a symbol the casino knows and lets players bet in (ACC is not bettable). */
export const BetCurrency = Type.String({ minLength: 1, maxLength: 12, description: 'A currency symbol, any case (USDT, btc…).' });

/**
 * A refusal from a game whose answers are `{ success, ..., errorMessage }` (mines, blackjack,
 * baccarat): the usual `{ error, message }` plus `success: false` and the sentence again as
 * `errorMessage`. A refusal by the game's rules has the sentence in `error` too, and may carry a
 * stable `code`.
 */
export function gameRefusal<const P extends Record<string, TSchema>>(extra: P = {} as P) {
  return Type.Object(
    {
      success: Type.Literal(false),
      errorMessage: Type.String(),
      error: Type.String(),
      message: Type.String(),
      code: Type.Optional(Type.String({ description: 'A stable reason, when the game gives one.' })),
      ...extra,
    },
    { additionalProperties: true, description: 'What was refused, in words a player can act on; nothing changed.' },
  );
}
// An explicit {}: called bare, the extra fields infer as Record<string, TSchema> and every field's static type widens to unknown.
export const GameRefusal = gameRefusal({});
export type GameRefusal = Static<typeof GameRefusal>;

/** Every error status a game call can answer, each with the given body. */
export const errorsOf = <S extends TSchema>(body: S) => ({ 400: body, 401: body, 404: body, 409: body, 500: body, 503: body }) as const;

/** The dice answers its errors like every other route. */
export const PlainErrors = errorsOf(ErrorReply);
