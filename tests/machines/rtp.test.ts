import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { rtpMachine, RTP_REFRESH_DELAY_MS } from '../../machines/rtp/machine';
import { screenWithLive } from '../support/liveSystem';
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

/** The page with the real live machine (on a fake hub) and its real link watcher, as the app has them. */
function rtpWithLive(options: { liveLater?: boolean } = {}) {
  const effects = new FakeEffects();
  const system = screenWithLive(rtpMachine.provide({ actors: effects.actors(['fetchRtp']) as never }), { ...options, openLater: true });
  return { ...system, effects, rtp: system.screen };
}

describe('measured RTP page and the live link', () => {
  it('should not read again for a link that was already up when the page opened', async () => {
    const { open, effects, clock, hub } = rtpWithLive();
    hub()({ type: 'hub.connected' });
    open();
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    clock.increment(10 * RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
  });

  it("should read nothing for the live link's other traffic while it stays up", async () => {
    const { open, effects, clock, hub } = rtpWithLive();
    hub()({ type: 'hub.connected' });
    open();
    effects.resolve('fetchRtp', FIRST_REPORT);
    await settle();
    hub()({ type: 'hub.deposit', amount: 1, currency: 'USDT' });
    clock.increment(10 * RTP_REFRESH_DELAY_MS);
    expect(effects.callsOf('fetchRtp')).toHaveLength(1);
  });

  it('should read again, after the pause, when the link comes back after a drop', async () => {
    const { open, effects, clock, rtp, hub } = rtpWithLive();
    hub()({ type: 'hub.connected' });
    open();
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
    const { open, startLive, effects, clock, hub } = rtpWithLive({ liveLater: true });
    open();
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
    const { open, effects, clock, rtp, hub } = rtpWithLive();
    open();
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
