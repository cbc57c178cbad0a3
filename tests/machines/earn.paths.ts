import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { earnMachine } from '../../machines/earn/machine';
import type { BankrollData, EarnContext, EarnInput, PlayerInvestment, BankrollPool, PositionChange } from '../../machines/earn/machine';
import { selectEarnLoadState, selectEarnSignedIn, selectPools, selectPositions } from '../../machines/earn/selectors';
import { loginModal } from '../../machines/shared/messages';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';
import { bankroll, divestedAll, invested } from '../support/tokenFixtures';

/**
 * The /earn page: the pools and the player's positions, read at opening, after each sign-in or
 * sign-out and every 10 s, and moved by the hub's invested/divested events. The oracles check what
 * the page lists and which modal it asked for against `earnFacts`, kept from the performed events.
 */

export const earnEvents = [
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'user.retry' },
  { type: 'user.addLiquidity', currency: 'BTC' },
  { type: 'user.removeLiquidity', currency: 'BTC' },
  { type: 'server.invested', payload: invested },
  { type: 'server.divested', payload: divestedAll },
  { type: 'xstate.done.actor.loadBankroll', output: bankroll },
  { type: 'xstate.error.actor.loadBankroll', error: new Error('offline') },
  { type: 'xstate.after.bankrollRefresh.earn.data.ready' },
] as AnyEvent[];

// A position below 0.0000001 is dust: it leaves My Positions.
const withoutDust = (positions: PlayerInvestment[]) => positions.filter((p) => p.currentInvestment >= 0.0000001);

/** The page as the path left it: who is signed in, the pools and positions, the reads and the modals asked for. */
export function earnFacts(world: World) {
  let signedIn = (world.variant.input as EarnInput).signedIn;
  let pools: BankrollPool[] = [];
  let positions: PlayerInvestment[] = [];
  let reads = 1;
  // A background re-read (every 10 s) that fails keeps the page; a failed first read or re-read after a sign change does not.
  let lastRead: 'load' | 'refresh' = 'load';
  const modals: unknown[] = [];
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        reads += 1;
        lastRead = 'load';
        break;
      case 'auth.loggedOut':
        signedIn = false;
        positions = [];
        reads += 1;
        lastRead = 'load';
        break;
      case 'user.retry':
        reads += 1;
        lastRead = 'load';
        break;
      case 'xstate.after.bankrollRefresh.earn.data.ready':
        reads += 1;
        lastRead = 'refresh';
        break;
      case 'xstate.done.actor.loadBankroll': {
        const data = e['output'] as BankrollData;
        pools = data.pools;
        positions = withoutDust(data.playerInvestments);
        break;
      }
      case 'server.invested':
      case 'server.divested': {
        const change = e['payload'] as PositionChange;
        pools = pools.some((p) => p.currency === change.pool.currency) ? pools.map((p) => (p.currency === change.pool.currency ? change.pool : p)) : [...pools, change.pool];
        const others = positions.filter((p) => p.currency !== change.position.currency);
        positions = withoutDust(positions.some((p) => p.currency === change.position.currency) ? positions.map((p) => (p.currency === change.position.currency ? change.position : p)) : [...others, change.position]);
        break;
      }
      case 'user.addLiquidity': {
        const currency = e['currency'] as string;
        if (!signedIn) modals.push(loginModal);
        else if (pools.some((p) => p.currency === currency)) modals.push({ type: 'app.openModal', name: 'AddLiquidity', params: { currency } });
        break;
      }
      case 'user.removeLiquidity': {
        const currency = e['currency'] as string;
        const position = positions.find((p) => p.currency === currency);
        if (!signedIn) modals.push(loginModal);
        else if (position) modals.push({ type: 'app.openModal', name: 'RemoveLiquidity', params: { currency, position: position.currentInvestment } });
        break;
      }
    }
  }
  return { signedIn, pools, positions, reads, lastRead, modals };
}

export interface EarnSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: EarnSut) => sut.snapshot() as Parameters<typeof selectPools>[0];
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as EarnContext;
  return JSON.stringify([s.value, c.pools.map((p) => p.totalStaked), c.playerInvestments.map((p) => [p.currency, p.currentInvestment])]);
};

export const earnPaths: PathSpec<EarnSut> = {
  name: 'earn',
  machine: earnMachine,
  variants: [
    { name: 'visitor', input: { signedIn: false }, events: earnEvents, serializeState },
    { name: 'player', input: { signedIn: true }, events: earnEvents, serializeState },
  ],
  start(world) {
    const effects = new FakeEffects();
    const system = runInSystem(earnMachine.provide({ actors: effects.actors(['loadBankroll']) as never }), { input: world.variant.input as EarnInput, clock: world.clock });
    return { effects, sentTo: system.sentTo, snapshot: () => system.actor.getSnapshot(), send: (e) => system.actor.send(e as never), stop: () => void system.root.stop() };
  },
  states: {
    '#earn': {
      asserts: 'the pools and My Positions are those last read or moved by the hub (dust dropped, none after a sign-out); one read at opening, per sign-in or sign-out, Retry and 10 s; a visitor got the login modal, a player the modal of a pool or position they have',
      check(sut, world) {
        const f = earnFacts(world);
        expect(selectPools(snap(sut))).toEqual(f.pools);
        expect(selectPositions(snap(sut))).toEqual(f.positions);
        expect(sut.effects.callsOf('loadBankroll')).toHaveLength(f.reads);
        expect(sut.sentTo('modals')).toEqual(f.modals);
      },
    },
    '#earn.session.visitor': { asserts: 'a visitor', check: (sut, world) => { expect(earnFacts(world).signedIn).toBe(false); expect(selectEarnSignedIn(snap(sut))).toBe(false); } },
    '#earn.session.signedIn': { asserts: 'a player', check: (sut, world) => { expect(earnFacts(world).signedIn).toBe(true); expect(selectEarnSignedIn(snap(sut))).toBe(true); } },
    '#earn.data.loading': {
      asserts: 'the page shows it is loading; the read is waiting',
      check(sut) {
        expect(selectEarnLoadState(snap(sut))).toBe('loading');
        expect(sut.effects.waiting('loadBankroll')).toBeDefined();
      },
    },
    '#earn.data.ready': {
      asserts: 'the pools are shown; no read is waiting',
      check(sut) {
        expect(selectEarnLoadState(snap(sut))).toBe('ready');
        expect(sut.effects.waiting('loadBankroll')).toBeUndefined();
      },
    },
    '#earn.data.refreshing': {
      asserts: 'the pools stay on screen while the re-read is waiting',
      check(sut) {
        expect(selectEarnLoadState(snap(sut))).toBe('ready');
        expect(sut.effects.waiting('loadBankroll')).toBeDefined();
      },
    },
    '#earn.data.failed': {
      asserts: 'a read the page waited for failed (not a background re-read): the page says the pools could not be fetched and offers Retry; nothing waiting',
      check(sut, world) {
        expect(earnFacts(world).lastRead).toBe('load');
        expect(selectEarnLoadState(snap(sut))).toBe('failed');
        expect(sut.effects.waiting('loadBankroll')).toBeUndefined();
      },
    },
  },
};
