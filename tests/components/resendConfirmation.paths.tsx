import { expect } from 'vitest';
import { resendConfirmationMachine } from '../../machines/resendConfirmation/machine';
import { ada } from '../support/authFixtures';
import { alertText, answers, click, expectNotWaiting, page, refusal, renderForm, settleForm, signedInStorage, statusText, unreachable } from '../support/formPaths';
import type { Failure, FormSut } from '../support/formPaths';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The account page's "Resend confirmation e-mail", driven by the resendConfirmation chart's paths:
 * the player clicks the button, the path answers the request, and every state checks the button and
 * the words shown (the notice, or the server's refusal: a 429 as a wait in words).
 */

const MESSAGES = {
  sent: 'Confirmation e-mail sent. Check your inbox and open the link in it.',
  wait45: 'A confirmation e-mail was sent a moment ago. You can ask for another in 45 seconds.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
};

const RESEND = '/auth/resend-confirmation';
const resend: AnyEvent = { type: 'user.resend' };
const done: AnyEvent = { type: 'xstate.done.actor.resendConfirmation' };
const failed = (error: Failure): AnyEvent => ({ type: 'xstate.error.actor.resendConfirmation', error });
const alreadyConfirmed = refusal(409, 'already_confirmed', 'Your address is already confirmed.');

/** What the player reads after the last answer (docs/product.md §8: the server's own words, a 429 as a wait). */
function lastWords(world: World): { notice: string | null; alert: string | null } {
  let words: { notice: string | null; alert: string | null } = { notice: null, alert: null };
  for (const e of world.performed) {
    if (e.type === resend.type) words = { notice: null, alert: null };
    if (e.type === done.type) words = { notice: MESSAGES.sent, alert: null };
    if (e.type === failed(unreachable).type) {
      const failure = e['error'] as Failure;
      const alert = failure.status === undefined ? MESSAGES.unreachable : failure.status === 429 ? MESSAGES.wait45 : failure.message!;
      words = { notice: null, alert };
    }
  }
  return words;
}

const resendButton = (name: 'Resend confirmation e-mail' | 'Sending…') => page().getByRole('button', { name }) as HTMLButtonElement;

function expectWords(world: World) {
  const { notice, alert } = lastWords(world);
  expect(statusText(document.querySelector('main')!)).toBe(notice);
  expect(alertText(document.querySelector('main')!)).toBe(alert);
}

export const resendConfirmationScreenPaths: PathSpec<FormSut> = {
  name: 'resendConfirmation screen',
  machine: resendConfirmationMachine,
  variants: [
    { name: 'sent, then throttled', events: [resend, done, failed(refusal(429, 'too_many_requests', 'Slow down.', 45))] },
    // Each other kind of failure shows its own words.
    { name: 'already confirmed', events: [resend, failed(alreadyConfirmed)], ownCoverage: true },
    { name: 'offline', events: (s) => (s.matches('refused') ? [] : [resend, failed(unreachable)]), ownCoverage: true },
  ],
  start: (world) =>
    renderForm({
      url: '/account',
      clock: world.clock,
      screenId: 'resendConfirmation',
      // ada's address is not confirmed yet: the page offers the resend.
      storage: signedInStorage(ada),
      held: [RESEND],
      routes: { '/auth/get-mfa-key': () => ({ status: 200, body: { mfaKey: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } }) },
    }),
  perform: {
    async 'user.resend'(sut, _e, world) {
      await click(resendButton('Resend confirmation e-mail'));
      await settleForm(sut, world);
    },
    ...answers('resendConfirmation', RESEND, { done: () => ({ status: 200, body: { success: true, message: 'Confirmation e-mail sent' } }) }),
  },
  states: {
    '#resendConfirmation': {
      asserts: 'each click sent one request with no body',
      check(sut, world) {
        const clicks = world.performed.filter((e) => e.type === resend.type).length;
        expect(sut.callsTo(RESEND).map((c) => c.body)).toEqual(Array.from({ length: clicks }, () => ({})));
      },
    },
    '#resendConfirmation.idle': {
      asserts: "'Resend confirmation e-mail' is enabled; no notice, no alert",
      check(sut, world) {
        expect(resendButton('Resend confirmation e-mail').disabled).toBe(false);
        expectWords(world);
        expectNotWaiting(sut, RESEND);
      },
    },
    '#resendConfirmation.sending': {
      asserts: "the button reads 'Sending…' and is disabled; the last words are gone; one request is waiting",
      check(sut) {
        expect(resendButton('Sending…').disabled).toBe(true);
        expect(statusText(document.querySelector('main')!)).toBeNull();
        expect(alertText(document.querySelector('main')!)).toBeNull();
        expect(sut.requests.waiting(RESEND), 'a resend request is waiting').toBeDefined();
      },
    },
    '#resendConfirmation.sent': {
      asserts: "'Confirmation e-mail sent. Check your inbox and open the link in it.' as a notice; the button is enabled again",
      check(sut, world) {
        expect(resendButton('Resend confirmation e-mail').disabled).toBe(false);
        expectWords(world);
        expectNotWaiting(sut, RESEND);
      },
    },
    '#resendConfirmation.refused': {
      asserts: "the refusal as an alert: a 429 as 'A confirmation e-mail was sent a moment ago. You can ask for another in 45 seconds.', another refusal in the server's words, no answer as 'Could not reach the casino…'; the button is enabled again",
      check(sut, world) {
        expect(resendButton('Resend confirmation e-mail').disabled).toBe(false);
        expectWords(world);
        expectNotWaiting(sut, RESEND);
      },
    },
  },
};
