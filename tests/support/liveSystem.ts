import { createActor, createMachine, fromCallback, SimulatedClock } from 'xstate';
import type { AnyActorLogic, AnyActorRef } from 'xstate';
import { liveMachine } from '../../machines/live/machine';
import type { HubInput, LiveCommand, LiveEvent } from '../../machines/live/machine';
import { APP_WIDE_IDS } from '../../machines/shared/system';

/**
 * A screen's machine beside the real live machine on a fake hub, in one actor system as the app has
 * them, so the screen's real link watcher (machines/live/link.ts) follows the real live machine. As in
 * the app, the live actor may start after the screen (`liveLater`: the app starts it once the first
 * page has painted) and the screen may open after the link is up (`openLater`); `stopLive` stops it.
 * `hub()` is the last hub link the live machine built: send it `hub.connected`, `hub.closed`, ...
 */
export function screenWithLive(screen: AnyActorLogic, options: { input?: unknown; liveLater?: boolean; openLater?: boolean } = {}) {
  const hubs: Array<(event: LiveEvent) => void> = [];
  const hubConnection = fromCallback<LiveCommand, HubInput>(({ sendBack }) => {
    hubs.push(sendBack as (event: LiveEvent) => void);
  });
  const clock = new SimulatedClock();
  const app = createMachine({
    type: 'parallel',
    states: {
      link: {
        initial: options.liveLater ? 'notYet' : 'started',
        states: {
          notYet: { on: { startLive: 'started' } },
          started: {
            on: { stopLive: 'notYet' },
            invoke: { id: APP_WIDE_IDS.live, systemId: APP_WIDE_IDS.live, src: liveMachine.provide({ actors: { hubConnection } }), input: { token: 't' } },
          },
        },
      },
      page: {
        initial: options.openLater ? 'elsewhere' : 'open',
        states: {
          elsewhere: { on: { open: 'open' } },
          open: { invoke: { id: 'screen', src: screen, input: options.input } },
        },
      },
    },
  });
  const root = createActor(app, { clock }).start();
  const child = (id: string) => (root.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  const startLive = () => {
    root.send({ type: 'startLive' });
    child(APP_WIDE_IDS.live)!.send({ type: 'app.connect' });
  };
  if (!options.liveLater) startLive();
  return {
    root,
    clock,
    startLive,
    open: () => root.send({ type: 'open' }),
    stopLive: () => root.send({ type: 'stopLive' }),
    live: () => child(APP_WIDE_IDS.live)!,
    screen: () => child('screen')!,
    hub: () => hubs[hubs.length - 1]!,
  };
}
