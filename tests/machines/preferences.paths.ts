import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { Preferences } from '../../src/core/accounts/preferences';
import type { SessionSummary } from '../../src/core/contracts/preferences';
import { preferencesMachine } from '../../machines/preferences/machine';
import type { PreferencesContext, PreferencesReply } from '../../machines/preferences/machine';
import { selectGameKeysOn, selectInstantMode, selectRealityCheck, selectShownPreferences } from '../../machines/preferences/selectors';
import { APP_WIDE_IDS } from '../../machines/shared/system';
import { runInSystem } from '../support/actorSystem';
import type { Delivery } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The player's preferences and reality checks. The oracles compute from the performed events alone
 * what the Settings page and the games must see (the preferences as last answered, a change being
 * saved shown as chosen, instant mode only where the casino offers it), when the next reality check
 * is due (the next whole interval since sign-in, from the server's times), and what the dialog says;
 * and that the app heard of each dialog and auth of Stop playing.
 */

const MIN = 60_000;
const STARTED = '2026-11-27T10:00:00.000Z';
/** 4 minutes into the session: with a 15-minute interval the first check is due in 11 minutes. */
const EARLY: SessionSummary = { startedAt: STARTED, now: '2026-11-27T10:04:00.000Z', results: [] };
/** 1 h 30 min in, after a few bets. */
const LATER: SessionSummary = {
  startedAt: STARTED,
  now: '2026-11-27T11:30:00.000Z',
  results: [
    { currency: 'BTC', bets: 12, wagered: '0.00120000', profit: '-0.00040000' },
    { currency: 'USDT', bets: 3, wagered: '30.00000000', profit: '12.50000000' },
  ],
};
const WITH_CHECKS: PreferencesReply = { preferences: { keyboardShortcuts: true, instantMode: true, realityCheckMinutes: 15 }, instantModeAllowed: true };
const OPERATOR_FORBIDS: PreferencesReply = { preferences: { keyboardShortcuts: false, instantMode: true, realityCheckMinutes: 0 }, instantModeAllowed: false };

/** The server's answer to a save: the stored preferences with the change, as the fake server keeps them. */
const savedReply = (s: AnyMachineSnapshot): PreferencesReply => {
  const c = s.context as PreferencesContext;
  return { preferences: { ...c.preferences, ...c.pending }, instantModeAllowed: c.instantModeAllowed };
};

const events = (s: AnyMachineSnapshot): AnyEvent[] => [
  { type: 'xstate.done.actor.loadPreferences', output: WITH_CHECKS },
  { type: 'xstate.done.actor.loadPreferences', output: OPERATOR_FORBIDS },
  { type: 'xstate.error.actor.loadPreferences', error: new Error('Failed to fetch') },
  { type: 'user.retry' },
  { type: 'user.changePreferences', change: { realityCheckMinutes: 30 } },
  { type: 'user.changePreferences', change: { realityCheckMinutes: 0 } },
  { type: 'user.changePreferences', change: { keyboardShortcuts: false } },
  { type: 'xstate.done.actor.savePreferences', output: savedReply(s) },
  { type: 'xstate.error.actor.savePreferences', error: new Error('Failed to fetch') },
  { type: 'xstate.done.actor.readSessionStart', output: EARLY },
  { type: 'xstate.error.actor.readSessionStart', error: new Error('Failed to fetch') },
  { type: 'xstate.after.summaryRetry.preferences.realityCheck.unavailable' },
  { type: 'xstate.after.untilNextCheck.preferences.realityCheck.waiting' },
  { type: 'xstate.done.actor.readSessionResult', output: LATER },
  { type: 'xstate.error.actor.readSessionResult', error: new Error('Failed to fetch') },
  { type: 'user.continuePlaying' },
  { type: 'user.stopPlaying' },
];

/** What must be true after the performed events, worked out from them alone. */
function facts(world: World) {
  let stored: PreferencesReply | null = null;
  let pending: Partial<Preferences> | null = null;
  let summary: SessionSummary | null = null;
  let dueInMs: number | null = null;
  let dialogs = 0;
  let stopped = false;
  const saves: unknown[] = [];
  const interval = () => stored?.preferences.realityCheckMinutes ?? 0;
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.loadPreferences':
      case 'xstate.done.actor.savePreferences':
        stored = e['output'] as PreferencesReply;
        pending = null;
        break;
      case 'xstate.error.actor.savePreferences':
        pending = null;
        break;
      case 'user.changePreferences':
        pending = e['change'] as Partial<Preferences>;
        saves.push(pending);
        break;
      case 'xstate.done.actor.readSessionStart': {
        summary = e['output'] as SessionSummary;
        const elapsed = Date.parse(summary.now) - Date.parse(summary.startedAt);
        dueInMs = interval() * MIN - (elapsed % (interval() * MIN));
        break;
      }
      case 'xstate.done.actor.readSessionResult':
        summary = e['output'] as SessionSummary;
        break;
      case 'user.stopPlaying':
        stopped = true;
        break;
    }
    if (e.type === 'xstate.done.actor.readSessionResult' || e.type === 'xstate.error.actor.readSessionResult') dialogs += 1;
  }
  const shown = { ...(stored?.preferences ?? { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 }), ...pending };
  return { stored, shown, summary, dueInMs, dialogs, stopped, saves };
}

interface PreferencesSut extends Sut {
  effects: FakeEffects;
  deliveries: Delivery[];
}

const ctx = (sut: PreferencesSut) => sut.snapshot().context as PreferencesContext;
const snap = (sut: PreferencesSut) => sut.snapshot() as Parameters<typeof selectGameKeysOn>[0] & object;

export const preferencesPaths: PathSpec<PreferencesSut> = {
  name: 'preferences',
  // The generator walks the chart alone: no parent, no auth, no page to leave.
  machine: preferencesMachine.provide({ actions: { logOut: () => {}, goHome: () => {} } }),
  variants: [
    {
      name: 'a signed-in player',
      events,
      serializeState: (s) => {
        const c = s.context as PreferencesContext;
        return JSON.stringify([s.value, c.preferences, c.instantModeAllowed, c.pending, c.summary?.now ?? null, c.error !== null]);
      },
    },
  ],
  start(world) {
    const effects = new FakeEffects({ readSessionStart: 'fetchSessionSummary', readSessionResult: 'fetchSessionSummary' });
    const machine = preferencesMachine.provide({
      actors: effects.actors(['loadPreferences', 'savePreferences', 'fetchSessionSummary']) as never,
      actions: effects.actions(['goHome']) as never,
    });
    const system = runInSystem(machine, { clock: world.clock, systemId: 'preferences', recorders: [...Object.values(APP_WIDE_IDS), 'dice', 'mines'] });
    return {
      effects,
      deliveries: system.deliveries,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  perform: {
    // The wait the machine computed from the server's times: the oracle checks it is the right one.
    'xstate.after.untilNextCheck.preferences.realityCheck.waiting': (sut, _e, world) => {
      const due = facts(world).dueInMs!;
      world.clock.increment(due - 1);
      expect(sut.snapshot().matches({ realityCheck: 'waiting' }), 'no check a moment before it is due').toBe(true);
      world.clock.increment(1);
    },
  },
  states: {
    '#preferences': {
      asserts:
        'the preferences shown are the last answered with the change being saved over them; the games get their keys only with shortcuts on and no dialog showing, and instant mode only where the casino offers it; every save sent the change chosen; the open games (dice, mines) heard of every dialog shown; auth heard Stop playing once and the page went home',
      check(sut, world) {
        const f = facts(world);
        expect(selectShownPreferences(snap(sut))).toEqual(f.shown);
        expect(selectGameKeysOn(snap(sut))).toBe((f.stored?.preferences.keyboardShortcuts ?? true) && !sut.snapshot().hasTag('realityCheck'));
        expect(selectInstantMode(snap(sut))).toBe(f.stored !== null && f.stored.instantModeAllowed && f.stored.preferences.instantMode);
        expect(sut.effects.callsOf('savePreferences')).toEqual(f.saves);
        const told = Array.from({ length: f.dialogs }, () => ({ type: 'app.realityCheck' }));
        for (const game of ['dice', 'mines'] as const) expect(sut.deliveries.filter((d) => d.to === game).map((d) => d.event), game).toEqual(told);
        expect(sut.deliveries.filter((d) => d.to === 'auth').map((d) => d.event)).toEqual(f.stopped ? [{ type: 'user.logout' }] : []);
        expect(sut.effects.callsOf('goHome')).toHaveLength(f.stopped ? 1 : 0);
      },
    },
    '#preferences.settings.loading': {
      asserts: 'the preferences are being read; the defaults apply meanwhile',
      check(sut) {
        expect(sut.effects.waiting('loadPreferences')).toBeDefined();
      },
    },
    '#preferences.settings.unavailable': {
      asserts: "'Could not reach the casino…' with Try again; the defaults apply",
      check(sut) {
        expect(ctx(sut).error).toBe('Could not reach the casino. Please check your connection and try again.');
        expect(sut.snapshot().hasTag('alert')).toBe(true);
      },
    },
    '#preferences.settings.ready': {
      asserts: 'the preferences as the server answered them; nothing being saved',
      check(sut, world) {
        expect(ctx(sut).preferences).toEqual(facts(world).stored!.preferences);
        expect(sut.effects.waiting('savePreferences')).toBeUndefined();
      },
    },
    '#preferences.settings.saving': {
      asserts: 'the change chosen is being saved and shows as chosen',
      check(sut, world) {
        expect(sut.effects.waiting('savePreferences')).toEqual({ input: facts(world).saves.at(-1) });
        expect(sut.snapshot().hasTag('busy')).toBe(true);
      },
    },
    '#preferences.realityCheck.off': {
      asserts: 'no reality check is scheduled: no interval (or none read yet); no session read going on',
      check(sut, world) {
        expect(facts(world).stored?.preferences.realityCheckMinutes ?? 0).toBe(0);
        expect(sut.effects.waiting('fetchSessionSummary')).toBeUndefined();
      },
    },
    '#preferences.realityCheck.scheduling': {
      asserts: "an interval is chosen: the session's start and the server's time are being read",
      check(sut, world) {
        expect(facts(world).stored!.preferences.realityCheckMinutes).toBeGreaterThan(0);
        expect(sut.effects.waiting('fetchSessionSummary')).toBeDefined();
      },
    },
    '#preferences.realityCheck.unavailable': {
      asserts: 'the session could not be read: nothing is being read until the retry delay',
      check(sut) {
        expect(sut.effects.waiting('fetchSessionSummary')).toBeUndefined();
      },
    },
    '#preferences.realityCheck.waiting': {
      asserts: 'the next check is due on the next whole interval since sign-in (11 min after 4 min of a 15-minute interval)',
      check(sut, world) {
        expect(ctx(sut).untilCheckMs).toBe(facts(world).dueInMs);
        expect(sut.snapshot().hasTag('realityCheck')).toBe(false);
      },
    },
    '#preferences.realityCheck.checking': {
      asserts: "a check is due: the session's time and results are being read; no dialog yet",
      check(sut) {
        expect(sut.effects.waiting('fetchSessionSummary')).toBeDefined();
        expect(sut.snapshot().hasTag('realityCheck')).toBe(false);
      },
    },
    '#preferences.realityCheck.showing': {
      asserts: "the dialog shows the time played ('1 h 30 min' after the bets) and the net result per currency played; the games' keys are off",
      check(sut, world) {
        const f = facts(world);
        expect(sut.snapshot().hasTag('realityCheck')).toBe(true);
        expect(selectGameKeysOn(snap(sut))).toBe(false);
        const shown = selectRealityCheck(snap(sut));
        if (f.summary === LATER) expect(shown).toEqual({ played: '1 h 30 min', results: LATER.results });
        else expect(shown).toEqual({ played: '4 min', results: [] });
      },
    },
    '#preferences.realityCheck.stopped': {
      asserts: 'Stop playing: auth was told to log out and the page went home; no dialog',
      check(sut) {
        expect(sut.snapshot().hasTag('realityCheck')).toBe(false);
        expect(sut.effects.callsOf('goHome')).toHaveLength(1);
      },
    },
  },
};
