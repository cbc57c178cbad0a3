import { expect } from 'vitest';
import type { LedgerRow, TransactionsPage } from '../../src/core/contracts/wallet';
import { transactionsMachine } from '../../machines/transactions/machine';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * /transactions: the list (newest page, Try again, Load more) and the CSV download. The oracles read
 * what the page shows (the rows, whether Load more is offered, the messages, what is busy) and what
 * was asked of the server, against `transactionsFacts`, with the words written out here.
 */

export const TRANSACTIONS_TEXTS = {
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  maintenance: 'The casino is down for maintenance.',
} as const;

const row = (id: number, kind: string, amount: string): LedgerRow => ({
  id,
  transferId: id + 100,
  kind,
  account: 'wallet',
  currency: 'BTC',
  amount,
  ref: `ref:${id}`,
  createdAt: '2026-11-26T10:00:00.000Z',
});

/** The newest page (two rows, older ones remain) and the last page (the oldest row). */
export const NEWEST: TransactionsPage = { rows: [row(3, 'withdrawal_cancel', '0.00010000'), row(2, 'withdrawal', '-0.00010000')], nextBefore: 2 };
export const OLDEST: TransactionsPage = { rows: [row(1, 'demo_funds', '0.00105263')], nextBefore: null };
const unreachable = new Error('Failed to fetch');
const maintenance = { status: 503, message: TRANSACTIONS_TEXTS.maintenance };

export const transactionsEvents = [
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'user.download' },
  { type: 'user.downloadBets', format: 'jsonl' },
  { type: 'user.downloadBets', format: 'csv' },
  { type: 'xstate.done.actor.fetchTransactions', output: NEWEST },
  { type: 'xstate.done.actor.fetchTransactions', output: OLDEST },
  { type: 'xstate.error.actor.fetchTransactions', error: unreachable },
  { type: 'xstate.done.actor.fetchMore', output: OLDEST },
  { type: 'xstate.error.actor.fetchMore', error: unreachable },
  { type: 'xstate.done.actor.downloadTransactions', output: undefined },
  { type: 'xstate.error.actor.downloadTransactions', error: maintenance },
  { type: 'xstate.done.actor.downloadBets', output: undefined },
  { type: 'xstate.error.actor.downloadBets', error: maintenance },
] as AnyEvent[];

/** The page as the path left it, and what it asked of the server. */
export function transactionsFacts(world: World) {
  let rows: LedgerRow[] = [];
  let nextBefore: number | null = null;
  let listError: string | null = null;
  let downloadError: string | null = null;
  const pagesAsked: Array<number | null> = [null];
  let downloads = 0;
  const betDownloads: string[] = [];
  for (const e of world.performed) {
    const output = e['output'] as TransactionsPage | undefined;
    if (e.type === 'user.retry') {
      listError = null;
      pagesAsked.push(null);
    } else if (e.type === 'user.loadMore') {
      listError = null;
      pagesAsked.push(nextBefore);
    } else if (e.type === 'xstate.done.actor.fetchTransactions') {
      rows = output!.rows;
      nextBefore = output!.nextBefore;
    } else if (e.type === 'xstate.done.actor.fetchMore') {
      rows = [...rows, ...output!.rows];
      nextBefore = output!.nextBefore;
    } else if (e.type === 'xstate.error.actor.fetchTransactions' || e.type === 'xstate.error.actor.fetchMore') {
      listError = TRANSACTIONS_TEXTS.unreachable;
    } else if (e.type === 'user.download') {
      downloadError = null;
      downloads += 1;
    } else if (e.type === 'user.downloadBets') {
      downloadError = null;
      betDownloads.push(e['format'] as string);
    } else if (e.type === 'xstate.error.actor.downloadTransactions' || e.type === 'xstate.error.actor.downloadBets') {
      downloadError = TRANSACTIONS_TEXTS.maintenance;
    }
  }
  return { rows, nextBefore, listError, downloadError, pagesAsked, downloads, betDownloads };
}

export interface TransactionsSut extends Sut {
  effects: FakeEffects;
}

const context = (sut: TransactionsSut) => sut.snapshot().context as { rows: LedgerRow[]; nextBefore: number | null; listError: string | null; downloadError: string | null };

export const transactionsPaths: PathSpec<TransactionsSut> = {
  name: 'transactions',
  machine: transactionsMachine,
  variants: [{ name: 'a signed-in player', events: transactionsEvents }],
  start(world) {
    const effects = new FakeEffects({ fetchMore: 'fetchTransactions' });
    const machine = transactionsMachine.provide({ actors: effects.actors(['fetchTransactions', 'downloadTransactions', 'downloadBets']) as never });
    const system = runInSystem(machine, { clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#transactions': {
      asserts: 'the rows shown are the pages answered, in order; each page was asked for once, from where the last one ended; one CSV download per click, one bets download per click in the format clicked',
      check(sut, world) {
        const f = transactionsFacts(world);
        expect(context(sut).rows).toEqual(f.rows);
        expect(sut.effects.callsOf('fetchTransactions')).toEqual(f.pagesAsked.map((before) => ({ before })));
        expect(sut.effects.callsOf('downloadTransactions')).toHaveLength(f.downloads);
        expect(sut.effects.callsOf('downloadBets')).toEqual(f.betDownloads.map((format) => ({ format })));
      },
    },
    '#transactions.list': {
      asserts: "the list's message is that of its last failed read, none after a retry or a new page",
      check(sut, world) {
        expect(context(sut).listError).toBe(transactionsFacts(world).listError);
      },
    },
    '#transactions.list.loading': {
      asserts: "'Loading transactions…': the newest page is asked for, no rows yet, no message",
      check(sut) {
        expect(sut.snapshot().hasTag('loading')).toBe(true);
        expect(sut.effects.waiting('fetchTransactions')).toEqual({ input: { before: null } });
        expect(context(sut).listError).toBeNull();
      },
    },
    '#transactions.list.failed': {
      asserts: "the alert 'Could not reach the casino. Please check your connection and try again.' and a Try again button; no request out",
      check(sut) {
        expect(sut.snapshot().hasTag('alert')).toBe(true);
        expect(context(sut).listError).toBe(TRANSACTIONS_TEXTS.unreachable);
        expect(sut.effects.waiting('fetchTransactions')).toBeUndefined();
      },
    },
    '#transactions.list.ready': {
      asserts: "the rows answered so far; 'Load more' exactly while older rows remain; nothing being read",
      check(sut, world) {
        const f = transactionsFacts(world);
        expect(sut.snapshot().hasTag('loading') || sut.snapshot().hasTag('loadingMore')).toBe(false);
        expect(context(sut).nextBefore !== null).toBe(f.nextBefore !== null);
        expect(sut.snapshot().can({ type: 'user.loadMore' })).toBe(f.nextBefore !== null);
      },
    },
    '#transactions.list.loadingMore': {
      asserts: "'Loading…' on the disabled button: the page older than the last row shown is asked for; the rows stay",
      check(sut, world) {
        const f = transactionsFacts(world);
        expect(sut.snapshot().hasTag('loadingMore')).toBe(true);
        expect(sut.effects.waiting('fetchMore')).toEqual({ input: { before: f.pagesAsked[f.pagesAsked.length - 1] } });
        expect(context(sut).rows.length).toBeGreaterThan(0);
      },
    },
    '#transactions.download': {
      asserts: "the download's message is that of its last failure, none once another starts",
      check(sut, world) {
        expect(context(sut).downloadError).toBe(transactionsFacts(world).downloadError);
      },
    },
    '#transactions.download.idle': {
      asserts: "'Download CSV' and the two bets downloads are enabled; no download running",
      check(sut) {
        expect(sut.snapshot().hasTag('downloading')).toBe(false);
        expect(sut.effects.waiting('downloadTransactions')).toBeUndefined();
        expect(sut.effects.waiting('downloadBets')).toBeUndefined();
        expect(sut.snapshot().can({ type: 'user.downloadBets', format: 'csv' })).toBe(true);
      },
    },
    '#transactions.download.downloading': {
      asserts: "'Preparing CSV…' on the disabled button while the CSV is fetched; no message",
      check(sut) {
        expect(sut.snapshot().hasTag('downloading')).toBe(true);
        expect(sut.effects.waiting('downloadTransactions')).toBeDefined();
        expect(sut.snapshot().hasTag('downloadingBets')).toBe(false);
        expect(context(sut).downloadError).toBeNull();
      },
    },
    '#transactions.download.downloadingBets': {
      asserts: 'every bet is being fetched in the format last clicked; all download buttons are disabled; no message',
      check(sut, world) {
        expect(sut.snapshot().hasTag('downloading')).toBe(true);
        expect(sut.snapshot().hasTag('downloadingBets')).toBe(true);
        expect(sut.effects.waiting('downloadBets')).toEqual({ input: { format: transactionsFacts(world).betDownloads.at(-1) } });
        expect(sut.snapshot().can({ type: 'user.download' })).toBe(false);
        expect(context(sut).downloadError).toBeNull();
      },
    },
  },
};
