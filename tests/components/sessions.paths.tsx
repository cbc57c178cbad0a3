import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { sessionsMachine } from '../../machines/sessions/machine';
import type { Session } from '../../machines/sessions/machine';
import { ada } from '../support/authFixtures';
import { alertText, answers, click, expectNotWaiting, page, refusal, renderForm, settleForm, signedInStorage, statusText, unreachable } from '../support/formPaths';
import type { Failure, FormSut } from '../support/formPaths';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The Sessions card of /account, driven by the sessions chart's paths: the person clicks End on a
 * row, End all other sessions or Try again, the path answers the request, and every state checks
 * what the card shows (each session's device, address and times, "This device", which buttons are
 * offered and usable, the alert and the notice) and what went to the server.
 */

const MESSAGES = {
  loading: 'Loading your sessions…',
  ended: 'Session ended. That device is signed out.',
  othersEnded: 'Every other session has been ended.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  notYours: 'No open session with this id belongs to you.',
  alone: 'No other device is signed in.',
};

const LIST = '/auth/get-sessions';
const END = '/auth/end-session';
const END_OTHERS = '/auth/end-other-sessions';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const HERE: Session = { sessionId: 'session-1', device: 'Chrome on Windows', ipAddress: '192.0.2.1', startedAt: minutesAgo(180), lastActiveAt: minutesAgo(5), current: true };
const LAPTOP: Session = { sessionId: 'laptop', device: 'Firefox on Linux', ipAddress: '192.0.2.2', startedAt: minutesAgo(60 * 24 * 2), lastActiveAt: minutesAgo(60 * 3), current: false };
const PHONE: Session = { sessionId: 'phone', device: 'Unknown device', ipAddress: null, startedAt: minutesAgo(30), lastActiveAt: minutesAgo(30), current: false };
/** What each row should say of its times, the clock being the page's. */
const TIMES: Record<string, [string, string]> = { 'session-1': ['3 hours ago', '5 minutes ago'], laptop: ['2 days ago', '3 hours ago'], phone: ['30 minutes ago', '30 minutes ago'] };

const event = (type: string, rest: Record<string, unknown> = {}): AnyEvent => ({ type, ...rest });

const events = [
  event('xstate.done.actor.listSessions', { output: { sessions: [HERE, LAPTOP, PHONE] } }),
  event('xstate.done.actor.listSessions', { output: { sessions: [HERE] } }),
  event('xstate.error.actor.listSessions', { error: unreachable }),
  event('user.retry'),
  event('user.endSession', { sessionId: 'laptop' }),
  event('user.endOthers'),
  event('xstate.done.actor.endSession'),
  event('xstate.error.actor.endSession', { error: refusal(404, 'session_not_found', MESSAGES.notYours) }),
  event('xstate.done.actor.endOtherSessions'),
  event('xstate.error.actor.endOtherSessions', { error: unreachable }),
];

const failureText = (failure: Failure) => (failure.status === 404 ? MESSAGES.notYours : MESSAGES.unreachable);

/** The card as the path left it, from the performed events alone. */
function facts(world: World) {
  let sessions: Session[] | null = null;
  let alert: string | null = null;
  let notice: string | null = null;
  let ending: string | null = null;
  const ended: unknown[] = [];
  let endedOthers = 0;
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.listSessions':
        sessions = (e['output'] as { sessions: Session[] }).sessions;
        ending = null;
        break;
      case 'xstate.error.actor.listSessions':
      case 'xstate.error.actor.endSession':
      case 'xstate.error.actor.endOtherSessions':
        alert = failureText(e['error'] as Failure);
        ending = null;
        break;
      case 'user.retry':
        alert = notice = null;
        break;
      case 'user.endSession':
        alert = notice = null;
        ending = e['sessionId'] as string;
        ended.push({ sessionId: ending });
        break;
      case 'user.endOthers':
        alert = notice = null;
        endedOthers += 1;
        break;
      case 'xstate.done.actor.endSession':
        notice = MESSAGES.ended;
        break;
      case 'xstate.done.actor.endOtherSessions':
        notice = MESSAGES.othersEnded;
        break;
    }
  }
  return { sessions, alert, notice, ending, ended, endedOthers };
}

const card = () => page().getByRole('region', { name: 'Sessions' });
const rows = () => within(card()).queryAllByRole('listitem');
const endButton = (session: Session) => within(card()).queryByRole('button', { name: `End session: ${session.device}${session.ipAddress ? `, ${session.ipAddress}` : ''}` }) as HTMLButtonElement | null;
const endAllButton = () => within(card()).queryByRole('button', { name: /^(End all \d+ other sessions|End the other session|Ending…)$/ }) as HTMLButtonElement | null;

/** Every listed session in its row, in order: device, address, both times, "This device" on the current one only, End on the others (usable unless busy). */
function expectList(world: World, busy: boolean) {
  const f = facts(world);
  const shown = rows();
  expect(shown.map((row) => row.getAttribute('aria-label'))).toEqual(f.sessions!.map((s) => (s.current ? `${s.device}, this device` : s.device)));
  f.sessions!.forEach((session, index) => {
    const row = shown[index]!;
    const text = row.textContent ?? '';
    expect(text).toContain(session.device);
    if (session.ipAddress) expect(text).toContain(session.ipAddress);
    const [started, active] = TIMES[session.sessionId]!;
    expect(text).toContain(`Started ${started}`);
    expect(text).toContain(`Last active ${active}`);
    expect(within(row).queryByText('This device') !== null, `"This device" on ${session.sessionId}`).toBe(session.current);
    const end = endButton(session);
    if (session.current) expect(end, 'no End on this device').toBeNull();
    else {
      expect(end!.disabled, `End on ${session.sessionId} is disabled`).toBe(busy);
      expect(end!.textContent).toBe(f.ending === session.sessionId ? 'Ending…' : 'End');
    }
  });
  const others = f.sessions!.filter((s) => !s.current).length;
  if (others === 0) {
    expect(endAllButton()).toBeNull();
    expect(within(card()).getByText(MESSAGES.alone)).toBeTruthy();
  } else {
    expect(endAllButton()!.disabled).toBe(busy);
  }
}

function expectMessages(world: World, busy: boolean) {
  const f = facts(world);
  expect(alertText(card())).toBe(busy ? null : f.alert);
  expect(statusText(card())).toBe(f.notice);
}

export const sessionsScreenPaths: PathSpec<FormSut> = {
  name: 'sessions screen',
  machine: sessionsMachine,
  variants: [{ name: 'the account page opens', events }],
  start: (world) =>
    renderForm({
      url: '/account',
      clock: world.clock,
      screenId: 'sessions',
      storage: signedInStorage(ada),
      held: [LIST, END, END_OTHERS],
    }),
  perform: {
    async 'user.endSession'(sut, e, world) {
      const session = [LAPTOP, PHONE].find((s) => s.sessionId === e['sessionId'])!;
      await click(endButton(session)!);
      await settleForm(sut, world);
    },
    async 'user.endOthers'(sut, _e, world) {
      await click(endAllButton()!);
      await settleForm(sut, world);
    },
    async 'user.retry'(sut, _e, world) {
      await click(within(card()).getByRole('button', { name: 'Try again' }));
      await settleForm(sut, world);
    },
    ...answers('listSessions', LIST, { done: (e) => ({ status: 200, body: e['output'] }) }),
    ...answers('endSession', END, { done: () => ({ status: 200, body: { success: true, message: 'Session ended.' } }) }),
    ...answers('endOtherSessions', END_OTHERS, { done: () => ({ status: 200, body: { success: true, message: MESSAGES.othersEnded, ended: 2 } }) }),
  },
  states: {
    '#sessions': {
      asserts: 'each End click sent that session id to end-session once, each End all other sessions click one end-other-sessions call; this device was never sent; the player stays signed in',
      check(sut, world) {
        const f = facts(world);
        expect(sut.callsTo(END).map((c) => c.body)).toEqual(f.ended);
        expect(sut.callsTo(END_OTHERS)).toHaveLength(f.endedOthers);
        expect(sut.storage.getItem('sessionId')).toBe('session-1');
      },
    },
    '#sessions.loading': {
      asserts: "before the first list 'Loading your sessions…'; after an ending the old list stays with every button disabled and the notice; a list request is waiting",
      check(sut, world) {
        expect(sut.requests.waiting(LIST)).toBeDefined();
        if (facts(world).sessions === null) {
          expect(within(card()).getByText(MESSAGES.loading)).toBeTruthy();
          expect(rows()).toEqual([]);
        } else {
          expectList(world, true);
          expectMessages(world, true);
        }
      },
    },
    '#sessions.unavailable': {
      asserts: "the reason ('Could not reach the casino…') and Try again; no list; nothing waiting",
      check(sut, world) {
        expect(alertText(card())).toBe(facts(world).alert);
        expect(within(card()).getByRole('button', { name: 'Try again' })).toBeTruthy();
        expect(rows()).toEqual([]);
        expectNotWaiting(sut, LIST, END, END_OTHERS);
      },
    },
    '#sessions.listed': {
      asserts: "every session with device, address, started and last active in words; 'This device' on the current one; End on each other one and End all other sessions (or 'No other device is signed in.'), all usable; the alert or the notice of the last answer; nothing waiting",
      check(sut, world) {
        expectList(world, false);
        expectMessages(world, false);
        expectNotWaiting(sut, LIST, END, END_OTHERS);
      },
    },
    '#sessions.ending': {
      asserts: "the ended row's button reads 'Ending…'; every button is disabled; one end-session request is waiting with that session's id",
      check(sut, world) {
        expectList(world, true);
        expect(sut.requests.waiting(END)?.body).toEqual({ sessionId: facts(world).ending });
      },
    },
    '#sessions.endingOthers': {
      asserts: "End all other sessions reads 'Ending…'; every button is disabled; one end-other-sessions request is waiting",
      check(sut, world) {
        expectList(world, true);
        expect(endAllButton()!.textContent).toBe('Ending…');
        expect(sut.requests.waiting(END_OTHERS)).toBeDefined();
      },
    },
  },
};
