import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BlackjackActions, BlackjackActiveGame, BlackjackBet } from '../../core/contracts/blackjack';
import { unitsToNumber } from '../../core/money';
import type { RoundAnswer } from '../blackjack/rounds';
import { gameRoute } from '../bets/plugin';

/**
 * docs/product.md §7 /blackjack calls (src/core/contracts/blackjack.ts). Every answer is `{ success, game,
 * errorMessage }` (§3 game, hole card hidden until GameOver) plus the new `balance`; a round that
 * ends with the request also carries its `bet` row, whose id the browser uses to release the round
 * to the live table (animationOver). Every error carries the round as it stands, null by default.
 */
const SUCCESS_REFUSAL = { game: null };

// The bet row as broadcast, plus an instant-reveal seed once the round is over.
const withSeed = (result: RoundAnswer) => result.bet && { ...result.bet, ...(result.serverSeed === undefined ? {} : { serverSeed: result.serverSeed }) };

const answer = (result: RoundAnswer) =>
  ({ success: true, game: result.game, errorMessage: null, balance: unitsToNumber(result.balance), bet: withSeed(result) }) as const;

export const blackjackRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rounds = app.blackjackRounds;

  app.post(BlackjackBet.path, gameRoute(app, BlackjackBet, SUCCESS_REFUSAL), async (request) => {
    const userId = request.user!.id;
    const currency = app.bets.currency(request.body.currency);
    const wager = app.bets.wager(request.body.betAmount);
    return answer(await app.bets.commit((tx) => rounds.bet(tx, userId, wager, currency)));
  });

  for (const [action, contract] of Object.entries(BlackjackActions) as Array<[keyof typeof BlackjackActions, (typeof BlackjackActions)[keyof typeof BlackjackActions]]>) {
    app.post(contract.path, gameRoute(app, contract, SUCCESS_REFUSAL), async (request) => {
      const userId = request.user!.id;
      const { activeHand } = request.body;
      return answer(await app.bets.commit((tx) => rounds.act(tx, userId, action, activeHand)));
    });
  }

  app.get(BlackjackActiveGame.path, gameRoute(app, BlackjackActiveGame, SUCCESS_REFUSAL), async (request) => {
    const active = await rounds.activeGame(request.user!.id);
    if (!active) return { success: true, game: null, errorMessage: null } as const;
    return { success: true, game: active.game, errorMessage: null, balance: unitsToNumber(active.balance) } as const;
  });
};
