import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { rewardsShareOf } from '../../core/token/rewards';
import { freeBankroll } from '../bets/exposure';
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
  runDuePayout: (nowMs?: number) => PayoutRun | null;
  /** An extra payout outside the calendar (operations and end-to-end tests only). */
  runExtraPayout: () => PayoutRun;
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
    const minted = mintMiningTreasury(db, config);
    if (minted > 0n) app.log.info({ units: minted.toString() }, 'minted the ACC mining treasury');
    db.transaction(() => {
      for (const currency of listCurrencies(db)) if (currency.bettable) ensurePoolShares(db, currency.symbol);
    })();

    app.settlement.register((db, bet) => {
      mineForBet(db, config, bet);
      const house = houseAccount(bet.currency);
      const due = rewardsShareOf(bet.wager, bet.houseEdge, config.rewardsShare);
      // Never from what open games could still win: their payouts come first.
      const available = freeBankroll(db, bet.currency);
      const share = due < available ? due : available;
      if (share > 0n) {
        transfer(db, { from: house, to: rewardsPoolAccount(bet.currency), amount: share, kind: 'fee', ref: `${bet.game.toLowerCase()}:${bet.betId}` });
      }
      recordPoolResult(db, bet.currency, bet.wager, bet.payout, share);
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
      runDuePayout: (nowMs = clock.now()) => {
        const run = runDuePayout(db, config.dailyPayoutShare, nowMs);
        if (run) logRun(run);
        return run;
      },
      runExtraPayout: () => {
        const now = new Date(clock.now());
        const run = runPayout(db, `extra:${now.toISOString()}:${randomUUID()}`, false, config.dailyPayoutShare, now) as PayoutRun;
        logRun(run);
        return run;
      },
    });
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'token', dependencies: ['database', 'wallet', 'settlement'] },
);
