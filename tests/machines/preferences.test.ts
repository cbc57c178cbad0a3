import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { SessionSummary } from '../../src/core/contracts/preferences';
import { preferencesMachine } from '../../machines/preferences/machine';
import { selectRealityCheck } from '../../machines/preferences/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects, pathSuite, settle } from '../support/pathTesting';
import { preferencesPaths } from './preferences.paths';

const MIN = 60_000;
const summary = (minutesIn: number): SessionSummary => ({
  startedAt: '2026-11-27T10:00:00.000Z',
  now: new Date(Date.parse('2026-11-27T10:00:00.000Z') + minutesIn * MIN).toISOString(),
  results: [{ currency: 'BTC', bets: 2, wagered: '0.00020000', profit: '-0.00010000' }],
});

function start() {
  const clock = new SimulatedClock();
  const effects = new FakeEffects();
  const machine = preferencesMachine.provide({
    actors: effects.actors(['loadPreferences', 'savePreferences', 'fetchSessionSummary']) as never,
    actions: effects.actions(['goHome']) as never,
  });
  const system = runInSystem(machine, { clock, systemId: 'preferences', recorders: ['auth', 'dice'] });
  return { clock, effects, system, actor: system.actor };
}

describe('reality checks', () => {
  it('should show a check on every whole interval since sign-in, counted afresh after Continue playing', async () => {
    const { clock, effects, actor, system } = start();
    effects.resolve('loadPreferences', { preferences: { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 15 }, instantModeAllowed: true });
    await settle();
    // A reload 20 minutes into the session: the next mark is at 30 minutes.
    effects.resolve('fetchSessionSummary', summary(20));
    await settle();
    clock.increment(10 * MIN - 1);
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(false);
    clock.increment(1);
    effects.resolve('fetchSessionSummary', summary(30));
    await settle();
    expect(actor.getSnapshot().hasTag('realityCheck')).toBe(true);
    expect(selectRealityCheck(actor.getSnapshot()).played).toBe('30 min');
    expect(system.deliveries.filter((d) => d.to === 'dice').map((d) => d.event.type)).toEqual(['app.realityCheck']);
    // The player reads for two minutes, then continues: the next check falls on the 45-minute mark.
    actor.send({ type: 'user.continuePlaying' });
    effects.resolve('fetchSessionSummary', summary(32));
    await settle();
    expect(actor.getSnapshot().context.untilCheckMs).toBe(13 * MIN);
  });

  it('should stop scheduling when the player turns reality checks off, and start again when turned on', async () => {
    const { effects, actor } = start();
    effects.resolve('loadPreferences', { preferences: { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 60 }, instantModeAllowed: true });
    await settle();
    effects.resolve('fetchSessionSummary', summary(5));
    await settle();
    expect(actor.getSnapshot().matches({ realityCheck: 'waiting' })).toBe(true);
    actor.send({ type: 'user.changePreferences', change: { realityCheckMinutes: 0 } });
    effects.resolve('savePreferences', { preferences: { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 }, instantModeAllowed: true });
    await settle();
    expect(actor.getSnapshot().matches({ realityCheck: 'off' })).toBe(true);
    actor.send({ type: 'user.changePreferences', change: { realityCheckMinutes: 15 } });
    effects.resolve('savePreferences', { preferences: { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 15 }, instantModeAllowed: true });
    await settle();
    expect(effects.waiting('fetchSessionSummary')).toBeDefined();
  });
});

pathSuite(preferencesPaths);
