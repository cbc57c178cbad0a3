import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
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
