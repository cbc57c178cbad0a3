import { expect } from 'vitest';
import type { GameWallet } from '../../machines/shared/events';
import type { AnyEvent, FakeEffects, Oracle, Sut, World } from './pathTesting';

/**
 * What the path specs of the four games share: the game kit's `player` and `limits` regions
 * (machines/shared/regions.ts, limits.ts) have the same oracles in every game, kept from the
 * performed events alone.
 */

export interface GameSut extends Sut {
  effects: FakeEffects;
}

interface TableInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

/** Who is at the table and which wallet is selected, after the events the path performed. */
export function tableFacts(world: World): { signedIn: boolean; wallet: GameWallet } {
  const input = (world.variant.input ?? {}) as TableInput;
  let signedIn = input.signedIn ?? false;
  let wallet = input.wallet!;
  for (const event of world.performed) {
    if (event.type === 'auth.loggedIn') signedIn = true;
    if (event.type === 'auth.loggedOut') signedIn = false;
    if (event.type === 'wallet.changed') wallet = event['wallet'] as GameWallet;
  }
  return { signedIn, wallet };
}

export const notWaitingFor = (sut: GameSut, ...ids: string[]) => {
  for (const id of ids) expect(sut.effects.waiting(id), `no ${id} request is waiting`).toBeUndefined();
};

/** The oracles of the `player` and `limits` regions of the game whose machine id is `id`. */
export function gameKitOracles<S extends GameSut>(id: string): Record<string, Oracle<S>> {
  return {
    [`#${id}.player.visitor`]: {
      asserts: 'nobody is signed in, and no bet request was ever sent for a visitor',
      check(sut, world) {
        expect(tableFacts(world).signedIn).toBe(false);
      },
    },
    [`#${id}.player.signedIn`]: {
      asserts: 'a player is signed in',
      check: (_sut, world) => expect(tableFacts(world).signedIn).toBe(true),
    },
    [`#${id}.limits.loading`]: {
      asserts: `a limits request for ${id} in the selected currency is waiting`,
      check(sut, world) {
        expect(sut.effects.waiting('loadLimits')?.input).toEqual({ game: id, currency: tableFacts(world).wallet.currency });
      },
    },
    [`#${id}.limits.known`]: {
      asserts: 'no limits request is waiting; the selected currency is not ACC',
      check(sut, world) {
        notWaitingFor(sut, 'loadLimits');
        expect(tableFacts(world).wallet.currency).not.toBe('ACC');
      },
    },
    [`#${id}.limits.notBettable`]: {
      asserts: 'ACC is selected and its limits are not asked for',
      check(sut, world) {
        expect(tableFacts(world).wallet.currency).toBe('ACC');
        notWaitingFor(sut, 'loadLimits');
      },
    },
    [`#${id}.limits.unavailable`]: {
      asserts: 'the limits request failed and none is waiting',
      check: (sut) => notWaitingFor(sut, 'loadLimits'),
    },
  };
}

export type LimitsState = 'loading' | 'known' | 'notBettable' | 'unavailable';

/**
 * Where the limits region must be, kept step by step from the input and the performed events alone
 * (docs/product.md §5 check 2: ACC is never asked for; a new currency asks again; Bet after a failure
 * asks again where the game lets it, `retry`).
 */
export class LimitsReference {
  state: LimitsState;
  private currency: string;

  constructor(world: World) {
    this.currency = ((world.variant.input ?? {}) as TableInput).wallet!.currency;
    this.state = this.currency === 'ACC' ? 'notBettable' : 'loading';
  }

  step(e: AnyEvent, retry = true): void {
    if (e.type === 'wallet.changed') {
      const next = (e['wallet'] as GameWallet).currency;
      if (next !== this.currency) this.state = next === 'ACC' && this.state !== 'notBettable' ? 'notBettable' : 'loading';
      this.currency = next;
    } else if (e.type === 'xstate.done.actor.loadLimits') this.state = 'known';
    else if (e.type === 'xstate.error.actor.loadLimits') this.state = 'unavailable';
    else if (e.type === 'user.bet' && this.state === 'unavailable' && retry) this.state = 'loading';
  }
}

/** The limits state each performed event met (`before(i)`) and the one now, for a game whose Bet always retries. */
export function limitsFacts(world: World) {
  const reference = new LimitsReference(world);
  const states: LimitsState[] = [];
  for (const e of world.performed) {
    states.push(reference.state);
    reference.step(e);
  }
  return { now: reference.state, before: (index: number): LimitsState => states[index] ?? reference.state };
}

/** An oracle of the game kit with the game's own checks of the same state added. */
export function withChecks<S extends GameSut>(kit: Oracle<S>, own: Oracle<S>): Oracle<S> {
  return {
    asserts: `${kit.asserts}; ${own.asserts}`,
    async check(sut, world) {
      await kit.check(sut, world);
      await own.check(sut, world);
    },
  };
}
