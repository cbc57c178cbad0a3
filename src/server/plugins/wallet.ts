import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { BetLimitsUnits } from '../../core/bets/validation';
import { unitsToNumber } from '../../core/money';
import { usdCents } from '../bets/record';
import type { Sql } from '../db/sql';
import { addUsage } from '../responsible/store';
import type { WalletConfig } from '../wallet/config';
import { creditDeposit, ownerOfDepositAddress, seedHouseBankroll } from '../wallet/cashier';
import type { DepositResult } from '../wallet/cashier';
import type { ChainWatcher } from '../wallet/chain';
import { limitsFor, registerLimitsContext } from '../wallet/limits';
import type { LimitsContext } from '../wallet/limits';
import { ExchangeRates } from '../wallet/rates';
import { listCurrencies } from '../wallet/currencies';

export interface WalletService {
  config: WalletConfig;
  demoFunds: boolean;
  rates: ExchangeRates;
  depositSecret: string;
  /**
   * limitsFor bound to this server's configuration and live rates. Pass the bet's transaction handle
   * (`await app.wallet.limitsFor(tx, 'dice', currency)`) so maxPayout is capped against the bankroll
   * as that transaction sees it; `app.db` outside a transaction.
   */
  limitsFor: (sql: Sql, game: string, currency: string) => Promise<BetLimitsUnits>;
  /**
   * Credits a deposit (idempotent per currency and txRef) in a transaction of its own and, once it
   * committed, tells the player's open clients.
   */
  creditDeposit: (userId: number, currency: string, amount: bigint, txRef: string) => Promise<DepositResult>;
  /**
   * Sends the live `deposit` event `{ amount, currency, balance }` to the player's open clients:
   * `balance` is the wallet's balance once the money is in, so a client that has already read its
   * balance again (the Cashier does after a demo claim) does not add the amount a second time.
   */
  notifyDeposit: (userId: number, currency: string, amount: bigint, balance: bigint) => void;
  /** Starts a chain watcher now and stops it when the server closes. */
  attachChainWatcher: (watcher: ChainWatcher) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

function loadDepositSecret(dataDir: string, fromConfig: string | undefined): string {
  if (fromConfig) return fromConfig;
  const file = path.join(dataDir, 'deposit-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return fs.readFileSync(file, 'utf8').trim();
}

export const walletPlugin = fp<{ dataDir: string; wallet: WalletConfig; demoFunds: boolean }>(
  async (app, { dataDir, wallet: config, demoFunds }) => {
    const rates = new ExchangeRates({
      initial: config.exchangeRates,
      feedUrl: config.priceFeedUrl,
      intervalMs: config.priceFeedIntervalMs,
      log: app.log,
    });
    // In memory per process, and only configuration and rates: the limits in dollars, the payout
    // share and the live exchange rates (wallet/limits.ts caches their conversion to base units).
    // Balances and bankrolls are always read from the database, in the caller's transaction.
    const currencies = new Map((await listCurrencies(app.db)).map((currency) => [currency.symbol, currency]));
    const limitsContext: LimitsContext = { limits: config.limits, maxPayoutShare: config.maxPayoutShare, rates, currencies };
    registerLimitsContext(app.db, limitsContext);
    const seeded = await seedHouseBankroll(app.db, config.houseBankrollUsd, (symbol) => rates.get(symbol));
    if (seeded.length > 0) app.log.info({ currencies: seeded, dollars: config.houseBankrollUsd }, 'seeded the demo house bankroll');

    const watchers: ChainWatcher[] = [];
    const notifyDeposit = (userId: number, currency: string, amount: bigint, balance: bigint) => {
      try {
        const payload = { amount: unitsToNumber(amount), currency, balance: unitsToNumber(balance) };
        void Promise.resolve(app.hub.sendToUser(userId, 'deposit', payload)).catch((error: unknown) =>
          app.log.warn({ err: error, userId }, 'could not send the deposit event'),
        );
      } catch (error) {
        app.log.warn({ err: error, userId }, 'could not send the deposit event');
      }
    };
    const service: WalletService = {
      config,
      demoFunds,
      rates,
      depositSecret: loadDepositSecret(dataDir, config.depositSecret),
      limitsFor: (sql, game, currency) => limitsFor(sql, game, currency, limitsContext),
      notifyDeposit,
      creditDeposit: async (userId, currency, amount, txRef) => {
        // Coins that reached the address are the player's: a limit cannot refuse them, but they count towards it.
        const counted = (tx: Sql) => addUsage(tx, userId, 'deposited_cents', BigInt(usdCents(amount, rates.get(currency) ?? 0)), Date.now());
        const result = await creditDeposit(app.db, userId, currency, amount, txRef, counted);
        if (result.credited) notifyDeposit(userId, currency, amount, result.balance);
        return result;
      },
      attachChainWatcher: async (watcher) => {
        watchers.push(watcher);
        await watcher.start({
          creditDeposit: (userId, currency, amount, txRef) => service.creditDeposit(userId, currency, amount, txRef),
          ownerOfAddress: (currency, address) => ownerOfDepositAddress(app.db, currency, address),
        });
      },
    };
    app.decorate('wallet', service);
    rates.start();
    app.addHook('onClose', async () => {
      await rates.stop();
      for (const watcher of watchers) await watcher.stop();
    });
  },
  { name: 'wallet', dependencies: ['database', 'hub'] },
);
