import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { liveMachine } from '../../machines/live/machine';
import type { HubInput, LiveCommand, LiveEvent } from '../../machines/live/machine';
import { rtpMachine, RTP_REFRESH_DELAY_MS } from '../../machines/rtp/machine';
import { FakeEffects, pathSuite, settle } from '../support/pathTesting';
import { FIRST_REPORT, LATER_REPORT, rtpPaths } from './rtp.paths';

describe('measured RTP page', () => {
  it('should read once for a burst of bets, after the pause, and once more for a bet landing during that read', async () => {
    const effects = new FakeEffects();
    const clock = new SimulatedClock();
    const actor = createActor(rtpMachine.provide({ actors: effects.actors(['fetchRtp']) as never }), { clock }).start();
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    const bet = { id: '1', gameName: 'Dice', playerName: 'ada', wager: 1, currency: 'USDT', multiplier: 0, payout: 0 };
    for (let i = 0; i < 5; i++) actor.send({ type: 'server.bet', bet });
    clock.increment(RTP_REFRESH_DELAY_MS - 1);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
    clock.increment(1);
    expect(effects.callsOf('fetchRtp')).toHaveLength(2);
    actor.send({ type: 'server.bet', bet });
    effects.resolve('fetchRtp', LATER_REPORT);
    await settle();
    expect(actor.getSnapshot().context.report).toBe(LATER_REPORT);
    clock.increment(RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(3);
  });
});

pathSuite(rtpPaths);

/**
 * The page with the real live machine (on a fake hub) and its real link watcher, as the app has them:
 * the hub announces nothing while the link is down, so its coming back reads the figures again.
 */
function rtpWithLive(options: { liveLater?: boolean } = {}) {
  const hubs: Array<(event: LiveEvent) => void> = [];
  const hubConnection = fromCallback<LiveCommand, HubInput>(({ sendBack }) => {
    hubs.push(sendBack as (event: LiveEvent) => void);
  });
  const effects = new FakeEffects();
  const clock = new SimulatedClock();
  // As the app has it: the live actor is started once the first page has painted (`startLive`), the page's screen when it opens.
  const app = createMachine({
    type: 'parallel',
    states: {
      link: {
        initial: options.liveLater ? 'notYet' : 'started',
        states: {
          notYet: { on: { startLive: 'started' } },
          started: { invoke: { id: 'live', systemId: 'live', src: liveMachine.provide({ actors: { hubConnection } }), input: { token: null } } },
        },
      },
      page: {
        initial: 'elsewhere',
        states: {
          elsewhere: { on: { open: 'onRtp' } },
          onRtp: { invoke: { id: 'rtp', src: rtpMachine.provide({ actors: effects.actors(['fetchRtp']) as never }) } },
        },
      },
    },
  });
  const root = createActor(app, { clock }).start();
  const child = (id: string) => (root.getSnapshot().children as Record<string, AnyActorRef>)[id]!;
  const startLive = () => {
    root.send({ type: 'startLive' });
    child('live').send({ type: 'app.connect' });
  };
  if (!options.liveLater) startLive();
  return { root, startLive, effects, clock, rtp: () => child('rtp'), hub: () => hubs[hubs.length - 1]! };
}

describe('measured RTP page and the live link', () => {
  it('should not read again for a link that was already up when the page opened', async () => {
    const { root, effects, clock, hub } = rtpWithLive();
    hub()({ type: 'hub.connected' });
    root.send({ type: 'open' });
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    clock.increment(10 * RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
  });

  it('should read again, after the pause, when the link comes back after a drop', async () => {
    const { root, effects, clock, rtp, hub } = rtpWithLive();
    hub()({ type: 'hub.connected' });
    root.send({ type: 'open' });
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    hub()({ type: 'hub.closed', error: 'gone' });
    clock.increment(0);
    clock.increment(10 * RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
    hub()({ type: 'hub.connected' });
    clock.increment(RTP_REFRESH_DELAY_MS - 1);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
    clock.increment(1);
    expect(effects.callsOf('fetchRtp')).toHaveLength(2);
    effects.resolve('fetchRtp', LATER_REPORT);
    await settle();
    expect(rtp().getSnapshot().context.report).toBe(LATER_REPORT);
  });

  it('should read again when the live link is started only after the page opened, once it is connected', async () => {
    const { root, startLive, effects, clock, hub } = rtpWithLive({ liveLater: true });
    root.send({ type: 'open' });
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    startLive();
    // Still connecting: nothing can have been announced yet, and nothing is read.
    clock.increment(10 * RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
    hub()({ type: 'hub.connected' });
    clock.increment(RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(2);
  });

  it('should read again when the link comes up only after the first read was answered', async () => {
    const { root, effects, clock, rtp, hub } = rtpWithLive();
    root.send({ type: 'open' });
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    hub()({ type: 'hub.connected' });
    clock.increment(RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(2);
    effects.resolve('fetchRtp', LATER_REPORT);
    await settle();
    expect(rtp().getSnapshot().context.report).toBe(LATER_REPORT);
  });
});
