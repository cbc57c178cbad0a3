import type { FastifyPluginAsync } from 'fastify';
import { BET_MESSAGES, checkBaccaratBetUnits, checkMaxWinUnits } from '../../core/bets/validation';
import type { BaccaratBetsUnits } from '../../core/bets/validation';
import { createFloatStream } from '../../core/fairness/floats';
import { baccaratExactRtp, dealBaccarat, settleBaccarat, toWireBaccaratGame } from '../../core/games/baccarat';
import { unitsToNumber } from '../../core/money';
import { payFromHouse } from '../bets/payout';
import { recordBet } from '../bets/record';
import { addRefusalFields } from '../bets/refusal';
import { AppError, badRequest } from '../errors';
import { nodeHmacSha256 } from '../fairness/hmac';
import { takeBetSeed } from '../fairness/seeds';
import { balanceOf, houseAccount, InsufficientFundsError, playerAccount, transfer } from '../ledger/ledger';
import { amountSchema, parseAmountField } from '../wallet/amounts';

interface BaccaratBetBody {
  playerBetAmount: number | string;
  tieBetAmount: number | string;
  bankerBetAmount: number | string;
  currency: string;
}

/** The spec's words in `error` and `message` (and, by the onSend hook, in `errorMessage`). */
const refuse = (message: string, status = 400) => new AppError(status, message, message);

/** House edge of each bet over the infinite deck (docs/baccarat.md): player 1.23%, banker 1.06%, tie 14.12%. */
const RTP = baccaratExactRtp();
const HOUSE_EDGE = { player: 1 - RTP.player, tie: 1 - RTP.tie, banker: 1 - RTP.banker } as const;

/** A round mixing areas has the stake-weighted edge of its bets (what the rewards pool shares). */
export function roundHouseEdge(bets: BaccaratBetsUnits): number {
  const total = bets.player + bets.tie + bets.banker;
  if (total <= 0n) return 0;
  const weighted = Number(bets.player) * HOUSE_EDGE.player + Number(bets.tie) * HOUSE_EDGE.tie + Number(bets.banker) * HOUSE_EDGE.banker;
  return weighted / Number(total);
}

/** One area's stake: zero or more, by the one amount grammar (src/server/wallet/amounts.ts). */
const areaUnits = (value: unknown, field: string): bigint => parseAmountField(value, field, { allowZero: true });

/** The largest profit the three areas could bring together, over the three possible winners. */
export function maxProfitOf(bets: BaccaratBetsUnits): bigint {
  let best = 0n;
  for (const winner of ['player', 'banker', 'tie'] as const) {
    const settlement = settleBaccarat(bets, { winner });
    const profit = settlement.resultAmount - settlement.wager;
    if (profit > best) best = profit;
  }
  return best;
}

export const baccaratRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const bettable = db.prepare('SELECT bettable FROM currencies WHERE symbol = ?');

  const placeBet = db.transaction((userId: number, currency: string, bets: BaccaratBetsUnits) => {
    const limits = app.wallet.limitsFor('baccarat', currency);
    const player = playerAccount(userId, currency);
    const check = checkBaccaratBetUnits({ loggedIn: true, currency, balanceUnits: balanceOf(db, player), limits, bets });
    if (check.kind !== 'ok') throw refuse(check.kind === 'invalid' ? check.message : BET_MESSAGES.baccaratNoBet);
    const payable = checkMaxWinUnits({ game: 'baccarat', currency, amountUnits: bets.player + bets.tie + bets.banker, maxProfitUnits: maxProfitOf(bets), limits });
    if (payable.kind === 'invalid') throw refuse(payable.message);

    const usdRate = app.wallet.rates.get(currency) ?? 0;
    const seed = takeBetSeed(db, userId);
    const deal = dealBaccarat(createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at);
    const settlement = settleBaccarat(bets, deal);
    const bet = recordBet(db, {
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
    const ref = `baccarat:${bet.id}`;
    // The transfers report the balances they leave: no read-back of the player's balance.
    let balance = transfer(db, { from: player, to: houseAccount(currency), amount: settlement.wager, kind: 'bet', ref }).fromBalance;
    if (settlement.resultAmount > 0n) {
      balance = payFromHouse(db, { to: player, currency, amount: settlement.resultAmount, ref }).toBalance;
    }
    app.settlement.settled({
      betId: bet.id,
      userId,
      game: 'Baccarat',
      currency,
      wager: settlement.wager,
      payout: settlement.resultAmount,
      houseEdge: roundHouseEdge(bets),
      usdRate,
    });
    return { bet, game: toWireBaccaratGame(deal, settlement.resultAmount), balance };
  });

  app.post<{ Body: BaccaratBetBody }>(
    '/baccarat/bet',
    {
      onRequest: app.auth.requireUser,
      onSend: addRefusalFields,
      schema: {
        body: {
          type: 'object',
          required: ['playerBetAmount', 'tieBetAmount', 'bankerBetAmount', 'currency'],
          additionalProperties: false,
          properties: {
            playerBetAmount: amountSchema,
            tieBetAmount: amountSchema,
            bankerBetAmount: amountSchema,
            currency: { type: 'string', minLength: 1, maxLength: 12 },
          },
        },
      },
    },
    async (request) => {
      const { body } = request;
      const currency = body.currency.toUpperCase();
      const known = bettable.get(currency) as { bettable: number } | undefined;
      if (!known) throw badRequest(`Unknown currency ${body.currency}.`, 'unknown_currency');
      if (known.bettable !== 1) throw refuse(BET_MESSAGES.accNotAvailable);
      const bets: BaccaratBetsUnits = {
        player: areaUnits(body.playerBetAmount, 'playerBetAmount'),
        tie: areaUnits(body.tieBetAmount, 'tieBetAmount'),
        banker: areaUnits(body.bankerBetAmount, 'bankerBetAmount'),
      };

      let result: ReturnType<typeof placeBet>;
      try {
        const userId = request.user!.id;
        result = await app.groupCommit.run(() => placeBet(userId, currency, bets));
      } catch (error) {
        // The balance raced away between the check and the debit (a concurrent bet).
        if (error instanceof InsufficientFundsError && error.account.holder.startsWith('player')) {
          throw refuse(BET_MESSAGES.baccaratBalanceTooLow);
        }
        throw error;
      }
      app.hub.broadcast('bet', result.bet);
      return { success: true, game: result.game, balance: unitsToNumber(result.balance), bet: result.bet, errorMessage: null };
    },
  );
};
