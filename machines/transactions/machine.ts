import { assign, setup } from 'xstate';
import type { LedgerRow, TransactionsPage } from '../../src/core/contracts/wallet';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';

/**
 * /transactions (issue 20): the player's ledger rows other than bets, newest first, a page at a time
 * (GET /wallet/get-transactions), and the whole list as a CSV file (GET /wallet/export-transactions);
 * beside it, every bet of the player as JSON lines or CSV (GET /casino/export-bets, issue 23), the
 * file the /fairness page and `npm run verify -- --file` check in bulk.
 * Two regions: the list, and the download, which may run while more rows load.
 */

export interface TransactionsContext {
  rows: LedgerRow[];
  /** Where the next (older) page starts; null once the oldest row is shown. */
  nextBefore: number | null;
  /** Why the list or its next page could not be read, in words; null otherwise. */
  listError: string | null;
  /** Why the CSV could not be downloaded, in words; null otherwise. */
  downloadError: string | null;
}

export type BetsFileFormat = 'jsonl' | 'csv';

export type TransactionsEvent = { type: 'user.loadMore' } | { type: 'user.retry' } | { type: 'user.download' } | { type: 'user.downloadBets'; format: BetsFileFormat };

export const transactionsMachine = setup({
  types: {
    context: {} as TransactionsContext,
    events: {} as TransactionsEvent,
  },
  actors: {
    fetchTransactions: effectActor<TransactionsPage, { before: number | null }>('fetchTransactions'),
    downloadTransactions: effectActor<void>('downloadTransactions'),
    downloadBets: effectActor<void, { format: BetsFileFormat }>('downloadBets'),
  },
  guards: {
    hasOlderRows: ({ context }) => context.nextBefore !== null,
  },
}).createMachine({
  id: 'transactions',
  context: { rows: [], nextBefore: null, listError: null, downloadError: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          description: 'The newest page is asked for; the page shows a loading line.',
          tags: ['loading'],
          entry: assign({ listError: null }),
          invoke: {
            id: 'fetchTransactions',
            src: 'fetchTransactions',
            input: () => ({ before: null }),
            onDone: { target: 'ready', actions: assign({ rows: ({ event }) => event.output.rows, nextBefore: ({ event }) => event.output.nextBefore }) },
            onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: {
          description: 'Nothing could be read: the reason and a Try again button.',
          tags: ['alert'],
          on: { 'user.retry': 'loading' },
        },
        ready: {
          description: "The rows so far (or 'No transactions yet.'); 'Load more' while older rows remain.",
          on: { 'user.loadMore': { guard: 'hasOlderRows', target: 'loadingMore' } },
        },
        loadingMore: {
          description: 'The next older page is asked for; the rows shown stay, the button is disabled.',
          tags: ['loadingMore'],
          entry: assign({ listError: null }),
          invoke: {
            id: 'fetchMore',
            src: 'fetchTransactions',
            input: ({ context }) => ({ before: context.nextBefore }),
            onDone: {
              target: 'ready',
              actions: assign({ rows: ({ context, event }) => [...context.rows, ...event.output.rows], nextBefore: ({ event }) => event.output.nextBefore }),
            },
            onError: { target: 'ready', actions: assign({ listError: ({ event }) => failureMessage(event.error) }) },
          },
        },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: {
          description: "'Download CSV' is offered (with the reason of a failed download, if any).",
          on: { 'user.download': 'downloading', 'user.downloadBets': 'downloadingBets' },
        },
        downloading: {
          description: 'The CSV is being fetched and saved; the button is disabled.',
          tags: ['downloading'],
          entry: assign({ downloadError: null }),
          invoke: {
            id: 'downloadTransactions',
            src: 'downloadTransactions',
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ downloadError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        downloadingBets: {
          description: 'Every bet is being fetched and saved in the format clicked (JSON lines or CSV); the download buttons are disabled.',
          tags: ['downloading', 'downloadingBets'],
          entry: assign({ downloadError: null }),
          invoke: {
            id: 'downloadBets',
            src: 'downloadBets',
            input: ({ event }) => ({ format: (event as Extract<TransactionsEvent, { type: 'user.downloadBets' }>).format }),
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ downloadError: ({ event }) => failureMessage(event.error) }) },
          },
        },
      },
    },
  },
});
