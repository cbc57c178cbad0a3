import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { rewardsShareOf } from '../../core/token/rewards';
import { freeBankroll } from '../bets/exposure';
import { forUpdate } from '../db/sql';
import { houseAccount, transfer } from '../ledger/ledger';
import { listCurrencies } from '../wallet/currencies';
import { rewardsPoolAccount } from './accounts';
import { ensurePoolShares, recordPoolResult } from './bankroll';
import type { TokenConfig } from './config';
import { mineForBet, mintMiningTreasury } from './mining';
import { DailyPayoutScheduler, runDuePayout, runPayout, systemClock } from './payout';
import type { Clock, PayoutRun } from './payout';

export interface TokenService {
  config: TokenConfig;
  scheduler: DailyPayoutScheduler;
  /** The scheduled payout due at `nowMs` (default: now), once per UTC day. */
  runDuePayout: (nowMs?: number) => Promise<PayoutRun | null>;
  /** An extra payout outside the calendar (operations and end-to-end tests only). */
  runExtraPayout: () => Promise<PayoutRun>;
}

declare module 'fastify' {
  interface FastifyInstance {
    token: TokenService;
  }
}

export interface TokenPluginOptions {
  config: TokenConfig;
  /** The scheduler's clock; tests pass their own. */
  clock?: Clock;
}

/**
 * The token economy: mints the mining treasury, gives the house its bankroll shares, hooks every
 * settled bet (mining, rewards pool, bankroll pool figures), and runs the daily payout.
 */
export const tokenPlugin = fp<TokenPluginOptions>(
  async (app, { config, clock = systemClock }) => {
    const db = app.db;
    const minted = await mintMiningTreasury(db, config);
    if (minted > 0n) app.log.info({ units: minted.toString() }, 'minted the ACC mining treasury');
    const currencies = await listCurrencies(db);
    await db.transaction(async (tx) => {
      for (const currency of currencies) if (currency.bettable) await ensurePoolShares(tx, currency.symbol);
    });

    app.settlement.register(async (tx, bet) => {
      const house = houseAccount(bet.currency);
      // PostgreSQL: the house row first, as the bet's own transfers take it, and before the mining
      // total (mineForBet), so that two bets never hold those two rows in opposite orders. A bet
      // whose loss moved no money (a mines game lost) would otherwise take them the other way round.
      if (tx.engine === 'postgres') await tx.get('SELECT id FROM ledger_accounts WHERE holder = ? AND currency = ?' + forUpdate(tx), [house.holder, house.currency]);
      await mineForBet(tx, config, bet);
      const due = rewardsShareOf(bet.wager, bet.houseEdge, config.rewardsShare);
      // Never from what open games could still win: their payouts come first.
      const available = await freeBankroll(tx, bet.currency);
      const share = due < available ? due : available;
      if (share > 0n) {
        await transfer(tx, { from: house, to: rewardsPoolAccount(bet.currency), amount: share, kind: 'fee', ref: `${bet.game.toLowerCase()}:${bet.betId}` });
      }
      await recordPoolResult(tx, bet.currency, bet.wager, bet.payout, share);
    });

    const logRun = (run: PayoutRun) =>
      app.log.info({ runKey: run.runKey, payouts: run.payouts.map((p) => ({ ...p, amount: p.amount.toString() })) }, 'staking payout');
    const scheduler = new DailyPayoutScheduler(
      (nowMs) => runDuePayout(db, config.dailyPayoutShare, nowMs),
      clock,
      (error) => app.log.error({ err: error }, 'the daily staking payout failed; it is retried at the next start or midnight'),
      logRun,
    );
    app.decorate('token', {
      config,
      scheduler,
      runDuePayout: async (nowMs = clock.now()) => {
        const run = await runDuePayout(db, config.dailyPayoutShare, nowMs);
        if (run) logRun(run);
        return run;
      },
      runExtraPayout: async () => {
        const now = new Date(clock.now());
        const run = (await runPayout(db, `extra:${now.toISOString()}:${randomUUID()}`, false, config.dailyPayoutShare, now)) as PayoutRun;
        logRun(run);
        return run;
      },
    });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'token', dependencies: ['database', 'wallet', 'settlement'] },
);
