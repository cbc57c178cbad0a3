import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { miningMachine } from '../../machines/mining/machine';
import { levelProgress } from '../../machines/mining/selectors';
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

  it('should measure the progress bar as mined in level / level supply', () => {
    expect(levelProgress(miningData)).toBeCloseTo(0.0025);
    expect(levelProgress({ ...miningData, mining: { ...miningData.mining, exhausted: true } })).toBe(1);
  });
});

pathSuite(miningPaths);
