import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { BET_MESSAGES, checkBaccaratBetUnits, checkMaxWinUnits } from '../../core/bets/validation';
import type { BaccaratBetsUnits } from '../../core/bets/validation';
import { BaccaratBet } from '../../core/contracts/baccarat';
import { createFloatStream } from '../../core/fairness/floats';
import { baccaratTheoreticalRtp } from '../../core/bets/rtp';
import { dealBaccarat, maxProfitOf, roundHouseEdge, settleBaccarat, toWireBaccaratGame } from '../../core/games/baccarat';
import { unitsToNumber } from '../../core/money';
import { stakeAndPay } from '../bets/payout';
import { gameRoute } from '../bets/plugin';
import { recordBet, usdCents } from '../bets/record';
import type { Sql } from '../db/sql';
import { BetRefusal } from '../errors';
import { nodeHmacSha256 } from '../fairness/hmac';
import { revealedOnSettle, takeBetSeed } from '../fairness/seeds';
import { balanceOf, playerAccount } from '../ledger/ledger';
import { guardStake } from '../responsible/store';

/** The baccarat round's database transaction: checks, nonce, deal, bet row, transfers and settlement hooks. */
function baccaratBetTransaction(app: FastifyInstance) {
  return async (tx: Sql, userId: number, currency: string, bets: BaccaratBetsUnits) => {
    const limits = await app.wallet.limitsFor(tx, 'baccarat', currency);
    const player = playerAccount(userId, currency);
    const usdRate = app.wallet.rates.get(currency) ?? 0;
    await guardStake(tx, { userId, wagerCents: BigInt(usdCents(bets.player + bets.tie + bets.banker, usdRate)) });
    // The balance read only picks the refusal; the stake's debit is conditional (ledger.ts).
    const check = checkBaccaratBetUnits({ loggedIn: true, currency, balanceUnits: await balanceOf(tx, player), limits, bets });
    if (check.kind !== 'ok') throw new BetRefusal(check.kind === 'invalid' ? check.message : BET_MESSAGES.baccaratNoBet);
    const payable = checkMaxWinUnits({ game: 'baccarat', currency, amountUnits: bets.player + bets.tie + bets.banker, maxProfitUnits: maxProfitOf(bets), limits });
    if (payable.kind === 'invalid') throw new BetRefusal(payable.message);

    const seed = await takeBetSeed(tx, userId);
    const deal = dealBaccarat(createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at);
    const settlement = settleBaccarat(bets, deal);
    const bet = await recordBet(tx, {
      userId,
      game: 'Baccarat',
      currency,
      wager: settlement.wager,
      payout: settlement.resultAmount,
      seed,
      outcome: {
        bets,
        returns: settlement.returns,
        playerHand: deal.playerHand,
        bankerHand: deal.bankerHand,
        playerScore: deal.playerScore,
        bankerScore: deal.bankerScore,
        winner: deal.winner,
      },
      usdRate,
    });
    const balance = await stakeAndPay(tx, { player, currency, wager: settlement.wager, payout: settlement.resultAmount, ref: `baccarat:${bet.id}` });
    await app.settlement.settled(tx, {
      betId: bet.id,
      userId,
      game: 'Baccarat',
      currency,
      wager: settlement.wager,
      payout: settlement.resultAmount,
      houseEdge: roundHouseEdge(bets),
      theoreticalRtp: baccaratTheoreticalRtp(bets),
      usdRate,
    });
    return { bet, game: toWireBaccaratGame(deal, settlement.resultAmount), balance, ...revealedOnSettle(seed) };
  };
}

export const baccaratRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const placeBet = baccaratBetTransaction(fastify);

  // docs/product.md §7: the baccarat call answers `{ success, ..., errorMessage }`, its errors too.
  app.post(BaccaratBet.path, gameRoute(app, BaccaratBet, {}), async (request) => {
    const { body } = request;
    const currency = app.bets.currency(body.currency);
    const bets: BaccaratBetsUnits = {
      player: app.bets.stake(body.playerBetAmount, 'playerBetAmount'),
      tie: app.bets.stake(body.tieBetAmount, 'tieBetAmount'),
      banker: app.bets.stake(body.bankerBetAmount, 'bankerBetAmount'),
    };
    const userId = request.user!.id;
    // A balance that a concurrent bet took between the check and the debit.
    const result = await app.bets.commit((tx) => placeBet(tx, userId, currency, bets), BET_MESSAGES.baccaratBalanceTooLow);
    // The broadcast row went out as recorded; the answer adds an instant-reveal seed.
    const bet = { ...result.bet, ...(result.serverSeed === undefined ? {} : { serverSeed: result.serverSeed }) };
    return { success: true, game: result.game, balance: unitsToNumber(result.balance), bet, errorMessage: null } as const;
  });
};
