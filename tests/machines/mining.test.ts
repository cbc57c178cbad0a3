import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { miningMachine } from '../../machines/mining/machine';
import { levelProgress, selectMiningData, selectMiningLoadState } from '../../machines/mining/selectors';
import { pathSuite } from '../support/pathTesting';
import { miningData, recorder, settle } from '../support/tokenFixtures';
import { miningPaths } from './mining.paths';

describe('mining', () => {
  it('should read the figures again every 15 s and ask the wallet to follow what was mined', async () => {
    const { calls, record } = recorder();
    let mined = 1250;
    const machine = miningMachine.provide({
      actors: { loadMining: fromPromise(async () => ({ ...miningData, mining: { ...miningData.mining, totalMined: mined, minedInLevel: mined } })) },
      actions: { refreshWallet: record('refreshWallet') },
      delays: { miningRefresh: 5 },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().context.data?.mining.totalMined).toBe(1250);
    mined = 1300;
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().context.data?.mining.totalMined).toBe(1300);
    expect(calls.filter(([n]) => n === 'refreshWallet').length).toBeGreaterThanOrEqual(2);
    actor.stop();
  });

  it('should keep the figures after a failed re-read and read them again 15 s later', async () => {
    const clock = new SimulatedClock();
    const later = { ...miningData, mining: { ...miningData.mining, totalMined: 1300, minedInLevel: 1300 } };
    const answers: Array<() => Promise<typeof miningData>> = [
      async () => miningData,
      async () => Promise.reject(new Error('offline')),
      async () => later,
    ];
    let reads = 0;
    const machine = miningMachine.provide({
      actors: { loadMining: fromPromise(() => answers[reads++]!()) },
      actions: { refreshWallet: () => {} },
    });
    const actor = createActor(machine, { clock }).start();
    await settle();
    clock.increment(15_000);
    await settle();
    expect(reads).toBe(2);
    expect(selectMiningLoadState(actor.getSnapshot())).toBe('ready');
    expect(selectMiningData(actor.getSnapshot())).toEqual(miningData);
    clock.increment(15_000);
    await settle();
    expect(reads).toBe(3);
    expect(selectMiningData(actor.getSnapshot())).toEqual(later);
    actor.stop();
  });

  it('should measure the progress bar as mined in level / level supply', () => {
    const withMining = (mining: Partial<typeof miningData.mining>) => ({ ...miningData, mining: { ...miningData.mining, ...mining } });
    expect(levelProgress(miningData)).toBe(1250 / 500_000);
    expect(levelProgress(withMining({ exhausted: true }))).toBe(1);
    // A level the server reports without supply shows an empty bar, not NaN; a bar never overflows.
    expect(levelProgress(withMining({ levelSupply: 0, minedInLevel: 0 }))).toBe(0);
    expect(levelProgress(withMining({ levelSupply: 0, minedInLevel: 10 }))).toBe(0);
    expect(levelProgress(withMining({ minedInLevel: 600_000 }))).toBe(1);
  });
});

pathSuite(miningPaths);
