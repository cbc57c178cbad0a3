import { expect } from 'vitest';
import { miningMachine } from '../../machines/mining/machine';
import type { MiningData } from '../../machines/mining/machine';
import { selectMiningData, selectMiningLoadState } from '../../machines/mining/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';
import { miningData } from '../support/tokenFixtures';

/**
 * The /mining page: the figures, read again every 15 s (docs/product.md §2 Mining); after each read
 * the wallet reloads its balances (what was mined lands in ACC). A failed re-read keeps the figures.
 */

const later: MiningData = { ...miningData, mining: { ...miningData.mining, totalMined: 1300, minedInLevel: 1300 } };

export const miningEvents = [
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadMining', output: miningData },
  { type: 'xstate.done.actor.loadMining', output: later },
  { type: 'xstate.error.actor.loadMining', error: new Error('offline') },
  { type: 'xstate.after.miningRefresh.mining.ready' },
] as AnyEvent[];

/** The page as the path left it: the figures shown, the reads asked for, the wallet reloads due. */
export function miningFacts(world: World) {
  let figures: MiningData | null = null;
  let reads = 1;
  let reloads = 0;
  for (const e of world.performed) {
    if (e.type === 'xstate.done.actor.loadMining') {
      figures = e['output'] as MiningData;
      reloads += 1;
    }
    if (e.type === 'user.retry' || e.type === 'xstate.after.miningRefresh.mining.ready') reads += 1;
  }
  return { figures, reads, reloads };
}

export interface MiningSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: MiningSut) => sut.snapshot() as Parameters<typeof selectMiningLoadState>[0];

export const miningPaths: PathSpec<MiningSut> = {
  name: 'mining',
  machine: miningMachine,
  variants: [{ name: 'the mining page', events: miningEvents }],
  start(world) {
    const effects = new FakeEffects();
    const system = runInSystem(miningMachine.provide({ actors: effects.actors(['loadMining']) as never }), { clock: world.clock });
    return { effects, sentTo: system.sentTo, snapshot: () => system.actor.getSnapshot(), send: (e) => system.actor.send(e as never), stop: () => void system.root.stop() };
  },
  states: {
    '#mining': {
      asserts: 'one read at opening, per Retry and per 15 s; the figures shown are the last read; the wallet reloaded its balances once per successful read',
      check(sut, world) {
        const f = miningFacts(world);
        expect(sut.effects.callsOf('loadMining')).toHaveLength(f.reads);
        expect(selectMiningData(snap(sut))).toEqual(f.figures);
        expect(sut.sentTo('wallet')).toEqual(Array.from({ length: f.reloads }, () => ({ type: 'cashier.fundsMoved', currency: 'ACC' })));
      },
    },
    '#mining.loading': {
      asserts: 'the page shows it is loading; the first read is waiting',
      check(sut) {
        expect(selectMiningLoadState(snap(sut))).toBe('loading');
        expect(sut.effects.waiting('loadMining')).toBeDefined();
      },
    },
    '#mining.ready': {
      asserts: 'the figures are shown; no read is waiting; the next one is 15 s away',
      check(sut, world) {
        expect(selectMiningLoadState(snap(sut))).toBe('ready');
        expect(sut.effects.waiting('loadMining')).toBeUndefined();
        expect(selectMiningData(snap(sut))).not.toBeNull();
        world.clock.increment(14_999);
        expect(sut.effects.callsOf('loadMining')).toHaveLength(miningFacts(world).reads);
      },
    },
    '#mining.refreshing': {
      asserts: 'the last figures stay on screen while the re-read is waiting',
      check(sut) {
        expect(selectMiningLoadState(snap(sut))).toBe('ready');
        expect(selectMiningData(snap(sut))).not.toBeNull();
        expect(sut.effects.waiting('loadMining')).toBeDefined();
      },
    },
    '#mining.failed': {
      asserts: 'the first read failed (a failed re-read keeps the figures instead): the page says the figures could not be fetched and offers Retry',
      check(sut, world) {
        expect(miningFacts(world).figures).toBeNull();
        expect(selectMiningLoadState(snap(sut))).toBe('failed');
        expect(sut.snapshot().can({ type: 'user.retry' })).toBe(true);
      },
    },
  },
};
