import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { transactionsMachine } from '../../machines/transactions/machine';
import { FakeEffects, pathSuite } from '../support/pathTesting';
import { NEWEST, OLDEST, TRANSACTIONS_TEXTS, transactionsPaths } from './transactions.paths';

describe('transactions', () => {
  // What a player does on the page, end to end: read, page to the end, fail and retry, download.
  it('should page to the oldest row, keep the rows when a page fails, and download while reading', () => {
    const effects = new FakeEffects({ fetchMore: 'fetchTransactions' });
    const actor = createActor(transactionsMachine.provide({ actors: effects.actors(['fetchTransactions', 'downloadTransactions']) as never })).start();
    const shown = () => ({
      ids: actor.getSnapshot().context.rows.map((row) => row.id),
      more: actor.getSnapshot().can({ type: 'user.loadMore' }),
      error: actor.getSnapshot().context.listError,
    });

    effects.resolve('fetchTransactions', NEWEST);
    return Promise.resolve()
      .then(async () => {
        await Promise.resolve();
        expect(shown()).toEqual({ ids: [3, 2], more: true, error: null });
        actor.send({ type: 'user.download' });
        actor.send({ type: 'user.loadMore' });
        expect(effects.waiting('fetchMore')).toEqual({ input: { before: 2 } });
        effects.reject('fetchMore', new Error('Failed to fetch'));
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(shown()).toEqual({ ids: [3, 2], more: true, error: TRANSACTIONS_TEXTS.unreachable });
        actor.send({ type: 'user.loadMore' });
        effects.resolve('fetchMore', OLDEST);
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(shown()).toEqual({ ids: [3, 2, 1], more: false, error: null });
        expect(actor.getSnapshot().hasTag('downloading')).toBe(true);
        effects.reject('downloadTransactions', { status: 503, message: TRANSACTIONS_TEXTS.maintenance });
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(actor.getSnapshot().context.downloadError).toBe(TRANSACTIONS_TEXTS.maintenance);
        actor.send({ type: 'user.loadMore' });
        expect(effects.callsOf('fetchTransactions')).toHaveLength(3);
      });
  });
});

pathSuite(transactionsPaths);
