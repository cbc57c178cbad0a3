import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { tokenRefreshMachine } from '../../machines/tokenRefresh/machine';
import type { TokenRefreshEmitted, TokenRefreshEvent } from '../../machines/tokenRefresh/machine';
import type { SessionTokens } from '../../src/core/accounts/session';
import { runInSystem } from '../support/actorSystem';
import { ada } from '../support/authFixtures';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The token refresh coordinator's paths (docs/product.md §4): one refresh for every request that
 * hits 401 meanwhile, all of them retried with the new token or all failed, and auth told of
 * renewed or expired tokens. The reference keeps the tokens, the waiting requests and what must
 * have been emitted and announced from the performed events alone.
 */

const loggedIn = (accessToken: string, refreshToken: string) => ({ type: 'auth.loggedIn', user: { id: ada.id, userName: ada.userName }, tokens: { accessToken, refreshToken } });
const unauthorized = (requestId: number, accessToken: string) => ({ type: 'request.unauthorized', requestId, accessToken });
const REFRESHED = { status: 200, jwt: 'jwt-2', refreshToken: 'refresh-2' };

const events = [
  loggedIn('jwt-1', 'refresh-1'),
  loggedIn('jwt-5', 'refresh-5'),
  { type: 'auth.loggedOut' },
  unauthorized(1, 'jwt-1'),
  // Sent with a token replaced since (an older one, or before a login).
  unauthorized(2, 'jwt-0'),
  unauthorized(3, 'jwt-2'),
  { type: 'xstate.done.actor.refreshSession', output: REFRESHED },
  { type: 'xstate.done.actor.refreshSession', output: { status: 500 } },
  { type: 'xstate.error.actor.refreshSession', error: new Error('offline') },
] as AnyEvent[];

/** The waiting list only grows while refreshing: one or several waiting is what decides. */
const serializeState = (s: AnyMachineSnapshot) => {
  const { tokens, waiting } = s.context as { tokens: SessionTokens | null; waiting: number[] };
  return JSON.stringify([s.value, tokens?.accessToken ?? null, tokens?.refreshToken ?? null, Math.min(waiting.length, 2)]);
};

interface TokenSut extends Sut {
  effects: FakeEffects;
  emitted: TokenRefreshEmitted[];
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

type Phase = 'signedOut' | 'ready' | 'refreshing';

/** What the coordinator should hold and have said, after the performed events. */
function facts(world: World) {
  let phase: Phase = 'signedOut';
  let tokens: SessionTokens | null = null;
  let waiting: number[] = [];
  let refreshes = 0;
  const emitted: TokenRefreshEmitted[] = [];
  const announced: unknown[] = [];
  const retryWaiting = () => {
    emitted.push({ type: 'request.retry', requestIds: waiting, accessToken: tokens!.accessToken });
    waiting = [];
  };
  const failWaiting = () => {
    emitted.push({ type: 'request.fail', requestIds: waiting });
    waiting = [];
  };
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        tokens = e['tokens'] as SessionTokens;
        if (phase === 'refreshing') retryWaiting();
        phase = 'ready';
        break;
      case 'auth.loggedOut':
        if (phase === 'refreshing') failWaiting();
        tokens = null;
        phase = 'signedOut';
        break;
      case 'request.unauthorized': {
        const id = e['requestId'] as number;
        if (phase === 'signedOut') emitted.push({ type: 'request.fail', requestIds: [id] });
        else if (phase === 'refreshing') waiting = [...waiting, id];
        else if (e['accessToken'] !== tokens!.accessToken) emitted.push({ type: 'request.retry', requestIds: [id], accessToken: tokens!.accessToken });
        else {
          waiting = [id];
          phase = 'refreshing';
          refreshes += 1;
        }
        break;
      }
      case 'xstate.done.actor.refreshSession':
      case 'xstate.error.actor.refreshSession': {
        const output = e['output'] as { status?: number; jwt?: string; refreshToken?: string } | undefined;
        if (output?.status === 200 && output.jwt && output.refreshToken) {
          tokens = { accessToken: output.jwt, refreshToken: output.refreshToken };
          retryWaiting();
          announced.push({ type: 'tokens.renewed', tokens });
          phase = 'ready';
        } else {
          tokens = null;
          failWaiting();
          announced.push({ type: 'tokens.expired' });
          phase = 'signedOut';
        }
        break;
      }
    }
  }
  return { phase, tokens, waiting, emitted, announced, refreshes };
}

export const tokenRefreshPaths: PathSpec<TokenSut> = {
  name: 'tokenRefresh',
  // Paths are generated outside any app: with no parent to announce to, the generator's copy stays quiet.
  machine: tokenRefreshMachine.provide({ actions: { announceRenewed: () => {}, announceExpired: () => {} } }),
  variants: [
    // First, so that its path is the one that takes the refusal branch: a 200 without a refresh token is no renewal.
    {
      name: 'refresh answered without a refresh token',
      events: [loggedIn('jwt-1', 'refresh-1'), unauthorized(1, 'jwt-1'), { type: 'xstate.done.actor.refreshSession', output: { status: 200, jwt: 'jwt-2' } }] as AnyEvent[],
      serializeState,
    },
    {
      name: 'session',
      events,
      serializeState,
    },
  ],
  start() {
    const effects = new FakeEffects();
    const machine = tokenRefreshMachine.provide({ actors: effects.actors(['refreshSession']) as never });
    // It addresses nobody through the system: no recorders, and it holds its own systemId.
    const system = runInSystem(machine, { systemId: 'tokenRefresh', recorders: [] });
    const emitted: TokenRefreshEmitted[] = [];
    system.actor.on('request.retry', (e) => void emitted.push(e));
    system.actor.on('request.fail', (e) => void emitted.push(e));
    return {
      effects,
      emitted,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as TokenRefreshEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#tokenRefresh': {
      asserts: 'every request that hit 401 was answered once: retried with the token of the time, or failed; auth heard of each renewed (with the new tokens) or expired session; one refresh call per 401 sent with the current token while none ran',
      check(sut, world) {
        const f = facts(world);
        expect(sut.emitted).toEqual(f.emitted);
        expect(sut.sentTo('parent')).toEqual(f.announced);
        expect(sut.effects.callsOf('refreshSession')).toHaveLength(f.refreshes);
      },
    },
    '#tokenRefresh.signedOut': {
      asserts: 'no session: a 401 fails its request at once, nothing is refreshed',
      check(sut, world) {
        expect(facts(world).phase).toBe('signedOut');
        expect(sut.effects.waiting('refreshSession')).toBeUndefined();
        expect(sut.snapshot().hasTag('refreshing')).toBe(false);
      },
    },
    '#tokenRefresh.ready': {
      asserts: 'a session and no refresh under way',
      check(sut, world) {
        expect(facts(world).phase).toBe('ready');
        expect(sut.effects.waiting('refreshSession')).toBeUndefined();
        expect(sut.snapshot().hasTag('refreshing')).toBe(false);
      },
    },
    '#tokenRefresh.refreshing': {
      asserts: 'exactly one refresh call is waiting, with the refresh token of the session; the requests that hit 401 since wait for it',
      check(sut, world) {
        const f = facts(world);
        expect(f.phase).toBe('refreshing');
        expect(sut.effects.waiting('refreshSession')?.input).toEqual({ refreshToken: f.tokens!.refreshToken });
        expect(sut.snapshot().hasTag('refreshing')).toBe(true);
        expect((sut.snapshot().context as { waiting: number[] }).waiting).toEqual(f.waiting);
      },
    },
  },
};
