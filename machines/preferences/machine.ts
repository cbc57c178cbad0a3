/**
 * A signed-in player's preferences and reality checks (docs/product.md "Settings", issue 20). One actor
 * while a player is signed in (spawned with the header's account menu, systemId `preferences`), two regions:
 *
 * `settings`: the preferences as the server keeps them (keyboard shortcuts, instant mode, reality check
 *   interval), read at sign-in and changed one at a time from the Settings page. The games read them from
 *   here: shortcuts off, their keys do nothing; instant mode on, they skip their animations.
 * `realityCheck`: with an interval chosen, a dialog every N minutes of the session (counted from
 *   sign-in, as the server knows it, so a reload keeps the marks) shows the time played and the
 *   session's net result per currency; Continue playing waits for the next mark, Stop playing logs out.
 *
 * Receives
 *   user.changePreferences {change} · user.retry           (the Settings page)
 *   user.continuePlaying · user.stopPlaying                 (the reality check dialog)
 * Sends
 *   dice, mines (if open) ← app.realityCheck: their autobet stops (the games with autobet)
 *   auth              ← user.logout (Stop playing)
 * Actors src/app provides: loadPreferences, savePreferences (GET/POST /auth/…-preferences),
 *   fetchSessionSummary (GET /casino/get-session-summary). Effect action: goHome (navigation).
 */
import { assign, enqueueActions, raise, sendTo, setup } from 'xstate';
import { DEFAULT_PREFERENCES, nextCheckInMs } from '../../src/core/accounts/preferences';
import type { Preferences } from '../../src/core/accounts/preferences';
import type { SessionSummary } from '../../src/core/contracts/preferences';
import { effectAction, effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';
import { SCREEN_IDS } from '../shared/screens';
import { APP_WIDE_IDS } from '../shared/system';

export interface PreferencesReply {
  preferences: Preferences;
  instantModeAllowed: boolean;
}

export interface PreferencesContext {
  preferences: Preferences;
  /** Whether the casino offers instant mode (the operator's INSTANT_MODE); until read, assumed not. */
  instantModeAllowed: boolean;
  /** The change being saved, shown as chosen while it is. */
  pending: Partial<Preferences> | null;
  /** Why the last read or save failed; null while none. */
  error: string | null;
  /** The session as the server last told it: its start, its time, the net results. */
  summary: SessionSummary | null;
  /** From the last summary to the next reality check. */
  untilCheckMs: number;
}

export type PreferencesEvent =
  | { type: 'user.changePreferences'; change: Partial<Preferences> }
  | { type: 'user.retry' }
  | { type: 'user.continuePlaying' }
  | { type: 'user.stopPlaying' }
  /** Raised by `settings` for `realityCheck` whenever the preferences are (re)read or saved. */
  | { type: 'preferences.changed' };

const AUTOBET_GAMES = [SCREEN_IDS.dice, SCREEN_IDS.mines] as const;

/** docs/product.md: a failed read of the session summary is tried again after 30 s. */
export const SUMMARY_RETRY_MS = 30_000;

const hasInterval = ({ context }: { context: PreferencesContext }) => context.preferences.realityCheckMinutes > 0;
const reschedule = { 'preferences.changed': [{ guard: 'hasInterval' as const, target: '#preferences.realityCheck.scheduling', reenter: true }, { target: '#preferences.realityCheck.off' }] };

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
  },
  actors: {
    loadPreferences: effectActor<PreferencesReply>('loadPreferences'),
    savePreferences: effectActor<PreferencesReply, Partial<Preferences>>('savePreferences'),
    fetchSessionSummary: effectActor<SessionSummary>('fetchSessionSummary'),
  },
  delays: {
    /** Until the next whole interval since sign-in (src/core/accounts/preferences.ts). */
    untilNextCheck: ({ context }) => context.untilCheckMs,
    summaryRetry: SUMMARY_RETRY_MS,
  },
  guards: {
    hasInterval,
  },
  actions: {
    storeReply: assign((_, reply: PreferencesReply) => ({ preferences: reply.preferences, instantModeAllowed: reply.instantModeAllowed, pending: null, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: failureMessage(params.error), pending: null })),
    announceChange: raise({ type: 'preferences.changed' }),
    storeSummary: assign((_, summary: SessionSummary) => ({ summary })),
    scheduleNextCheck: assign(({ context }, summary: SessionSummary) => ({
      summary,
      untilCheckMs: nextCheckInMs(Date.parse(summary.startedAt), Date.parse(summary.now), context.preferences.realityCheckMinutes),
    })),
    /** The open games that run autobet hear of the check, so a run stops; a game not open misses it. */
    tellGames: enqueueActions(({ enqueue, system }) => {
      for (const id of AUTOBET_GAMES) {
        const game = system.get(id);
        if (game) enqueue.sendTo(game, { type: 'app.realityCheck' as const });
      }
    }),
    logOut: sendTo(({ system }) => system.get(APP_WIDE_IDS.auth), { type: 'user.logout' }),
    /** Leaves the page for the home page (src/app's navigation). */
    goHome: effectAction('goHome'),
  },
}).createMachine({
  id: 'preferences',
  context: { preferences: { ...DEFAULT_PREFERENCES }, instantModeAllowed: false, pending: null, error: null, summary: null, untilCheckMs: 0 },
  type: 'parallel',
  states: {
    settings: {
      initial: 'loading',
      states: {
        loading: {
          description: "The player's preferences are read; meanwhile the defaults apply (shortcuts on, animations on, no reality checks).",
          tags: ['loading'],
          invoke: {
            id: 'loadPreferences',
            src: 'loadPreferences',
            onDone: { target: 'ready', actions: [{ type: 'storeReply', params: ({ event }) => event.output }, 'announceChange'] },
            onError: { target: 'unavailable', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        unavailable: {
          description: 'The preferences could not be read: the defaults apply, and the Settings page offers Try again.',
          tags: ['alert'],
          on: { 'user.retry': 'loading' },
        },
        ready: {
          description: 'The preferences are known and apply; the Settings page may change one.',
          on: {
            'user.changePreferences': { target: 'saving', actions: assign({ pending: ({ event }) => event.change, error: null }) },
          },
        },
        saving: {
          description: 'A change is being saved; the page shows it as chosen, and the other settings wait.',
          tags: ['busy'],
          invoke: {
            id: 'savePreferences',
            src: 'savePreferences',
            input: ({ context }) => context.pending ?? {},
            onDone: { target: 'ready', actions: [{ type: 'storeReply', params: ({ event }) => event.output }, 'announceChange'] },
            onError: { target: 'ready', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    realityCheck: {
      initial: 'off',
      states: {
        off: {
          description: 'No reality checks: no interval chosen (or the preferences not read yet).',
          on: reschedule,
        },
        scheduling: {
          description: "The session's start and the server's time are read, to wait for the next whole interval since sign-in.",
          invoke: {
            id: 'readSessionStart',
            src: 'fetchSessionSummary',
            onDone: { target: 'waiting', actions: { type: 'scheduleNextCheck', params: ({ event }) => event.output } },
            onError: 'unavailable',
          },
          on: reschedule,
        },
        unavailable: {
          description: 'The session could not be read: asked again after 30 s.',
          after: { summaryRetry: 'scheduling' },
          on: reschedule,
        },
        waiting: {
          description: 'Waiting for the next reality check, on the next whole interval since sign-in.',
          after: { untilNextCheck: 'checking' },
          on: reschedule,
        },
        checking: {
          description: "A check is due: the session's time and net results are read. Bets go on meanwhile.",
          invoke: {
            id: 'readSessionResult',
            src: 'fetchSessionSummary',
            onDone: { target: 'showing', actions: { type: 'storeSummary', params: ({ event }) => event.output } },
            // What was last read is better than no check at all.
            onError: 'showing',
          },
        },
        showing: {
          description:
            'The reality check dialog: time played and net result per currency, Continue playing or Stop playing. No bet can be placed meanwhile, and a running autobet stops.',
          tags: ['realityCheck'],
          entry: 'tellGames',
          on: {
            'user.continuePlaying': 'scheduling',
            'user.stopPlaying': 'stopped',
          },
        },
        stopped: {
          description: 'Stop playing: the player is logged out and taken to the home page.',
          type: 'final',
          entry: ['logOut', 'goHome'],
        },
      },
    },
  },
});
