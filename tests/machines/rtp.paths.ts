import { expect } from 'vitest';
import type { RtpReport } from '../../src/core/contracts/rtp';
import { rtpMachine } from '../../machines/rtp/machine';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The measured RTP page: the figures read when it opens, Try again after a failure, and read again
 * after each bet the hub announces, once the pause has passed, and once more when a bet landed during
 * that read; the live link coming back counts as such a bet (the hub announced nothing while it was
 * down), the link found up when the page opened does not. The oracles check the figures shown, the
 * reads made and the message against `rtpFacts`, written out here from the events alone.
 */

const game = (name: string, bets: number, rtp: number): RtpReport['games'][number] =>
  bets === 0
    ? { game: name, bets, wageredUsd: 0, paidOutUsd: 0, rtp: null, theoreticalRtp: null, low95: null, high95: null, recent: [] }
    : {
  game: name,
  bets,
  wageredUsd: bets,
  paidOutUsd: bets * rtp,
  rtp,
  theoreticalRtp: 0.99,
  low95: rtp - 0.1,
  high95: rtp + 0.1,
  recent: [{ bets, rtp }],
      };
export const FIRST_REPORT: RtpReport = { games: [game('Dice', 10, 0.95), game('Mines', 0, 0), game('Blackjack', 2, 1.5), game('Baccarat', 1, 0)] };
export const LATER_REPORT: RtpReport = { games: [game('Dice', 11, 0.97), game('Mines', 1, 2), game('Blackjack', 2, 1.5), game('Baccarat', 1, 0)] };
const BET = { id: '11', gameName: 'Dice', playerName: 'bob', wager: 1, currency: 'USDT', multiplier: 2, payout: 2 };
const UNREACHABLE = 'Could not reach the casino. Please check your connection and try again.';

export const rtpEvents = [
  { type: 'xstate.done.actor.fetchRtp', output: FIRST_REPORT },
  { type: 'xstate.done.actor.fetchRtp', output: LATER_REPORT },
  { type: 'xstate.error.actor.fetchRtp', error: new Error('Failed to fetch') },
  { type: 'user.retry' },
  { type: 'server.bet', bet: BET },
  { type: 'xstate.after.refreshDelay.rtp.ready.pending' },
  { type: 'live.lost' },
  { type: 'live.up', atStart: false },
  { type: 'live.up', atStart: true },
] as AnyEvent[];

/** What the page shows after the path: the figures of the last answer, the reads made, the alert. */
export function rtpFacts(world: World) {
  let reads = 1;
  let reading = true;
  let report: RtpReport | null = null;
  let error: string | null = null;
  // A bet announced since the last read began: the figures on the page may not include it yet.
  let unread = false;
  for (const e of world.performed) {
    if (e.type === 'xstate.done.actor.fetchRtp') {
      report = e['output'] as RtpReport;
      reading = false;
      error = null;
    } else if (e.type === 'xstate.error.actor.fetchRtp') {
      reading = false;
      error = UNREACHABLE;
    } else if (e.type === 'user.retry' || e.type.startsWith('xstate.after.refreshDelay')) {
      reads += 1;
      reading = true;
      unread = false;
      if (e.type === 'user.retry' && report === null) error = null;
    } else if (e.type === 'server.bet' || (e.type === 'live.up' && e['atStart'] === false)) unread = true;
  }
  return { reads, reading, report, error, unread };
}

export interface RtpSut extends Sut {
  effects: FakeEffects;
}

const ctx = (sut: RtpSut) => sut.snapshot().context as { report: RtpReport | null; error: string | null };

export const rtpPaths: PathSpec<RtpSut> = {
  name: 'rtp',
  machine: rtpMachine,
  variants: [
    {
      name: 'a visitor on /rtp',
      events: rtpEvents,
      serializeState: (s) => {
        const c = s.context as { report: RtpReport | null; error: string | null };
        return JSON.stringify([s.value, c.report === FIRST_REPORT ? 1 : c.report ? 2 : 0, c.error !== null]);
      },
    },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = rtpMachine.provide({ actors: effects.actors(['fetchRtp']) as never });
    const system = runInSystem(machine, { clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#rtp': {
      asserts: 'one read on opening, one per Try again and one per pause after a bet; the figures shown are the last answer’s',
      check(sut, world) {
        const f = rtpFacts(world);
        expect(sut.effects.callsOf('fetchRtp')).toHaveLength(f.reads);
        expect(ctx(sut).report).toBe(f.report);
      },
    },
    '#rtp.loading.current': {
      asserts: 'no bet has landed since the first read began',
      check(_sut, world) {
        expect(rtpFacts(world).unread).toBe(false);
      },
    },
    '#rtp.loading.behind': {
      asserts: 'a bet landed during the first read: another read will follow its answer',
      check(_sut, world) {
        expect(rtpFacts(world).unread).toBe(true);
      },
    },
    '#rtp.loading': {
      asserts: 'no figures yet, the first read under way',
      check(sut) {
        expect(sut.snapshot().hasTag('busy')).toBe(true);
        expect(ctx(sut).report).toBeNull();
        expect(sut.effects.waiting('fetchRtp')).toBeDefined();
      },
    },
    '#rtp.failed': {
      asserts: `the alert '${UNREACHABLE}' and Try again, no figures, nothing read`,
      check(sut) {
        expect(sut.snapshot().hasTag('alert')).toBe(true);
        expect(ctx(sut).error).toBe(UNREACHABLE);
        expect(ctx(sut).report).toBeNull();
        expect(sut.effects.waiting('fetchRtp')).toBeUndefined();
      },
    },
    '#rtp.ready': {
      asserts: 'the figures of the last answer are on the page',
      check(sut, world) {
        expect(ctx(sut).report).not.toBeNull();
        expect(ctx(sut).report).toBe(rtpFacts(world).report);
      },
    },
    '#rtp.ready.upToDate': {
      asserts: 'no alert, nothing being read: the figures include every bet announced',
      check(sut, world) {
        expect(rtpFacts(world).unread).toBe(false);
        expect(sut.snapshot().hasTag('alert')).toBe(false);
        expect(sut.effects.waiting('fetchRtp')).toBeUndefined();
      },
    },
    '#rtp.ready.pending': {
      asserts: 'a bet landed: nothing read yet, the next read comes after the 1 s pause',
      check(sut, world) {
        expect(rtpFacts(world).unread).toBe(true);
        expect(sut.effects.waiting('fetchRtp')).toBeUndefined();
        expect(sut.effects.callsOf('fetchRtp')).toHaveLength(rtpFacts(world).reads);
      },
    },
    '#rtp.ready.refreshing': {
      asserts: 'a read is under way, the last figures still shown, no alert',
      check(sut) {
        expect(sut.effects.waiting('fetchRtp')).toBeDefined();
        expect(sut.snapshot().hasTag('alert')).toBe(false);
      },
    },
    '#rtp.ready.refreshing.current': {
      asserts: 'no bet landed since this read began',
      check(_sut, world) {
        expect(rtpFacts(world).unread).toBe(false);
      },
    },
    '#rtp.ready.refreshing.behind': {
      asserts: 'a bet landed during this read: another read will follow its answer',
      check(_sut, world) {
        expect(rtpFacts(world).unread).toBe(true);
      },
    },
    '#rtp.ready.updateFailed': {
      asserts: `the last figures stay, with the alert '${UNREACHABLE}' and Try again`,
      check(sut) {
        expect(sut.snapshot().hasTag('alert')).toBe(true);
        expect(ctx(sut).error).toBe(UNREACHABLE);
        expect(ctx(sut).report).not.toBeNull();
        expect(sut.effects.waiting('fetchRtp')).toBeUndefined();
      },
    },
  },
};
