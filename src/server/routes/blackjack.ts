import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BET_MESSAGES } from '../../core/bets/validation';
import type { BlackjackAction, WireBlackjackGame } from '../../core/games/blackjack';
import { unitsToNumber } from '../../core/money';
import { BlackjackRefusal, createRounds } from '../blackjack/rounds';
import type { RoundAnswer } from '../blackjack/rounds';
import { hasOpenGame } from '../blackjack/games';
import { wagerOf } from '../bets/wager';
import { AppError, badRequest } from '../errors';
import { amountSchema } from '../wallet/amounts';

/**
 * SPEC §7 /blackjack calls. Every answer is `{ success, game, errorMessage }` (§3 game, hole card
 * hidden until GameOver) plus the new `balance`; a round that ends with the request also carries
 * its `bet` row, whose id the browser uses to release the round to the live table (animationOver).
 *
 * A refusal is a 4xx whose body is that same shape with `success: false`, the round as it stands
 * (or null) and the message in `errorMessage` (SPEC §8 shows it), `error` and `message` (the shape
 * of every other error), plus a stable `code`.
 */

interface BetBody {
  betAmount: unknown;
  currency: string;
}

interface ActionBody {
  activeHand: 0 | 1;
}

const refuse = (message: string) => new BlackjackRefusal(400, 'bet_refused', message);

function answer(result: RoundAnswer) {
  return {
    success: true,
    game: result.game,
    errorMessage: null,
    balance: unitsToNumber(result.balance),
    bet: result.bet,
  };
}

function refusalBody(code: string, message: string, game: WireBlackjackGame | null) {
  return { success: false, game, errorMessage: message, error: message, message, code };
}

const ACTIONS: readonly BlackjackAction[] = ['stand', 'hit', 'double', 'split'];

export const blackjackRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const bettable = db.prepare('SELECT bettable FROM currencies WHERE symbol = ?');
  const rounds = createRounds({
    db,
    limitsFor: (currency) => app.wallet.limitsFor('blackjack', currency),
    usdRate: (currency) => app.wallet.rates.get(currency) ?? 0,
    settled: (bet) => app.settlement.settled(bet),
  });

  // Rotating seeds mid-round would reveal the server seed that fixes the open round's cards.
  app.openGames.register((userId) => (hasOpenGame(db, userId) ? 'blackjack' : null));

  /** Runs one round request; refusals become the spec's answer shape, anything else the error handler. */
  const run = async (reply: FastifyReply, work: () => RoundAnswer) => {
    let result: RoundAnswer;
    try {
      // In a group commit: answered once the round's writes are durable (db/groupCommit.ts).
      result = await app.groupCommit.run(work);
    } catch (error) {
      if (error instanceof BlackjackRefusal) {
        return reply.code(error.statusCode).send(refusalBody(error.code, error.message, error.game));
      }
      if (error instanceof AppError && error.statusCode < 500) {
        return reply.code(error.statusCode).send(refusalBody(error.code, error.message, null));
      }
      throw error;
    }
    // After commit: the live table learns of a finished round only once it is certain.
    if (result.bet) app.hub.broadcast('bet', result.bet);
    return answer(result);
  };

  app.post<{ Body: BetBody }>(
    '/blackjack/bet',
    {
      onRequest: app.auth.requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['betAmount', 'currency'],
          additionalProperties: false,
          properties: {
            betAmount: amountSchema,
            currency: { type: 'string', minLength: 1, maxLength: 12 },
          },
        },
      },
    },
    async (request, reply) =>
      run(reply, () => {
        const userId = request.user!.id;
        const currency = request.body.currency.toUpperCase();
        const known = bettable.get(currency) as { bettable: number } | undefined;
        if (!known) throw badRequest(`Unknown currency ${request.body.currency}.`, 'unknown_currency');
        if (known.bettable !== 1) throw refuse(BET_MESSAGES.accNotAvailable);
        const wager = wagerOf(request.body.betAmount, refuse);
        return rounds.bet(userId, wager, currency);
      }),
  );

  for (const action of ACTIONS) {
    app.post<{ Body: ActionBody }>(
      `/blackjack/${action}`,
      {
        onRequest: app.auth.requireUser,
        schema: {
          body: {
            type: 'object',
            required: ['activeHand'],
            additionalProperties: false,
            properties: { activeHand: { type: 'integer', enum: [0, 1] } },
          },
        },
      },
      async (request, reply) => {
        const userId = request.user!.id;
        const { activeHand } = request.body;
        return run(reply, () => rounds.act(userId, action, activeHand));
      },
    );
  }

  app.get('/blackjack/get-active-game', { onRequest: app.auth.requireUser }, async (request) => {
    const active = rounds.activeGame(request.user!.id);
    if (!active) return { success: true, game: null, errorMessage: null };
    return { success: true, game: active.game, errorMessage: null, balance: unitsToNumber(active.balance) };
  });
};
