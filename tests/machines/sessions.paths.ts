import { expect } from 'vitest';
import { SESSIONS_MESSAGES, sessionsMachine } from '../../machines/sessions/machine';
import type { Session, SessionsEvent } from '../../machines/sessions/machine';
import { selectEndingId, selectSessions, selectSessionsMessages, selectSessionsView } from '../../machines/sessions/selectors';
import type { SessionsView } from '../../machines/sessions/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The Sessions card of the account page. The oracles read what the card shows (the list, which row
 * is being ended, the alert and the notice, whether the buttons are usable) and what went to the
 * server, against `sessionsFacts`, kept from the performed events with the messages written out.
 */

export const SESSIONS_TEXT = {
  ended: 'Session ended. That device is signed out.',
  othersEnded: 'Every other session has been ended.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  notYours: 'No open session with this id belongs to you.',
} as const;

const at = '2026-05-01T10:00:00.000Z';
export const HERE: Session = { sessionId: 'here', device: 'Chrome on Windows', ipAddress: '192.0.2.1', startedAt: at, lastActiveAt: at, current: true };
export const LAPTOP: Session = { sessionId: 'laptop', device: 'Firefox on Linux', ipAddress: '192.0.2.2', startedAt: at, lastActiveAt: at, current: false };
export const PHONE: Session = { sessionId: 'phone', device: 'Safari on iPhone', ipAddress: null, startedAt: at, lastActiveAt: at, current: false };

const event = (e: Record<string, unknown>) => e as AnyEvent;
const unreachable = new TypeError('Failed to fetch');
const notYours = { status: 404, error: 'session_not_found', message: SESSIONS_TEXT.notYours };

export const sessionsEvents = [
  { type: 'xstate.done.actor.listSessions', output: { sessions: [HERE, LAPTOP, PHONE] } },
  { type: 'xstate.done.actor.listSessions', output: { sessions: [HERE] } },
  { type: 'xstate.error.actor.listSessions', error: unreachable },
  { type: 'user.retry' },
  { type: 'user.endSession', sessionId: 'laptop' },
  // This device is not ended from the list (Log out does it), nor is a session the list does not hold.
  { type: 'user.endSession', sessionId: 'here' },
  { type: 'user.endSession', sessionId: 'elsewhere' },
  { type: 'user.endOthers' },
  { type: 'xstate.done.actor.endSession' },
  { type: 'xstate.error.actor.endSession', error: notYours },
  { type: 'xstate.done.actor.endOtherSessions' },
  { type: 'xstate.error.actor.endOtherSessions', error: unreachable },
].map(event);

const failureText = (error: unknown) => ((error as { status?: number }).status === 404 ? SESSIONS_TEXT.notYours : SESSIONS_TEXT.unreachable);

/** The card as the path left it, from the performed events alone. */
export function sessionsFacts(world: World) {
  let sessions: Session[] | null = null;
  let endingId: string | null = null;
  let formError: string | null = null;
  let notice: string | null = null;
  const ended: string[] = [];
  let endedOthers = 0;
  const others = () => (sessions ?? []).filter((s) => !s.current);
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.listSessions':
        sessions = (e['output'] as { sessions: Session[] }).sessions;
        endingId = null;
        break;
      case 'xstate.error.actor.listSessions':
      case 'xstate.error.actor.endSession':
      case 'xstate.error.actor.endOtherSessions':
        formError = failureText(e['error']);
        endingId = null;
        break;
      case 'user.retry':
        formError = notice = null;
        break;
      case 'user.endSession':
        if (others().some((s) => s.sessionId === e['sessionId'])) {
          formError = notice = null;
          endingId = e['sessionId'] as string;
          ended.push(endingId);
        }
        break;
      case 'user.endOthers':
        if (others().length > 0) {
          formError = notice = null;
          endedOthers += 1;
        }
        break;
      case 'xstate.done.actor.endSession':
        notice = SESSIONS_TEXT.ended;
        break;
      case 'xstate.done.actor.endOtherSessions':
        notice = SESSIONS_TEXT.othersEnded;
        break;
    }
  }
  return { sessions, endingId, formError, notice, ended, endedOthers };
}

export interface SessionsSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: SessionsSut) => sut.snapshot() as Parameters<typeof selectSessionsView>[0];
const view = (sut: SessionsSut, expected: SessionsView) => expect(selectSessionsView(snap(sut))).toBe(expected);
const busy = (sut: SessionsSut, expected: boolean) => expect(sut.snapshot().hasTag('busy'), 'the buttons are disabled').toBe(expected);
const waitingNone = (sut: SessionsSut, ...ids: string[]) => {
  for (const id of ids) expect(sut.effects.waiting(id), `no ${id} request is waiting`).toBeUndefined();
};
const canEnd = (sut: SessionsSut, sessionId: string) => sut.snapshot().can({ type: 'user.endSession', sessionId } satisfies SessionsEvent);
const canEndOthers = (sut: SessionsSut) => sut.snapshot().can({ type: 'user.endOthers' } satisfies SessionsEvent);

export const sessionsPaths: PathSpec<SessionsSut> = {
  name: 'sessions',
  machine: sessionsMachine,
  variants: [{ name: 'the account page opens', events: sessionsEvents }],
  start() {
    const effects = new FakeEffects();
    const machine = sessionsMachine.provide({ actors: effects.actors(['listSessions', 'endSession', 'endOtherSessions']) as never });
    const system = runInSystem(machine);
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as SessionsEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#sessions': {
      asserts:
        "the list shown is the last one the server gave; the alert (the server's words, or 'Could not reach the casino…') and the notice ('Session ended. That device is signed out.', 'Every other session has been ended.') are those of the last events; only other listed sessions were sent to end-session, each once; this device was never sent; nothing went to the auth actor",
      check(sut, world) {
        const f = sessionsFacts(world);
        expect(selectSessions(snap(sut))).toEqual(f.sessions ?? []);
        const { formError, notice } = selectSessionsMessages(snap(sut));
        expect({ formError, notice }).toEqual({ formError: f.formError, notice: f.notice });
        expect(sut.effects.callsOf<{ sessionId: string }>('endSession').map((input) => input.sessionId)).toEqual(f.ended);
        expect(sut.effects.callsOf('endOtherSessions')).toHaveLength(f.endedOthers);
        expect(sut.sentTo('auth')).toEqual([]);
      },
    },
    '#sessions.loading': {
      asserts: "a list request is waiting; the buttons are disabled; before the first list the card says it is loading, after an ending the old list stays",
      check(sut, world) {
        expect(sut.effects.waiting('listSessions')).toBeDefined();
        view(sut, sessionsFacts(world).sessions === null ? 'loading' : 'list');
        busy(sut, true);
        expect(canEndOthers(sut)).toBe(false);
        expect(canEnd(sut, LAPTOP.sessionId)).toBe(false);
      },
    },
    '#sessions.unavailable': {
      asserts: "the list could not be read: the reason and Try again; nothing waiting",
      check(sut, world) {
        view(sut, 'unavailable');
        expect(selectSessionsMessages(snap(sut)).formError).toBe(sessionsFacts(world).formError);
        waitingNone(sut, 'listSessions', 'endSession', 'endOtherSessions');
        busy(sut, false);
      },
    },
    '#sessions.listed': {
      asserts: 'the list; End is offered on each other session and never on this device; End all other sessions exactly when there is another; nothing waiting, no row being ended',
      check(sut, world) {
        const f = sessionsFacts(world);
        view(sut, 'list');
        expect(selectEndingId(snap(sut))).toBeNull();
        for (const session of f.sessions!) expect(canEnd(sut, session.sessionId), session.sessionId).toBe(!session.current);
        expect(canEnd(sut, 'elsewhere')).toBe(false);
        expect(canEndOthers(sut)).toBe(f.sessions!.some((s) => !s.current));
        waitingNone(sut, 'listSessions', 'endSession', 'endOtherSessions');
        busy(sut, false);
      },
    },
    '#sessions.ending': {
      asserts: 'an end-session request is waiting for the chosen session, whose row says it is being ended; the buttons are disabled; no message',
      check(sut, world) {
        const f = sessionsFacts(world);
        expect(sut.effects.waiting('endSession')?.input).toEqual({ sessionId: f.endingId });
        expect(selectEndingId(snap(sut))).toBe(f.endingId);
        expect(selectSessionsMessages(snap(sut))).toMatchObject({ formError: null, notice: null });
        busy(sut, true);
        expect(canEndOthers(sut)).toBe(false);
      },
    },
    '#sessions.endingOthers': {
      asserts: 'an end-other-sessions request is waiting; the buttons are disabled; no message',
      check(sut) {
        expect(sut.effects.waiting('endOtherSessions')).toBeDefined();
        expect(selectSessionsMessages(snap(sut))).toMatchObject({ formError: null, notice: null });
        busy(sut, true);
        expect(canEnd(sut, LAPTOP.sessionId)).toBe(false);
      },
    },
  },
};

// The texts above are docs/product.md's; the machine's own constants must say the same.
expect(SESSIONS_MESSAGES).toEqual({ ended: SESSIONS_TEXT.ended, othersEnded: SESSIONS_TEXT.othersEnded });
