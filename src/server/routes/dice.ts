import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DiceBet } from '../../core/contracts/dice';
import { createFloatStream } from '../../core/fairness/floats';
import { diceProfitOnWinUnits, isValidChance, settleDiceBet } from '../../core/games/dice';
import type { DiceTarget } from '../../core/games/dice';
import { unitsToNumber } from '../../core/money';
import { diceTheoreticalRtp } from '../../core/bets/rtp';
import { checkWager } from '../bets/checks';
import { stakeAndPay } from '../bets/payout';
import { recordBet, usdCents } from '../bets/record';
import { gameRoute } from '../bets/plugin';
import type { Sql } from '../db/sql';
import { badRequest } from '../errors';
import { nodeHmacSha256 } from '../fairness/hmac';
import { revealedOnSettle, takeBetSeed } from '../fairness/seeds';
import { playerAccount } from '../ledger/ledger';
import { guardStake } from '../responsible/store';

/** 99 / chance pays 99% of the fair 100 / chance. */
const DICE_HOUSE_EDGE = 0.01;

/**
 * The dice bet's database transaction: limits, checks, nonce, roll, bet row, ledger transfers and
 * settlement hooks, all or nothing, on the transaction's handle `tx`. The route runs it through
 * `app.bets.commit` (on SQLite in a group commit); bench/dice.ts calls this very function inside
 * `app.db.transaction` to measure the bet without HTTP.
 */
export function diceBetTransaction(app: FastifyInstance) {
  return async (tx: Sql, userId: number, wager: bigint, currency: string, chance: number, target: DiceTarget) => {
    const limits = await app.wallet.limitsFor(tx, 'dice', currency);
    const player = playerAccount(userId, currency);
    const usdRate = app.wallet.rates.get(currency) ?? 0;
    await guardStake(tx, { userId, wagerCents: BigInt(usdCents(wager, usdRate)) });
    await checkWager(tx, { game: 'dice', chance, player, currency, wager, limits, maxProfitUnits: diceProfitOnWinUnits(wager, chance) });

    const seed = await takeBetSeed(tx, userId);
    const floatAt = createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at;
    const settlement = settleDiceBet({ wagerUnits: wager, chance, target, floatAt });
    const bet = await recordBet(tx, {
      userId,
      game: 'Dice',
      currency,
      wager,
      payout: settlement.payoutUnits,
      seed,
      outcome: { roll: settlement.roll, chance, target, win: settlement.win },
      usdRate,
    });
    const balance = await stakeAndPay(tx, { player, currency, wager, payout: settlement.payoutUnits, ref: `dice:${bet.id}` });
    await app.settlement.settled(tx, {
      betId: bet.id,
      userId,
      game: 'Dice',
      currency,
      wager,
      payout: settlement.payoutUnits,
      houseEdge: DICE_HOUSE_EDGE,
      theoreticalRtp: diceTheoreticalRtp(chance),
      usdRate,
    });
    return { bet, settlement, nonce: seed.nonce, balance, ...revealedOnSettle(seed) };
  };
}

export const diceRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const placeBet = diceBetTransaction(fastify);

  app.post(DiceBet.path, gameRoute(app, DiceBet), async (request) => {
    const { chance, target } = request.body;
    const currency = app.bets.currency(request.body.currency);
    const wager = app.bets.wager(request.body.betAmount);
    if (!isValidChance(chance)) throw badRequest('Win chance must be from 0.01 to 98 with at most 2 decimals.', 'invalid_chance');

    const userId = request.user!.id;
    const result = await app.bets.commit((tx) => placeBet(tx, userId, wager, currency, chance, target));
    return {
      balance: unitsToNumber(result.balance),
      bet: {
        id: result.bet.id,
        roll: result.settlement.roll,
        wager: result.bet.wager,
        payout: result.bet.payout,
        multiplier: result.settlement.multiplier,
        nonce: result.nonce,
        win: result.settlement.win,
        ...(result.serverSeed === undefined ? {} : { serverSeed: result.serverSeed }),
      },
    };
  });
};
