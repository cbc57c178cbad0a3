import { expect } from 'vitest';
import { resendConfirmationMachine } from '../../machines/resendConfirmation/machine';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The account page's "Resend confirmation e-mail" button. The oracles read what the button and its
 * message show (busy, the notice, the refusal in the server's words or as a wait) against
 * `resendConfirmationFacts`, with the words written out here.
 */

export const RESEND_TEXTS = {
  sent: 'Confirmation e-mail sent. Check your inbox and open the link in it.',
  wait45: 'A confirmation e-mail was sent a moment ago. You can ask for another in 45 seconds.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  throttled: 'Too many attempts. Please wait a moment and try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  alreadyConfirmed: 'Your e-mail address is already confirmed.',
  maintenance: 'The casino is down for maintenance.',
} as const;

const T = RESEND_TEXTS;

/** Each refusal the path can give, with the words the player must read. */
export const resendRefusals: Array<{ error: unknown; shows: string }> = [
  { error: { status: 429, message: 'Too many requests', retryAfter: 45 }, shows: T.wait45 },
  { error: { status: 429, message: 'Too many requests' }, shows: T.throttled },
  { error: { status: 400, error: 'already_confirmed', message: T.alreadyConfirmed }, shows: T.alreadyConfirmed },
  { error: { status: 500 }, shows: T.somethingWentWrong },
  // The API client keeps a Retry-After of any status; only a 429's reads as the wait for the next e-mail.
  { error: { status: 503, message: T.maintenance, retryAfter: 120 }, shows: T.maintenance },
  { error: new Error('Failed to fetch'), shows: T.unreachable },
];

export const resendConfirmationEvents = [
  { type: 'user.resend' },
  { type: 'xstate.done.actor.resendConfirmation', output: { message: 'ok' } },
  ...resendRefusals.map(({ error }) => ({ type: 'xstate.error.actor.resendConfirmation', error })),
] as AnyEvent[];

/** The button as the path left it: the message shown and how many requests went out. */
export function resendConfirmationFacts(world: World) {
  let message: string | null = null;
  let requests = 0;
  for (const e of world.performed) {
    if (e.type === 'user.resend') {
      message = null;
      requests += 1;
    } else if (e.type === 'xstate.done.actor.resendConfirmation') message = T.sent;
    else if (e.type === 'xstate.error.actor.resendConfirmation') message = resendRefusals.find((r) => r.error === e['error'])!.shows;
  }
  return { message, requests };
}

export interface ResendConfirmationSut extends Sut {
  effects: FakeEffects;
}

const message = (sut: ResendConfirmationSut) => (sut.snapshot().context as { message: string | null }).message;

export const resendConfirmationPaths: PathSpec<ResendConfirmationSut> = {
  name: 'resendConfirmation',
  machine: resendConfirmationMachine,
  variants: [{ name: 'an unconfirmed player', events: resendConfirmationEvents }],
  start(world) {
    const effects = new FakeEffects();
    const machine = resendConfirmationMachine.provide({ actors: effects.actors(['resendConfirmation']) as never });
    const system = runInSystem(machine, { clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#resendConfirmation': {
      asserts: 'one request went out per click on an enabled button; the message is that of the last answer, none while a request is out',
      check(sut, world) {
        const f = resendConfirmationFacts(world);
        expect(sut.effects.callsOf('resendConfirmation')).toHaveLength(f.requests);
        expect(message(sut)).toBe(f.message);
      },
    },
    '#resendConfirmation.idle': {
      asserts: 'the button is enabled, no message, nothing sent',
      check(sut) {
        expect(sut.snapshot().hasTag('busy')).toBe(false);
        expect(message(sut)).toBeNull();
        expect(sut.effects.callsOf('resendConfirmation')).toEqual([]);
      },
    },
    '#resendConfirmation.sending': {
      asserts: "'Sending…': the button is disabled and one request is waiting; no message",
      check(sut) {
        expect(sut.snapshot().hasTag('busy')).toBe(true);
        expect(sut.effects.waiting('resendConfirmation')).toBeDefined();
        expect(message(sut)).toBeNull();
      },
    },
    '#resendConfirmation.sent': {
      asserts: "the notice 'Confirmation e-mail sent. Check your inbox and open the link in it.'; the button is enabled again",
      check(sut) {
        expect(sut.snapshot().hasTag('notice')).toBe(true);
        expect(sut.snapshot().hasTag('busy')).toBe(false);
        expect(message(sut)).toBe(T.sent);
      },
    },
    '#resendConfirmation.refused': {
      asserts: "an alert with the server's words, a 429 with Retry-After as 'A confirmation e-mail was sent a moment ago. You can ask for another in 45 seconds.', no answer as 'Could not reach the casino…'; the button is enabled again",
      check(sut) {
        expect(sut.snapshot().hasTag('alert')).toBe(true);
        expect(sut.snapshot().hasTag('busy')).toBe(false);
        expect(sut.effects.waiting('resendConfirmation')).toBeUndefined();
      },
    },
  },
};
