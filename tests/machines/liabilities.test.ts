import { describe, expect, it } from 'vitest';
import { liabilitiesMachine } from '../../machines/liabilities/machine';
import { selectChecks, selectCheckingCurrency } from '../../machines/liabilities/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects, pathSuite, settle } from '../support/pathTesting';
import { LIABILITIES_TEXTS, MATCH, MISMATCH, PROOF, SNAPSHOT, liabilitiesPaths } from './liabilities.paths';

describe('liabilities', () => {
  // What a player does on the page: verify, see the match, verify again and see a mismatch, then a refusal in words.
  it('should show a match, then a mismatch, then the server refusal under the currency, asking for the snapshot shown each time', async () => {
    const effects = new FakeEffects();
    const machine = liabilitiesMachine.provide({ actors: effects.actors(['loadSnapshots', 'fetchProof', 'recompute']) as never, actions: effects.actions(['saveProof']) as never });
    const system = runInSystem(machine, { input: { signedIn: true } });
    const actor = system.actor;
    effects.resolve('loadSnapshots', [SNAPSHOT, { ...SNAPSHOT, id: 6 }]);
    await settle();

    actor.send({ type: 'user.verify', currency: 'USDT' });
    expect(effects.waiting('fetchProof')).toEqual({ input: { currency: 'USDT', snapshotId: 7 } });
    expect(selectCheckingCurrency(actor.getSnapshot())).toBe('USDT');
    effects.resolve('fetchProof', PROOF);
    await settle();
    expect(effects.waiting('recompute')).toEqual({ input: { proof: PROOF, rootHash: SNAPSHOT.currencies[0]!.rootHash, total: SNAPSHOT.currencies[0]!.total } });
    effects.resolve('recompute', MATCH);
    await settle();
    expect(selectChecks(actor.getSnapshot()).USDT).toEqual({ currency: 'USDT', outcome: 'match', snapshotId: 7, proof: PROOF, ...MATCH });
    actor.send({ type: 'user.downloadProof', currency: 'USDT' });
    expect(effects.callsOf('saveProof')).toEqual([{ proof: PROOF }]);

    actor.send({ type: 'user.verify', currency: 'USDT' });
    expect(selectChecks(actor.getSnapshot()).USDT).toBeUndefined();
    effects.resolve('fetchProof', PROOF);
    await settle();
    effects.resolve('recompute', MISMATCH);
    await settle();
    expect(selectChecks(actor.getSnapshot()).USDT).toMatchObject({ outcome: 'mismatch', computedRoot: MISMATCH.computedRoot });

    actor.send({ type: 'user.verify', currency: 'USDT' });
    effects.reject('fetchProof', { status: 404, error: 'no_leaf', message: LIABILITIES_TEXTS.noLeaf });
    await settle();
    expect(selectChecks(actor.getSnapshot()).USDT).toEqual({ currency: 'USDT', outcome: 'failed', message: LIABILITIES_TEXTS.noLeaf });
    expect(selectCheckingCurrency(actor.getSnapshot())).toBeNull();
    // A refused proof has nothing to save.
    actor.send({ type: 'user.downloadProof', currency: 'USDT' });
    expect(effects.callsOf('saveProof')).toHaveLength(1);
    system.root.stop();
  });
});

pathSuite(liabilitiesPaths);
