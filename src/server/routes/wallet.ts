import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  cancelWithdrawal as cancelWithdrawalRoute,
  claimDemoFunds as claimDemoFundsRoute,
  exportTransactions,
  getCashierInfo,
  getDepositAddress,
  getTransactions,
  getWallets,
  getWithdrawals,
  withdraw,
} from '../../core/contracts/wallet';
import { fiatToUnits, formatCrypto, unitsToNumber } from '../../core/money';
import { activeBlock, RG_MESSAGES } from '../../core/responsible/rules';
import { usdCents } from '../bets/record';
import { AppError, badRequest, notFound } from '../errors';
import { guardDeposit, readPlayerRg } from '../responsible/store';
import { InsufficientFundsError, balanceOf, playerAccount } from '../ledger/ledger';
import type { AuthUser } from '../plugins/auth';
import { ADDRESS_EXAMPLES, addressFormatOf, isValidAddress } from '../wallet/addresses';
import { parseAmountField } from '../wallet/amounts';
import {
  DemoClaimTooSoonError,
  WithdrawalNotFoundError,
  WithdrawalNotPendingError,
  cancelWithdrawal,
  claimDemoFunds,
  demoClaimWaits,
  depositAddressFor,
  listWithdrawals,
  requestWithdrawal,
  walletsOf,
} from '../wallet/cashier';
import type { Withdrawal } from '../wallet/cashier';
import { listCurrencies, requireCurrency } from '../wallet/currencies';
import { listTransactions, TRANSACTIONS_PAGE_MAX, TRANSACTIONS_PAGE_SIZE, transactionsCsv } from '../wallet/transactions';
import { parsePage } from './paging';
import { schemaOf } from './contract';
import { isoNow } from '../clock';

const toWire = (w: Withdrawal) => ({
  id: w.id,
  currency: w.currency,
  address: w.address,
  amount: unitsToNumber(w.amount),
  status: w.status,
  txRef: w.txRef,
  reason: w.reason,
  createdAt: w.createdAt,
});

const signedIn = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
  return request.user;
};

function describeWait(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest, not preHandler: a visitor hears 401 before any word about the body.
  const onRequest = app.auth.requireUser;

  // Public: the Cashier decides whether to offer demo funds before the player asks.
  // With a bearer token it also says when each of the player's next claims opens, so the Cashier can
  // disable the button instead of offering a claim it would refuse.
  app.get(getCashierInfo.path, { schema: schemaOf(getCashierInfo) }, async (request) => {
    const { demoFunds, config, rates } = app.wallet;
    return {
      demoFunds,
      demoClaimUsd: config.demoClaimUsd,
      // The claim route's own rule: bettable currencies with a rate.
      demoCurrencies: (await listCurrencies(app.db))
        .filter((currency) => currency.bettable && rates.get(currency.symbol) !== undefined)
        .map((currency) => currency.symbol),
      demoClaimIntervalSeconds: Math.ceil(config.demoClaimIntervalMs / 1000),
      ...(request.user ? { demoClaimWaits: await demoClaimWaits(app.db, request.user.id, Date.now(), config.demoClaimIntervalMs) } : {}),
    };
  });

  app.get(
    getWallets.path,
    { onRequest, schema: schemaOf(getWallets) },
    async (request) =>
      (await walletsOf(app.db, signedIn(request).id)).map(({ currency, balance }) => ({ currencySymbol: currency, balance: unitsToNumber(balance) })),
  );

  app.get(
    getDepositAddress.path,
    { onRequest, schema: schemaOf(getDepositAddress) },
    async (request) => {
      const user = signedIn(request);
      const currency = await requireCurrency(app.db, request.query.currency);
      // No deposit address while a break or an exclusion runs (a payment already sent is still credited).
      const block = activeBlock((await readPlayerRg(app.db, user.id)).block, Date.now());
      if (block) throw new AppError(400, block.kind === 'break' ? 'on_break' : 'self_excluded', RG_MESSAGES.blocked(block));
      return { currency: currency.symbol, address: await depositAddressFor(app.db, app.wallet.depositSecret, user.id, currency.symbol) };
    },
  );

  app.post(
    claimDemoFundsRoute.path,
    { onRequest, schema: schemaOf(claimDemoFundsRoute) },
    async (request) => {
      const user = signedIn(request);
      const { config, demoFunds, rates } = app.wallet;
      if (!demoFunds) throw notFound('Demo funds are not available: this casino plays with real money. Use the deposit address instead.', 'demo_funds_disabled');
      const currency = await requireCurrency(app.db, request.body.currency);
      if (!currency.bettable) {
        throw badRequest(`${currency.symbol} cannot be claimed as demo funds: it is earned by playing, not handed out`, 'not_demo_currency');
      }
      const rate = rates.get(currency.symbol);
      if (rate === undefined) throw new AppError(503, 'no_exchange_rate', `${currency.symbol} has no exchange rate yet; try again later`);
      const amount = fiatToUnits(config.demoClaimUsd, rate);
      if (amount <= 0n) throw new AppError(503, 'no_exchange_rate', `${currency.symbol} is priced too high to hand out demo funds`);
      const now = Date.now();
      try {
        const { balance, nextClaimAt } = await claimDemoFunds(app.db, {
          userId: user.id,
          currency: currency.symbol,
          amount,
          now,
          intervalMs: config.demoClaimIntervalMs,
          // Demo funds are this casino's deposits: a break, an exclusion or a deposit limit refuses them.
          guard: (tx) => guardDeposit(tx, { userId: user.id, cents: BigInt(usdCents(amount, rate)), now }, (message, code) => new AppError(400, code, message)),
        });
        app.wallet.notifyDeposit(user.id, currency.symbol, amount, balance);
        return {
          currency: currency.symbol,
          amount: unitsToNumber(amount),
          balance: unitsToNumber(balance),
          nextClaimAt: new Date(nextClaimAt).toISOString(),
        };
      } catch (error) {
        if (!(error instanceof DemoClaimTooSoonError)) throw error;
        const wait = error.nextClaimAt - now;
        const at = new Date(error.nextClaimAt).toISOString();
        throw new AppError(
          429,
          'too_many_requests',
          `Demo ${currency.symbol} can be claimed once an hour: try again in ${describeWait(wait)} (at ${at}).`,
          { 'retry-after': String(Math.max(1, Math.ceil(wait / 1000))) },
        );
      }
    },
  );

  app.post(
    withdraw.path,
    { onRequest, schema: schemaOf(withdraw) },
    async (request) => {
      const user = signedIn(request);
      const currency = await requireCurrency(app.db, request.body.currency);
      const address = request.body.address.trim();
      if (!isValidAddress(currency.symbol, address)) {
        throw badRequest(
          `That is not a valid ${currency.symbol} address (expected ${ADDRESS_EXAMPLES[addressFormatOf(currency.symbol)]})`,
          'invalid_address',
        );
      }
      const amount = parseAmountField(request.body.amount);
      try {
        const { withdrawal, balance } = await requestWithdrawal(app.db, { userId: user.id, currency: currency.symbol, address, amount });
        return { withdrawal: toWire(withdrawal), balance: unitsToNumber(balance) };
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        throw badRequest(
          `Amount exceeds your balance of ${formatCrypto(await balanceOf(app.db, playerAccount(user.id, currency.symbol)))} ${currency.symbol}`,
          'insufficient_funds',
        );
      }
    },
  );

  app.get(
    getWithdrawals.path,
    { onRequest, schema: schemaOf(getWithdrawals) },
    async (request) => (await listWithdrawals(app.db, signedIn(request).id)).map(toWire),
  );

  app.get(getTransactions.path, { onRequest, schema: schemaOf(getTransactions) }, async (request) =>
    listTransactions(app.db, signedIn(request).id, parsePage(request.query, TRANSACTIONS_PAGE_SIZE, TRANSACTIONS_PAGE_MAX)),
  );

  app.get(exportTransactions.path, { onRequest, schema: schemaOf(exportTransactions) }, async (request, reply) => {
    const user = signedIn(request);
    const day = isoNow().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
      .header('cache-control', 'no-store')
      // Streamed as it is read (the contract's 200 is the CSV text this stream makes up).
      .send(Readable.from(transactionsCsv(app.db, user.id)) as unknown as string);
  });

  app.post(
    cancelWithdrawalRoute.path,
    { onRequest, schema: schemaOf(cancelWithdrawalRoute) },
    async (request) => {
      const user = signedIn(request);
      try {
        const { withdrawal, balance } = await cancelWithdrawal(app.db, user.id, request.body.id);
        return { withdrawal: toWire(withdrawal), balance: unitsToNumber(balance) };
      } catch (error) {
        if (error instanceof WithdrawalNotFoundError) throw notFound(`No withdrawal ${request.body.id} among yours`);
        if (error instanceof WithdrawalNotPendingError) {
          throw new AppError(409, 'conflict', `Withdrawal ${request.body.id} is already ${error.status}; only a pending one can be cancelled`);
        }
        throw error;
      }
    },
  );
};
