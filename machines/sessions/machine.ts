import { assign, setup } from 'xstate';
import type { SessionEntry } from '../../src/core/contracts/auth';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';

/**
 * The Sessions card of the account page (docs/product.md §2 Security): the player's open sessions
 * (device, address, started, last active; this device marked) and a way to end any other one, or
 * all of them at once. After each ending the list is read again from the server. This device is
 * ended with Log out (the auth actor), never from here.
 */

export type Session = SessionEntry;

export const SESSIONS_MESSAGES = {
  ended: 'Session ended. That device is signed out.',
  othersEnded: 'Every other session has been ended.',
} as const;

export interface SessionsContext {
  /** The last list the server gave; null until the first one arrives. */
  sessions: Session[] | null;
  /** The session being ended now, so its row can say so. */
  endingId: string | null;
  formError: string | null;
  notice: string | null;
}

export type SessionsEvent = { type: 'user.endSession'; sessionId: string } | { type: 'user.endOthers' } | { type: 'user.retry' };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
  },
  actors: {
    listSessions: effectActor<{ sessions: Session[] }>('listSessions'),
    endSession: effectActor<void, { sessionId: string }>('endSession'),
    endOtherSessions: effectActor<void>('endOtherSessions'),
  },
  actions: {
    takeSessions: assign({ sessions: ({ event }) => outputOf<{ sessions: Session[] }>(event).sessions, endingId: null }),
    rememberEnding: assign({ endingId: ({ event }) => (event.type === 'user.endSession' ? event.sessionId : null) }),
    forgetEnding: assign({ endingId: null }),
    clearMessages: assign({ formError: null, notice: null }),
    showFailure: assign({ formError: ({ event }) => failureMessage((event as unknown as { error: unknown }).error), endingId: null }),
    showEnded: assign({ notice: SESSIONS_MESSAGES.ended }),
    showOthersEnded: assign({ notice: SESSIONS_MESSAGES.othersEnded }),
  },
  guards: {
    /** Only a listed session other than this device's can be ended here. */
    isOtherSession: ({ context, event }) =>
      event.type === 'user.endSession' && (context.sessions ?? []).some((s) => s.sessionId === event.sessionId && !s.current),
    hasOtherSessions: ({ context }) => (context.sessions ?? []).some((s) => !s.current),
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: null, endingId: null, formError: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the open sessions from the server; a list already shown stays, with its buttons disabled.',
      tags: ['busy'],
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: { target: 'listed', actions: 'takeSessions' },
        onError: { target: 'unavailable', actions: 'showFailure' },
      },
    },
    unavailable: {
      description: 'The list could not be read: the reason and Try again.',
      on: { 'user.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    listed: {
      description: 'Each open session with device, address, started and last active; "This device" on the current one, End on the others, and End all other sessions when there are any.',
      on: {
        'user.endSession': { guard: 'isOtherSession', target: 'ending', actions: ['clearMessages', 'rememberEnding'] },
        'user.endOthers': { guard: 'hasOtherSessions', target: 'endingOthers', actions: 'clearMessages' },
      },
    },
    ending: {
      description: 'Ending one other session on the server (its device is signed out and its live connection closed).',
      tags: ['busy'],
      invoke: {
        id: 'endSession',
        src: 'endSession',
        input: ({ context }) => ({ sessionId: context.endingId! }),
        onDone: { target: 'loading', actions: 'showEnded' },
        onError: { target: 'listed', actions: 'showFailure' },
      },
    },
    endingOthers: {
      description: 'Ending every session but this one on the server.',
      tags: ['busy'],
      invoke: {
        id: 'endOtherSessions',
        src: 'endOtherSessions',
        onDone: { target: 'loading', actions: 'showOthersEnded' },
        onError: { target: 'listed', actions: 'showFailure' },
      },
    },
  },
});
