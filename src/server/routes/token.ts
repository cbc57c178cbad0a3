import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as contract from '../../core/contracts/token';
import { unitsToFiatCents, unitsToNumber } from '../../core/money';
import { nextUtcMidnight } from '../../core/token/rewards';
import type { Sql } from '../db/sql';
import { AppError, badRequest } from '../errors';
import { InsufficientFundsError, balanceOf } from '../ledger/ledger';
import type { AuthUser } from '../plugins/auth';
import { ACC, miningTreasury, stakingAccount } from '../token/accounts';
import { addLiquidity, poolFigures, poolToWire, positionToWire, positionsOf, removeLiquidity } from '../token/bankroll';
import type { LiquidityResult } from '../token/bankroll';
import { currentMiningPosition, totalMined } from '../token/mining';
import type { PayoutRun } from '../token/payout';
import {
  HISTORY_PAGE_MAX,
  burnHistory,
  claimRewards,
  lockTokens,
  payoutHistory,
  rewardsOf,
  rewardsPools,
  stakingHistory,
  totalBurned,
  totalLocked,
  unlockTokens,
} from '../token/staking';
import type { PayoutTotals, StakingFigures, UnlockResult } from '../token/staking';
import { schemaOf } from './contract';
import { parsePage } from './paging';
import { parseAmountField } from '../wallet/amounts';
import { walletsOf } from '../wallet/cashier';
import { listCurrencies, requireCurrency } from '../wallet/currencies';

const n = unitsToNumber;
const signedIn = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
  return request.user;
};

const payoutsToWire = (rows: PayoutTotals[]) => rows.map((r) => ({ currency: r.currency, total: n(r.total), claimed: n(r.claimed) }));
const stakingToWire = (figures: StakingFigures) => ({
  balance: n(figures.balance),
  totalLocked: n(figures.totalLocked),
  userTotalStaked: n(figures.userTotalStaked),
});
const runToWire = (run: PayoutRun | null) => ({
  ran: run !== null,
  runKey: run?.runKey ?? null,
  payouts: (run?.payouts ?? []).map((p) => ({ currency: p.currency, amount: n(p.amount), stakers: p.stakers })),
});

/** Guards the bankroll calls: a known currency that has a pool (ACC is never bet, so it has none). */
async function poolCurrency(sql: Sql, symbol: string): Promise<string> {
  const currency = await requireCurrency(sql, symbol);
  if (!currency.bettable) throw badRequest(`${currency.symbol} has no bankroll pool: it is never bet`, 'no_pool');
  return currency.symbol;
}

/** A debit raced away between the check and the transfer (the transfer's conditional update refused it). */
function mapRace(error: unknown, message: string): never {
  if (error instanceof InsufficientFundsError) throw badRequest(message, 'insufficient_funds');
  throw error;
}

/** The /token calls: mining, staking, rewards and the bankroll pools (docs/token.md); shapes in src/core/contracts/token.ts. */
export const tokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const { config } = app.token;
  const onRequest = app.auth.requireUser;

  const notifyStaking = async (userId: number, event: 'lockedTokens' | 'unlockedTokens', payload: Record<string, unknown>) => {
    app.hub.sendToUser(userId, event, payload);
    const totals = { totalLocked: n(await totalLocked(db)), totalBurned: n(await totalBurned(db)) };
    app.hub.broadcast('stakingTotals', totals);
  };
  const notifyLiquidity = (userId: number, event: 'invested' | 'divested', currency: string, result: LiquidityResult) => {
    const pool = poolToWire(result.pool);
    app.hub.sendToUser(userId, event, { currency, amount: n(result.amount), pool, position: positionToWire(result.position) });
    app.hub.broadcast('bankrollPool', { pool });
  };

  app.get(contract.getTokenDetails.path, { schema: schemaOf(contract.getTokenDetails) }, async () => {
    const mined = await totalMined(db);
    const burned = await totalBurned(db);
    const locked = await totalLocked(db);
    const position = await currentMiningPosition(db, config);
    const price = app.wallet.rates.get(ACC) ?? 0;
    const totalSupply = mined - burned;
    const circulating = totalSupply - locked;
    return {
      tokenDetails: {
        ...config.details,
        maxSupply: n(config.maxSupply),
        totalSupply: n(totalSupply),
        circulatingSupply: n(circulating),
        price,
        marketCap: price > 0 && circulating > 0n ? Number(unitsToFiatCents(circulating, price)) / 100 : 0,
        totalTokensMined: n(mined),
        totalBurned: n(burned),
        totalLocked: n(locked),
        miningLevelNumber: position.level.levelNumber,
        miningDifficulty: position.level.difficulty,
      },
    };
  });

  app.get(contract.getMiningLevels.path, { schema: schemaOf(contract.getMiningLevels) }, async () => {
    const position = await currentMiningPosition(db, config);
    return {
      miningLevels: config.levels.map((level) => ({ levelNumber: level.levelNumber, supply: n(level.supply), difficulty: level.difficulty })),
      mining: {
        maxSupply: n(config.maxSupply),
        totalMined: n(await totalMined(db)),
        unmined: n(await balanceOf(db, miningTreasury())),
        levelNumber: position.level.levelNumber,
        difficulty: position.level.difficulty,
        levelSupply: n(position.level.supply),
        minedInLevel: n(position.minedInLevel),
        remainingInLevel: n(position.remainingInLevel),
        exhausted: position.exhausted,
      },
    };
  });

  app.get(contract.getStakingPageData.path, { schema: schemaOf(contract.getStakingPageData) }, async (request) => {
    const userId = request.user?.id;
    return {
      pools: (await rewardsPools(db)).map((pool) => ({ currency: pool.currency, totalStaked: n(pool.amount) })),
      totalLocked: n(await totalLocked(db)),
      userTotalStaked: userId === undefined ? 0 : n(await balanceOf(db, stakingAccount(userId))),
      stakingPayouts: userId === undefined ? [] : payoutsToWire(await rewardsOf(db, userId)),
      dailyPayoutShare: config.dailyPayoutShare,
      unlockFee: config.unlockFee,
      nextPayoutAt: new Date(nextUtcMidnight(Date.now())).toISOString(),
    };
  });

  const toHistory = <R extends { amount: bigint }>(rows: R[]) => rows.map((row) => ({ ...row, amount: n(row.amount) }));
  // Paged: `?before=<id of the last row seen>&limit=<1..100>`, newest first; a page shorter than
  // `limit` is the last. Without them: the newest 100, what the SPA shows.
  app.get(contract.getBurnHistory.path, { schema: schemaOf(contract.getBurnHistory) }, async (request) => ({
    burnHistory: toHistory(await burnHistory(db, parsePage(request.query, HISTORY_PAGE_MAX, HISTORY_PAGE_MAX))),
  }));
  app.get(contract.getPayoutHistory.path, { schema: schemaOf(contract.getPayoutHistory) }, async (request) => ({
    payoutHistory: toHistory(await payoutHistory(db, parsePage(request.query, HISTORY_PAGE_MAX, HISTORY_PAGE_MAX))),
  }));
  app.get(contract.getStakingHistory.path, { onRequest, schema: schemaOf(contract.getStakingHistory) }, async (request) => ({
    stakingHistory: (await stakingHistory(db, signedIn(request).id, parsePage(request.query, HISTORY_PAGE_MAX, HISTORY_PAGE_MAX))).map((row) => ({ ...row, amount: n(row.amount), fee: n(row.fee) })),
  }));

  app.post(contract.claimRewards.path, { onRequest, schema: schemaOf(contract.claimRewards) }, async (request) => {
    const user = signedIn(request);
    const claimed = await claimRewards(db, user.id);
    return {
      walletBalances: (await walletsOf(db, user.id)).map((w) => ({ currency: w.currency, balance: n(w.balance) })),
      stakingPayouts: payoutsToWire(await rewardsOf(db, user.id)),
      claimed: claimed.map((c) => ({ currency: c.currency, amount: n(c.amount) })),
    };
  });

  app.get(contract.getBankrollPageData.path, { schema: schemaOf(contract.getBankrollPageData) }, async (request) => {
    const pools = [];
    for (const currency of await listCurrencies(db)) if (currency.bettable) pools.push(poolToWire(await poolFigures(db, currency.symbol)));
    return { pools, playerInvestments: request.user ? (await positionsOf(db, request.user.id)).map(positionToWire) : [] };
  });

  app.post(contract.lock.path, { onRequest, schema: schemaOf(contract.lock) }, async (request) => {
    const user = signedIn(request);
    const amount = parseAmountField(request.body.amount);
    let figures: StakingFigures;
    try {
      figures = await lockTokens(db, user.id, amount);
    } catch (error) {
      mapRace(error, 'Amount exceeds your ACC balance');
    }
    const answer = { amount: n(amount), ...stakingToWire(figures) };
    await notifyStaking(user.id, 'lockedTokens', answer);
    return answer;
  });

  app.post(contract.unlock.path, { onRequest, schema: schemaOf(contract.unlock) }, async (request) => {
    const user = signedIn(request);
    const amount = parseAmountField(request.body.amount);
    let result: UnlockResult;
    try {
      result = await unlockTokens(db, user.id, amount, config.unlockFee);
    } catch (error) {
      mapRace(error, 'Amount exceeds your locked ACC');
    }
    const answer = { amount: n(amount), fee: n(result.fee), received: n(result.received), ...stakingToWire(result), totalBurned: n(await totalBurned(db)) };
    await notifyStaking(user.id, 'unlockedTokens', answer);
    return answer;
  });

  /**
   * Adding and removing liquidity read the same body and answer the same figures; they differ in
   * how the amount is read, the move itself, what a lost race words and the hub event.
   */
  const liquidityRoute = <A extends bigint | 'all'>(
    route: typeof contract.addLiquidity | typeof contract.removeLiquidity,
    readAmount: (raw: string | number) => A,
    move: (userId: number, currency: string, amount: A) => Promise<LiquidityResult>,
    raceMessage: (currency: string) => string,
    event: 'invested' | 'divested',
  ) =>
    app.post(route.path, { onRequest, schema: schemaOf(route) }, async (request) => {
      const user = signedIn(request);
      const currency = await poolCurrency(db, request.body.currency);
      const amount = readAmount(request.body.amount);
      let result: LiquidityResult;
      try {
        result = await move(user.id, currency, amount);
      } catch (error) {
        mapRace(error, raceMessage(currency));
      }
      notifyLiquidity(user.id, event, currency, result);
      return { currency, amount: n(result.amount), balance: n(result.balance), pool: poolToWire(result.pool), position: positionToWire(result.position) };
    });

  liquidityRoute(
    contract.addLiquidity,
    parseAmountField,
    (userId, currency, amount) => addLiquidity(db, userId, currency, amount),
    (currency) => `Amount exceeds your ${currency} balance`,
    'invested',
  );
  liquidityRoute(
    contract.removeLiquidity,
    // "all" is the one word besides the amount grammar, and as strict: no spaces around it.
    (raw) => (typeof raw === 'string' && raw.toLowerCase() === 'all' ? 'all' : parseAmountField(raw)),
    (userId, currency, amount) => removeLiquidity(db, userId, currency, amount),
    (currency) => `Amount exceeds your ${currency} position`,
    'divested',
  );

  if (config.testHooks) {
    // Test and operations hook (TOKEN_TEST_HOOKS=1 only): `{ at }` runs the scheduled payout as if the
    // clock read `at` (still once per UTC day); no body runs an extra payout now.
    app.post(
      contract.runDailyPayout.path,
      { schema: schemaOf(contract.runDailyPayout) },
      async (request) => {
        const at = request.body?.at;
        return runToWire(at === undefined ? await app.token.runExtraPayout() : await app.token.runDuePayout(Date.parse(at)));
      },
    );
  }
};
