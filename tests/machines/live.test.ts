import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, setup, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { liveMachine } from '../../machines/live/machine';
import type { HubInput, LiveCommand, LiveEvent } from '../../machines/live/machine';
import { selectHasGivenUp, selectIsLive, selectLiveStatus } from '../../machines/live/selectors';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet } from '../../machines/wallet/machine';
import type { Bet } from '../../machines/shared/events';
import { runInSystem } from '../support/actorSystem';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { livePaths } from './live.paths';

/**
 * One fake hub: records every connection the machine opens (with its token) and the commands each
 * receives, and lets the test play the server (`emit`) on the newest one.
 */
function fakeHub() {
  const connections: Array<{ token: string | null; commands: string[]; stopped: boolean; emit: (event: LiveEvent) => void }> = [];
  const hubConnection = fromCallback<LiveCommand, HubInput>(({ input, sendBack, receive }) => {
    const connection = { token: input.token, commands: [] as string[], stopped: false, emit: (event: LiveEvent) => sendBack(event) };
    connections.push(connection);
    receive((command) => connection.commands.push(command.type));
    return () => {
      connection.stopped = true;
    };
  });
  const machine = liveMachine.provide({ actors: { hubConnection } });
  const latest = () => connections[connections.length - 1]!;
  return { machine, connections, latest };
}

function startedLive(token: string | null = null) {
  const hub = fakeHub();
  const clock = new SimulatedClock();
  const actor = createActor(hub.machine, { input: { token }, clock }).start();
  actor.send({ type: 'app.connect' });
  return { ...hub, actor, clock };
}

/** docs/product.md §9, written out here so the test does not take the machine's word for it. */
const PRODUCT_RETRY_DELAYS_MS = [0, 2000, 10_000, 30_000];

const bet: Bet = { id: 'b1', gameName: 'Dice', playerName: 'ann', wager: 1, currency: 'BTC', multiplier: 2, payout: 2 };

describe('live connection', () => {
  it('should connect when the app starts it, with the stored token, and report connected', () => {
    const { actor, latest } = startedLive('jwt-1');
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');
    expect(latest()).toMatchObject({ token: 'jwt-1', commands: ['live.connect'] });
    latest().emit({ type: 'hub.connected' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connected');
    expect(selectIsLive(actor.getSnapshot())).toBe(true);
  });

  it('should retry after 0, 2, 10 and 30 s and then give up', () => {
    const { actor, clock, latest } = startedLive();
    latest().emit({ type: 'hub.connected' });
    latest().emit({ type: 'hub.closed', error: 'WebSocket closed with status code: 1006' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('reconnecting');
    const attempts = () => latest().commands.filter((c) => c === 'live.connect').length;
    for (const [i, delay] of PRODUCT_RETRY_DELAYS_MS.entries()) {
      if (delay > 0) {
        clock.increment(delay - 1);
        expect(attempts(), `retry ${i + 1} waits ${delay} ms`).toBe(i + 1);
      }
      clock.increment(delay > 0 ? 1 : 0);
      expect(attempts(), `retry ${i + 1} after ${delay} ms`).toBe(i + 2);
      latest().emit({ type: 'hub.closed' });
    }
    expect(selectHasGivenUp(actor.getSnapshot())).toBe(true);
    clock.increment(60 * 60_000);
    expect(attempts()).toBe(5);
  });

  it('should be connected again when a retry succeeds', () => {
    const { actor, clock, latest } = startedLive();
    latest().emit({ type: 'hub.closed' });
    clock.increment(0);
    latest().emit({ type: 'hub.closed' });
    clock.increment(2000);
    latest().emit({ type: 'hub.connected' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connected');
  });

  it('should close the old connection and open one with the new token when the token changes', () => {
    const { actor, connections, latest } = startedLive(null);
    latest().emit({ type: 'hub.connected' });
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 'jwt-ann' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('disconnecting');
    expect(connections[0]!.commands).toEqual(['live.connect', 'live.disconnect']);
    connections[0]!.emit({ type: 'hub.closed' });
    expect(connections[0]!.stopped).toBe(true);
    expect(connections.map((c) => c.token)).toEqual([null, 'jwt-ann']);
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');

    latest().emit({ type: 'hub.connected' });
    actor.send({ type: 'auth.tokenChanged', token: 'jwt-ann-2' });
    latest().emit({ type: 'hub.closed' });
    actor.send({ type: 'auth.loggedOut' });
    expect(connections.map((c) => c.token)).toEqual([null, 'jwt-ann', 'jwt-ann-2']);
    latest().emit({ type: 'hub.closed' });
    expect(connections.map((c) => c.token)).toEqual([null, 'jwt-ann', 'jwt-ann-2', null]);
  });

  it('should start again with a new token after giving up', () => {
    const { actor, clock, connections, latest } = startedLive();
    latest().emit({ type: 'hub.closed' });
    for (const delay of PRODUCT_RETRY_DELAYS_MS) {
      clock.increment(delay);
      latest().emit({ type: 'hub.closed' });
    }
    expect(selectHasGivenUp(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'auth.tokenChanged', token: 'fresh' });
    expect(latest().token).toBe('fresh');
    expect(connections).toHaveLength(2);
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');
  });

  it('should remember a token that changes before the app connects, and connect with it', () => {
    for (const [event, token] of [
      [{ type: 'auth.tokenChanged', token: 'jwt-2' }, 'jwt-2'],
      [{ type: 'auth.loggedOut' }, null],
    ] as const) {
      const hub = fakeHub();
      const actor = createActor(hub.machine, { input: { token: 'jwt-1' } }).start();
      actor.send(event);
      expect(hub.connections, `${event.type} alone opens nothing`).toHaveLength(0);
      actor.send({ type: 'app.connect' });
      expect(hub.connections.map((c) => c.token), event.type).toEqual([token]);
    }
  });

  it('should connect with the newest token when the token changes again while the old connection closes', () => {
    for (const [event, token] of [
      [{ type: 'auth.tokenChanged', token: 'jwt-3' }, 'jwt-3'],
      [{ type: 'auth.loggedIn', user: { userName: 'bob' }, token: 'jwt-bob' }, 'jwt-bob'],
      [{ type: 'auth.loggedOut' }, null],
    ] as const) {
      const { actor, connections, latest } = startedLive('jwt-1');
      latest().emit({ type: 'hub.connected' });
      actor.send({ type: 'auth.tokenChanged', token: 'jwt-2' });
      actor.send(event);
      expect(selectLiveStatus(actor.getSnapshot()), event.type).toBe('disconnecting');
      latest().emit({ type: 'hub.closed' });
      expect(connections.map((c) => c.token), event.type).toEqual(['jwt-1', token]);
    }
  });

  it('should reconnect with the new token when someone signs in while the connection is being stopped', () => {
    const { actor, connections, latest } = startedLive(null);
    latest().emit({ type: 'hub.connected' });
    actor.send({ type: 'app.disconnect' });
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 'jwt-ann' });
    latest().emit({ type: 'hub.closed' });
    expect(connections.map((c) => c.token)).toEqual([null, 'jwt-ann']);
    expect(selectLiveStatus(actor.getSnapshot())).toBe('connecting');
  });

  it('should stay stopped when the token changes while the connection is being stopped, and use it on the next connect', () => {
    for (const [event, token] of [
      [{ type: 'auth.tokenChanged', token: 'jwt-2' }, 'jwt-2'],
      [{ type: 'auth.loggedOut' }, null],
    ] as const) {
      const { actor, connections, latest } = startedLive('jwt-1');
      latest().emit({ type: 'hub.connected' });
      actor.send({ type: 'app.disconnect' });
      actor.send(event);
      latest().emit({ type: 'hub.closed' });
      expect(selectLiveStatus(actor.getSnapshot()), event.type).toBe('disconnected');
      expect(connections, event.type).toHaveLength(1);
      actor.send({ type: 'app.connect' });
      expect(connections.map((c) => c.token), event.type).toEqual(['jwt-1', token]);
    }
  });

  it('should stop for good when the app disconnects, once the connection has closed', () => {
    const { actor, latest } = startedLive();
    latest().emit({ type: 'hub.connected' });
    actor.send({ type: 'app.disconnect' });
    expect(latest().commands).toEqual(['live.connect', 'live.disconnect']);
    latest().emit({ type: 'hub.closed' });
    expect(selectLiveStatus(actor.getSnapshot())).toBe('disconnected');
  });

  it('should pass server events to the actors that want them, and nothing else', () => {
    const hub = fakeHub();
    const { actor, deliveries } = runInSystem(hub.machine, { input: { token: null }, recorders: ['betsFeed', 'wallet', 'staking', 'earn', 'modals'] });
    actor.send({ type: 'app.connect' });
    const latest = hub.latest;
    latest().emit({ type: 'hub.connected' });
    latest().emit({ type: 'hub.bet', bet });
    latest().emit({ type: 'hub.deposit', amount: 0.5, currency: 'ETH' });
    latest().emit({ type: 'hub.lockedTokens', payload: { amount: 1 } });
    latest().emit({ type: 'hub.divested', payload: { currency: 'BTC' } });
    expect(deliveries).toEqual([
      { to: 'betsFeed', event: { type: 'server.bet', bet } },
      { to: 'wallet', event: { type: 'server.deposit', amount: 0.5, currency: 'ETH' } },
      { to: 'staking', event: { type: 'server.lockedTokens', payload: { amount: 1 } } },
      { to: 'earn', event: { type: 'server.divested', payload: { currency: 'BTC' } } },
    ]);
  });

  it('should raise the wallet balance on a deposit through the actor system', async () => {
    let hubRef: { emit: (e: LiveEvent) => void } | null = null;
    const hubConnection = fromCallback<LiveCommand, HubInput>(({ sendBack }) => {
      hubRef = { emit: sendBack };
    });
    // The wallet's calls are fakes as src/app provides real ones; its unprovided placeholders fail on purpose.
    const wallet = walletMachine.provide({
      actors: {
        loadWallets: fromPromise<Wallet[], void>(async () => [{ currencySymbol: 'LTC', balance: 0.1 }]),
        loadRates: fromPromise<ExchangeRate[], void>(async () => []),
      },
    });
    const app = setup({ actors: { live: liveMachine.provide({ actors: { hubConnection } }), wallet } }).createMachine({
      invoke: [
        { id: 'wallet', systemId: 'wallet', src: 'wallet', input: {} },
        { id: 'live', systemId: 'live', src: 'live', input: { token: null } },
      ],
    });
    const root = createActor(app).start();
    const walletRef = root.getSnapshot().children.wallet as AnyActorRef;
    walletRef.send({ type: 'auth.loggedIn' });
    await new Promise((r) => setTimeout(r, 0));
    (root.getSnapshot().children.live as AnyActorRef).send({ type: 'app.connect' });
    hubRef!.emit({ type: 'hub.connected' });
    hubRef!.emit({ type: 'hub.deposit', amount: 0.2, currency: 'LTC' });
    const ltc = walletRef.getSnapshot().context.wallets.find((w: { currencySymbol: string }) => w.currencySymbol === 'LTC');
    expect(ltc?.balance).toBe(0.3);
    root.stop();
  });
});

chartDocTest('live', liveMachine);

pathSuite(livePaths);
