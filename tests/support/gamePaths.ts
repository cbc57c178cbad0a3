import { expect } from 'vitest';
import type { GameWallet } from '../../machines/shared/events';
import type { FakeEffects, Oracle, Sut, World } from './pathTesting';

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
