import { describe, expect, it } from 'vitest';
import { fromCallback, SimulatedClock } from 'xstate';
import { AUTOBET_PAUSE_MS, autobetMachine } from '../../machines/autobet/machine';
import type { AutobetEvent } from '../../machines/autobet/machine';
import { selectCount, selectIsRunning, selectNetText, selectStopReason } from '../../machines/autobet/selectors';
import { DEFAULT_AUTOBET_SETTINGS } from '../../src/core/bets/autobet';
import type { AutobetSettings } from '../../src/core/bets/autobet';
import { runInSystem } from '../support/actorSystem';
import { screenWithLive } from '../support/liveSystem';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { autobetPaths } from './autobet.paths';

const LIMITS = { minBet: 0.0001, maxBet: 1, maxPayout: 10 };
const start = (amountText: string, fiatRate: number | null = null): AutobetEvent => ({ type: 'game.start', start: { amountText, fiatRate, limits: LIMITS }, currency: 'BTC' });
const noLink = fromCallback(() => undefined);

function run(settings: Partial<AutobetSettings>) {
  const clock = new SimulatedClock();
  const system = runInSystem(autobetMachine.provide({ actors: { watchLink: noLink } }), {
    input: { settings: { ...DEFAULT_AUTOBET_SETTINGS, ...settings } },
    clock,
  });
  // The live link is up (the watcher is tested below with the real live machine).
  system.actor.send({ type: 'live.up', atStart: true });
  const asked = () => system.sentTo('parent').map((e) => (e as unknown as { amountText: string }).amountText);
  /** The game answers the bet in flight, and the pause passes. */
  const answer = (wager: number, payout: number) => {
    system.actor.send({ type: 'game.settled', wager, payout });
    clock.increment(AUTOBET_PAUSE_MS);
  };
  return { ...system, clock, asked, answer, snapshot: () => system.actor.getSnapshot() };
}

describe('autobet', () => {
  it('should double after each loss and go back to the start after a win (martingale), in amounts the player could type', () => {
    const r = run({ onLoss: 'increase', onLossPercent: '100', bets: '5' });
    r.actor.send(start('0.001'));
    r.answer(0.001, 0);
    r.answer(0.002, 0);
    r.answer(0.004, 0.00792);
    r.answer(0.001, 0);
    r.answer(0.002, 0);
    expect(r.asked()).toEqual(['0.001', '0.002', '0.004', '0.001', '0.002']);
    expect(selectCount(r.snapshot())).toBe(5);
    // −0.001 − 0.002 + 0.00392 − 0.001 − 0.002
    expect(selectNetText(r.snapshot())).toBe('-0.00208000 BTC');
    expect(selectStopReason(r.snapshot())).toBe('5 bets placed');
  });

  it('should bet in dollars in fiat display and count the net profit in the coin', () => {
    const r = run({ onWin: 'increase', onWinPercent: '50', stopProfit: '10' });
    r.actor.send(start('5', 50_000));
    // $5 at $50,000 = 0.0001 BTC; it paid 0.0003: +0.0002 BTC = +$10, which reaches stop on profit.
    r.answer(0.0001, 0.0003);
    expect(r.asked()).toEqual(['5']);
    expect(selectNetText(r.snapshot())).toBe('+$10.00');
    expect(selectStopReason(r.snapshot())).toBe('Stop on profit reached');
  });

  it('should refuse Start with the first unreadable setting and place nothing', () => {
    const r = run({ onWin: 'increase', onWinPercent: 'lots' });
    r.actor.send(start('0.001'));
    expect(r.asked()).toEqual([]);
    expect(selectIsRunning(r.snapshot())).toBe(false);
    expect(selectStopReason(r.snapshot())).toBe('Increase on win must be from 0 to 1000%');
  });

  it('should stop on the refusal of a bet with its message', () => {
    const r = run({});
    r.actor.send(start('0.001'));
    r.actor.send({ type: 'game.refused', message: "Can't bet more than balance" });
    r.clock.increment(10_000);
    expect(r.asked()).toEqual(['0.001']);
    expect(selectStopReason(r.snapshot())).toBe("Can't bet more than balance");
  });

  it('should ask for no bet once stopped, even when the bet in flight settles after Stop', () => {
    const r = run({});
    r.actor.send(start('0.001'));
    r.actor.send({ type: 'user.stop' });
    expect(selectIsRunning(r.snapshot())).toBe(true);
    r.answer(0.001, 0.002);
    r.clock.increment(10_000);
    expect(r.asked()).toEqual(['0.001']);
    expect(selectCount(r.snapshot())).toBe(1);
    expect(selectStopReason(r.snapshot())).toBe('Stopped');
  });
});

/** A live actor with a fake hub in the system, as the app has it, and the autobet's real link watcher. */
function withLive() {
  const system = screenWithLive(autobetMachine, { input: { settings: DEFAULT_AUTOBET_SETTINGS }, liveLater: true });
  system.root.send({ type: 'startLive' });
  return { live: system.live(), autobet: system.screen(), hub: system.hub, stopLive: system.stopLive };
}

describe('the live link (machines/live/link.ts)', () => {
  it('should stop a run when the live connection drops', () => {
    const { live, autobet, hub } = withLive();
    live.send({ type: 'app.connect' });
    hub()({ type: 'hub.connected' });
    autobet.send(start('0.001'));
    autobet.send({ type: 'game.settled', wager: 0.001, payout: 0 });
    expect(autobet.getSnapshot().hasTag('running')).toBe(true);
    hub()({ type: 'hub.closed', error: 'gone' });
    expect(autobet.getSnapshot().hasTag('running')).toBe(false);
    expect(autobet.getSnapshot().context.reason).toBe('Live connection lost');
  });

  it('should stop a run when the app stops the live link, or the live actor itself stops', () => {
    for (const end of ['app.disconnect', 'stop'] as const) {
      const { live, autobet, hub, stopLive } = withLive();
      live.send({ type: 'app.connect' });
      hub()({ type: 'hub.connected' });
      autobet.send(start('0.001'));
      autobet.send({ type: 'game.settled', wager: 0.001, payout: 0 });
      expect(autobet.getSnapshot().hasTag('running')).toBe(true);
      if (end === 'stop') stopLive();
      else {
        live.send({ type: 'app.disconnect' });
        hub()({ type: 'hub.closed' });
      }
      expect(autobet.getSnapshot().hasTag('running')).toBe(false);
      expect(autobet.getSnapshot().context.reason).toBe('Live connection lost');
    }
  });

  it('should not start a run while the link is down, and start once it is up', () => {
    const { live, autobet, hub } = withLive();
    autobet.send(start('0.001'));
    expect(autobet.getSnapshot().hasTag('running')).toBe(false);
    expect(autobet.getSnapshot().context.reason).toBe('Live connection lost');
    live.send({ type: 'app.connect' });
    hub()({ type: 'hub.connected' });
    autobet.send(start('0.001'));
    expect(autobet.getSnapshot().hasTag('running')).toBe(true);
  });

  it('should keep running through a restart for a refreshed token', () => {
    const { live, autobet, hub } = withLive();
    live.send({ type: 'app.connect' });
    hub()({ type: 'hub.connected' });
    autobet.send(start('0.001'));
    live.send({ type: 'auth.tokenChanged', token: 'fresh' });
    hub()({ type: 'hub.closed' });
    hub()({ type: 'hub.connected' });
    expect(autobet.getSnapshot().hasTag('running')).toBe(true);
  });
});

pathSuite(autobetPaths);
chartDocTest('autobet', autobetMachine);
