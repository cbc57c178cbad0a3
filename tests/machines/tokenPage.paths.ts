import { expect } from 'vitest';
import { tokenPageMachine } from '../../machines/token/machine';
import type { TokenDetails } from '../../machines/token/machine';
import { selectTokenDetails, selectTokenLoadState } from '../../machines/token/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';
import { details } from '../support/tokenFixtures';

/** The /token page: the figures the server gave, or a failure with Retry; one request per load. */

export const tokenPageEvents = [
  { type: 'user.retry' },
  { type: 'xstate.done.actor.loadTokenDetails', output: details },
  { type: 'xstate.error.actor.loadTokenDetails', error: new Error('offline') },
] as AnyEvent[];

/** The page as the path left it: the figures shown and how many loads it asked for. */
export function tokenPageFacts(world: World) {
  let figures: TokenDetails | null = null;
  let loads = 1;
  for (const e of world.performed) {
    if (e.type === 'xstate.done.actor.loadTokenDetails') figures = e['output'] as TokenDetails;
    if (e.type === 'user.retry') loads += 1;
  }
  return { figures, loads };
}

export interface TokenPageSut extends Sut {
  effects: FakeEffects;
}

const snap = (sut: TokenPageSut) => sut.snapshot() as Parameters<typeof selectTokenLoadState>[0];

export const tokenPagePaths: PathSpec<TokenPageSut> = {
  name: 'tokenPage',
  machine: tokenPageMachine,
  variants: [{ name: 'the token page', events: tokenPageEvents }],
  start(world) {
    const effects = new FakeEffects();
    const system = runInSystem(tokenPageMachine.provide({ actors: effects.actors(['loadTokenDetails']) as never }), { clock: world.clock });
    return { effects, snapshot: () => system.actor.getSnapshot(), send: (e) => system.actor.send(e as never), stop: () => void system.root.stop() };
  },
  states: {
    '#tokenPage': {
      asserts: 'one figures request per opening and per Retry; the figures shown are the last the server gave, none before',
      check(sut, world) {
        const f = tokenPageFacts(world);
        expect(sut.effects.callsOf('loadTokenDetails')).toHaveLength(f.loads);
        expect(selectTokenDetails(snap(sut))).toEqual(f.figures);
      },
    },
    '#tokenPage.loading': {
      asserts: 'the page shows it is loading; the request is waiting',
      check(sut) {
        expect(selectTokenLoadState(snap(sut))).toBe('loading');
        expect(sut.effects.waiting('loadTokenDetails')).toBeDefined();
      },
    },
    '#tokenPage.ready': {
      asserts: 'price, market cap, supply, mined, burned and locked are shown',
      check(sut, world) {
        expect(selectTokenLoadState(snap(sut))).toBe('ready');
        expect(tokenPageFacts(world).figures).not.toBeNull();
      },
    },
    '#tokenPage.failed': {
      asserts: 'the page says the figures could not be fetched and offers Retry; nothing waiting',
      check(sut) {
        expect(selectTokenLoadState(snap(sut))).toBe('failed');
        expect(sut.snapshot().can({ type: 'user.retry' })).toBe(true);
        expect(sut.effects.waiting('loadTokenDetails')).toBeUndefined();
      },
    },
  },
};
