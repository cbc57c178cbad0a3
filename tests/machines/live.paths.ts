import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { liveMachine } from '../../machines/live/machine';
import type { HubInput, LiveCommand, LiveEvent } from '../../machines/live/machine';
import { selectHasGivenUp, selectIsLive, selectLiveStatus } from '../../machines/live/selectors';
import type { LiveStatus } from '../../machines/live/selectors';
import type { Bet } from '../../machines/shared/events';
import { runInSystem } from '../support/actorSystem';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The live connection's paths (docs/product.md §4 Live connection, §7, §9): the hub connections it
 * opens (with which token) and the commands each gets, the retries 0, 2, 10 and 30 s after a drop
 * on the path's clock, and the server events passed on to the feed, the wallet and the token pages.
 * The hub is a fake like src/app's: server events come back from the connection the machine opened.
 */

/** docs/product.md §9, written out so the test does not take the machine's word for it. */
const PRODUCT_RETRY_DELAYS_MS = [0, 2000, 10_000, 30_000];
const RETRIES = ['first', 'second', 'third', 'last'] as const;
const afterEvent = (k: number) => `xstate.after.${RETRIES[k]}Retry.live.session.reconnecting.${RETRIES[k]}RetryPending`;

const bet: Bet = { id: 'b1', gameName: 'Dice', playerName: 'ann', wager: 1, currency: 'BTC', multiplier: 2, payout: 2 };
const serverEvents = [
  { type: 'hub.bet', bet },
  { type: 'hub.deposit', amount: 0.5, currency: 'ETH' },
  { type: 'hub.lockedTokens', payload: { amount: 1 } },
  { type: 'hub.unlockedTokens', payload: { amount: 2 } },
  { type: 'hub.invested', payload: { currency: 'BTC' } },
  { type: 'hub.divested', payload: { currency: 'LTC' } },
];
const linkEvents = [
  { type: 'app.connect' },
  { type: 'app.disconnect' },
  { type: 'auth.loggedIn', user: { userName: 'ann' }, token: 'jwt-ann' },
  { type: 'auth.loggedOut' },
  { type: 'auth.tokenChanged', token: 'jwt-2' },
  { type: 'hub.connected' },
  { type: 'hub.closed', error: 'WebSocket closed with status code: 1006' },
  // The server ended the link's session (another device ended it): auth hears it while the link is wanted.
  { type: 'hub.sessionEnded' },
  ...RETRIES.map((_, k) => ({ type: afterEvent(k) })),
];

interface Connection {
  token: string | null;
  commands: string[];
  /** Clock times of its live.connect commands. */
  connectedAt: number[];
  stopped: boolean;
  emit: (event: LiveEvent) => void;
}

interface LiveSut extends Sut {
  connections: Connection[];
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

type Phase = 'disconnected' | 'connecting' | 'connected' | 'pending' | 'retrying' | 'gaveUp' | 'stopping' | 'restarting';

/**
 * The link as the product rules say it should be after the performed events: the phase, the
 * connections that should have been opened (token, commands, when each start was asked), and what
 * the other actors should have heard.
 */
function facts(world: World) {
  let token = (world.variant.input as { token?: string | null } | undefined)?.token ?? null;
  let phase: Phase = 'disconnected';
  let retry = 0;
  let now = 0;
  const connections: Array<{ token: string | null; commands: string[]; connectedAt: number[] }> = [];
  const delivered: Array<{ to: string; event: unknown }> = [];
  const latest = () => connections.at(-1)!;
  const connect = () => {
    latest().commands.push('live.connect');
    latest().connectedAt.push(now);
  };
  const open = () => {
    connections.push({ token, commands: [], connectedAt: [] });
    connect();
    phase = 'connecting';
    retry = 0;
  };
  const disconnect = (next: Phase) => {
    latest().commands.push('live.disconnect');
    phase = next;
  };
  const linkUp = () => phase === 'connecting' || phase === 'connected' || phase === 'retrying';
  for (const e of world.performed) {
    const after = RETRIES.findIndex((_, k) => e.type === afterEvent(k));
    if (after >= 0) {
      now += PRODUCT_RETRY_DELAYS_MS[after]!;
      phase = 'retrying';
      connect();
      continue;
    }
    switch (e.type) {
      case 'app.connect':
        if (phase === 'disconnected' || phase === 'gaveUp') open();
        else if (phase === 'stopping') phase = 'restarting';
        break;
      case 'app.disconnect':
        if (linkUp()) disconnect('stopping');
        else if (phase === 'pending' || phase === 'gaveUp') phase = 'disconnected';
        else if (phase === 'restarting') phase = 'stopping';
        break;
      case 'auth.loggedIn':
      case 'auth.loggedOut':
      case 'auth.tokenChanged':
        token = e.type === 'auth.loggedOut' ? null : (e['token'] as string);
        if (phase === 'disconnected' && e.type === 'auth.loggedIn') open();
        else if (linkUp()) disconnect('restarting');
        else if (phase === 'pending' || phase === 'gaveUp') open();
        else if (phase === 'stopping' && e.type === 'auth.loggedIn') phase = 'restarting';
        break;
      case 'hub.connected':
        phase = 'connected';
        retry = 0;
        break;
      case 'hub.closed':
        // open() and disconnect() move the phase: TypeScript cannot see it through the closures.
        phase = phase as Phase;
        if (phase === 'stopping') phase = 'disconnected';
        else if (phase === 'restarting') open();
        else if (phase === 'connecting' || phase === 'connected') {
          phase = 'pending';
          retry = 1;
        } else if (phase === 'retrying') {
          if (retry === 4) phase = 'gaveUp';
          else {
            phase = 'pending';
            retry += 1;
          }
        }
        break;
      case 'hub.sessionEnded':
        if (linkUp()) delivered.push({ to: 'auth', event: { type: 'session.ended' } });
        break;
      case 'hub.bet':
        delivered.push({ to: 'betsFeed', event: { type: 'server.bet', bet: e['bet'] } });
        break;
      case 'hub.deposit':
        delivered.push({ to: 'wallet', event: { type: 'server.deposit', amount: e['amount'], currency: e['currency'] } });
        break;
      case 'hub.lockedTokens':
      case 'hub.unlockedTokens':
        delivered.push({ to: 'staking', event: { type: e.type.replace('hub.', 'server.'), payload: e['payload'] } });
        break;
      case 'hub.invested':
      case 'hub.divested':
        delivered.push({ to: 'earn', event: { type: e.type.replace('hub.', 'server.'), payload: e['payload'] } });
        break;
    }
  }
  return { token, phase, retry, connections, delivered };
}

const STATUS: Record<Phase, LiveStatus> = {
  disconnected: 'disconnected',
  connecting: 'connecting',
  connected: 'connected',
  pending: 'reconnecting',
  retrying: 'reconnecting',
  gaveUp: 'gaveUp',
  stopping: 'disconnecting',
  restarting: 'disconnecting',
};

const snap = (sut: LiveSut) => sut.snapshot() as Parameters<typeof selectLiveStatus>[0];

function expectPhase(sut: LiveSut, world: World, phase: Phase, retry?: number) {
  const f = facts(world);
  expect(f.phase).toBe(phase);
  if (retry !== undefined) expect(f.retry, 'the retry the product rules are at').toBe(retry);
  expect(selectLiveStatus(snap(sut))).toBe(STATUS[phase]);
  expect(selectIsLive(snap(sut))).toBe(phase === 'connected');
  expect(selectHasGivenUp(snap(sut))).toBe(phase === 'gaveUp');
}

/** The retry states: which retry (1–4) is pending or under way. */
function retryOracles() {
  const oracles: PathSpec<LiveSut>['states'] = {};
  RETRIES.forEach((name, k) => {
    oracles[`#live.session.reconnecting.${name}RetryPending`] = {
      asserts: `the link dropped ${k === 0 ? 'and' : `and ${k} retries failed;`} retry ${k + 1} waits ${PRODUCT_RETRY_DELAYS_MS[k]! / 1000} s; status reconnecting`,
      check: (sut, world) => expectPhase(sut, world, 'pending', k + 1),
    };
    oracles[`#live.session.reconnecting.${name}Retry`] = {
      asserts: `retry ${k + 1} was started ${PRODUCT_RETRY_DELAYS_MS[k]! / 1000} s after the last drop, on the same connection; status reconnecting`,
      check: (sut, world) => expectPhase(sut, world, 'retrying', k + 1),
    };
  });
  return oracles;
}

export const livePaths: PathSpec<LiveSut> = {
  name: 'live',
  machine: liveMachine,
  variants: [
    { name: 'visitor', input: {}, events: linkEvents as AnyEvent[] },
    // Server events change no state: one walk through the session with every one of them.
    { name: 'server events', input: { token: 'jwt-1' }, events: [{ type: 'app.connect' }, { type: 'hub.connected' }, ...serverEvents] as AnyEvent[], serializeState: (s: AnyMachineSnapshot) => JSON.stringify(s.value) },
  ],
  start(world) {
    const connections: Connection[] = [];
    const hubConnection = fromCallback<LiveCommand, HubInput>(({ input, sendBack, receive }) => {
      const connection: Connection = { token: input.token, commands: [], connectedAt: [], stopped: false, emit: (event) => sendBack(event) };
      connections.push(connection);
      receive((command) => {
        connection.commands.push(command.type);
        if (command.type === 'live.connect') connection.connectedAt.push(world.clock.now());
      });
      return () => {
        connection.stopped = true;
      };
    });
    const system = runInSystem(liveMachine.provide({ actors: { hubConnection } }), {
      input: world.variant.input as { token?: string | null },
      systemId: 'live',
      recorders: ['betsFeed', 'wallet', 'staking', 'earn', 'modals', 'auth'],
      clock: world.clock,
    });
    return {
      connections,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as LiveEvent),
      stop: () => void system.root.stop(),
    };
  },
  perform: {
    // The server's answers come back from the connection the machine opened, as in the browser.
    ...Object.fromEntries(
      ['hub.connected', 'hub.closed', 'hub.sessionEnded', ...serverEvents.map((e) => e.type)].map((type) => [type, (sut: LiveSut, event: AnyEvent) => sut.connections.at(-1)!.emit(event as LiveEvent)]),
    ),
    // A retry waits exactly the product's delay: nothing a millisecond before, the start at the delay.
    ...Object.fromEntries(
      RETRIES.map((_, k) => [
        afterEvent(k),
        (sut: LiveSut, _event: AnyEvent, world: World) => {
          const starts = () => sut.connections.at(-1)!.commands.filter((c) => c === 'live.connect').length;
          const before = starts();
          const delay = PRODUCT_RETRY_DELAYS_MS[k]!;
          if (delay > 0) {
            world.clock.increment(delay - 1);
            expect(starts(), `retry ${k + 1} waits ${delay} ms`).toBe(before);
          }
          world.clock.increment(delay > 0 ? 1 : 0);
        },
      ]),
    ),
  },
  states: {
    '#live': {
      asserts: 'one connection was opened per start or token change, with the token of that time, and got exactly the connect and disconnect commands the rules call for, at the times they call for; each server event reached the one actor that wants it (bets the feed, deposits the wallet, locks the staking page, investments the earn page), auth heard session.ended for each session the server ended while the link was wanted (not while it was being stopped), and nothing else was sent',
      check(sut, world) {
        const f = facts(world);
        expect(sut.connections.map(({ token, commands, connectedAt }) => ({ token, commands, connectedAt }))).toEqual(f.connections);
        // Only the newest connection may still run.
        expect(sut.connections.slice(0, -1).every((c) => c.stopped)).toBe(true);
        const delivered = (['betsFeed', 'wallet', 'staking', 'earn', 'modals', 'auth'] as const).flatMap((to) => sut.sentTo(to).map((event) => ({ to, event })));
        expect(delivered).toEqual(expect.arrayContaining(f.delivered));
        expect(delivered).toHaveLength(f.delivered.length);
      },
    },
    '#live.disconnected': {
      asserts: 'no connection runs and none is wanted; status disconnected',
      check(sut, world) {
        expectPhase(sut, world, 'disconnected');
        expect(sut.connections.every((c) => c.stopped)).toBe(true);
      },
    },
    '#live.session': {
      asserts: "the newest connection was opened with the token of its start, and still runs",
      check(sut) {
        expect(sut.connections.at(-1)?.stopped).toBe(false);
      },
    },
    '#live.session.connecting': {
      asserts: 'the connection is asked to start; status connecting',
      check: (sut, world) => expectPhase(sut, world, 'connecting'),
    },
    '#live.session.connected': {
      asserts: 'the link is up; status connected, live',
      check: (sut, world) => expectPhase(sut, world, 'connected'),
    },
    ...retryOracles(),
    '#live.session.gaveUp': {
      asserts: 'the fourth retry failed too: no more tries; status gaveUp (silent)',
      check: (sut, world) => expectPhase(sut, world, 'gaveUp'),
    },
    '#live.session.disconnecting.stopping': {
      asserts: 'the app stopped the link: the connection was asked to stop; status disconnecting',
      check: (sut, world) => expectPhase(sut, world, 'stopping'),
    },
    '#live.session.disconnecting.restarting': {
      asserts: 'the token changed: the old connection was asked to stop, a new one follows once it has closed; status disconnecting',
      check: (sut, world) => expectPhase(sut, world, 'restarting'),
    },
  },
};
