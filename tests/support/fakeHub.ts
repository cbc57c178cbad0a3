import { act } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import type { HubConnector, HubLink } from '../../src/app/adapters/hubConnection';
import type { AppClock } from '../../src/app/actors/appLogic';
import type { Bet } from '../../machines/shared/events';

/**
 * The live hub of component tests: what the app gets in place of the SignalR connection (the same
 * HubLink the app's hubConnection actor drives), so the app's own relaying of hub events runs. It
 * records every link the app built, with its token and what the app did with it, and lets a test
 * play the server: push a settled bet or a deposit, drop the connection, refuse the next starts.
 */

/** Lets the promises the app started (fake API answers, the hub's relaying) settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** One link the app built, and what the app has done with it. */
export interface FakeLink {
  token: string | null;
  starts: number;
  stops: number;
  state: 'Disconnected' | 'Connected';
}

/** Server events the app listens to (docs/product.md §7 Real-time), as the wire has them (a bet's id is a number). */
export type ServerEvent =
  | { name: 'bet'; payload: Omit<Bet, 'id'> & { id: number } }
  | { name: 'deposit'; payload: { amount: number; currency: string } }
  | { name: 'lockedTokens' | 'unlockedTokens' | 'invested' | 'divested'; payload: unknown };

export function fakeHub() {
  const links: FakeLink[] = [];
  const live = new Map<FakeLink, { handlers: Map<string, Array<(payload: unknown) => void>>; onclose: Array<(error?: Error) => void> }>();
  /** Starts answered with a failure, oldest first: each `refuseStarts(n)` adds n. */
  let refusals = 0;
  /** The starts the app has asked for, in order, with the token each link carries. */
  const startLog: Array<{ token: string | null }> = [];

  const connect: HubConnector = async (token) => {
    const record: FakeLink = { token, starts: 0, stops: 0, state: 'Disconnected' };
    const wiring = { handlers: new Map<string, Array<(payload: unknown) => void>>(), onclose: [] as Array<(error?: Error) => void> };
    links.push(record);
    live.set(record, wiring);
    const link: HubLink = {
      get state() {
        return record.state;
      },
      on(event, handler) {
        wiring.handlers.set(event, [...(wiring.handlers.get(event) ?? []), handler as (payload: unknown) => void]);
      },
      onclose(handler) {
        wiring.onclose.push(handler);
      },
      async start() {
        record.starts += 1;
        startLog.push({ token });
        if (refusals > 0) {
          refusals -= 1;
          throw new Error('WebSocket failed to connect.');
        }
        record.state = 'Connected';
      },
      async stop() {
        record.stops += 1;
        const wasConnected = record.state === 'Connected';
        record.state = 'Disconnected';
        // SignalR reports the end of a started connection through onclose, with no error.
        if (wasConnected) for (const handler of wiring.onclose) handler();
      },
    };
    return link;
  };

  const connected = () => links.filter((link) => link.state === 'Connected');

  /** Runs `fn` inside act() and lets the promises it started (the app's relaying) settle. */
  const inAct = (fn: () => void) =>
    act(async () => {
      fn();
      await settle();
    });

  return {
    /** Hand this to the app: dependencies={{ hub: hub.connect }}. */
    connect,
    links,
    startLog,
    /** The links the app holds open now. */
    connected,
    /** The server sends `name` to every open link (a broadcast, or a message to this player). */
    emit(event: ServerEvent) {
      const open = connected();
      if (open.length === 0) throw new Error(`fakeHub: no open connection to send '${event.name}' to`);
      return inAct(() => {
        for (const link of open) for (const handler of live.get(link)?.handlers.get(event.name) ?? []) handler(event.payload);
      });
    },
    /** The connection drops (server gone, network lost): SignalR calls onclose with the error. */
    drop(message = 'WebSocket closed with status code: 1006 (no reason given).') {
      const open = connected();
      if (open.length === 0) throw new Error('fakeHub: no open connection to drop');
      return inAct(() => {
        for (const link of open) {
          link.state = 'Disconnected';
          for (const handler of live.get(link)?.onclose ?? []) handler(new Error(message));
        }
      });
    },
    /** The next `count` starts fail, as a start does while the server is unreachable. */
    refuseStarts(count: number) {
      refusals += count;
    },
  };
}

export type FakeHub = ReturnType<typeof fakeHub>;

/**
 * xstate's SimulatedClock, set to the wall time the test starts at (the screens show dates and
 * countdowns from it): every delay of every actor of the app waits until `advance` passes it.
 */
export function simulatedClock(startMs = Date.now()) {
  const simulated = new SimulatedClock();
  simulated.set(startMs);
  // When each pending delay falls due, so `advance` can stop at each one in turn.
  const due = new Map<number, number>();
  const clock: AppClock = {
    setTimeout(fn, timeout) {
      const id: number = simulated.setTimeout(() => {
        due.delete(id);
        fn();
      }, timeout);
      due.set(id, simulated.now() + timeout);
      return id;
    },
    clearTimeout(id) {
      due.delete(id as number);
      simulated.clearTimeout(id as number);
    },
    now: () => simulated.now(),
  };
  return {
    clock,
    now: () => simulated.now(),
    /**
     * Moves the app's time on by `ms`, as real time would pass: each delay that falls due fires at
     * its moment, and a delay it starts (the next card, the next retry) fires too if it falls due
     * within `ms`. Runs inside act(), so what the delays changed is rendered when it resolves.
     */
    async advance(ms: number) {
      const target = simulated.now() + ms;
      for (let step = 0; step < 10_000; step++) {
        const next = Math.min(...due.values());
        if (!(next <= target)) break;
        await act(async () => {
          simulated.set(next);
          await settle();
        });
      }
      await act(async () => {
        simulated.set(target);
        await settle();
      });
    },
  };
}

export type TestClock = ReturnType<typeof simulatedClock>;

/**
 * The app loads the live link's and the feed's logic once the first page has painted (a browser frame
 * in src/app/actors/appLogic.ts); jsdom paints nothing, so the tests' app starts them at once. Hand it to
 * the app beside the hub: dependencies={{ hub: hub.connect, firstPaint: paintedAtOnce }}.
 */
export const paintedAtOnce = async (): Promise<void> => {};
