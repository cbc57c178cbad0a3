import { expect } from 'vitest';
import { confirmEmailMachine } from '../../machines/confirmEmail/machine';
import type { ConfirmEmailInput } from '../../machines/confirmEmail/machine';
import { ada } from '../support/authFixtures';
import { answers, expectNotWaiting, expectWaiting, page, refusal, renderForm, signedInStorage, storedUser } from '../support/formPaths';
import type { FormSut } from '../support/formPaths';
import type { PathSpec, World } from '../support/pathTesting';

/**
 * The /confirm-email page, driven by the confirmEmail chart's paths: the mailed link is opened, the
 * path answers the confirmation request, and every state checks what the page says (docs/product.md
 * §8, word for word) and what the app keeps (a signed-in player's address marked confirmed).
 */

const MESSAGES = {
  confirming: 'Confirming your e-mail address…',
  confirmed: 'Email Address Confirmed',
  failed: 'Error Confirming Email Address',
  failedHint: 'Please contact support for assistance.',
  incomplete: 'This confirmation link is incomplete',
};

const CONFIRM = '/auth/confirm-email';

const done = { type: 'xstate.done.actor.confirmEmail' };
const refused = { type: 'xstate.error.actor.confirmEmail', error: refusal(400, 'invalid_token', 'That link is not valid.') };

const inputOf = (world: World) => world.variant.input as ConfirmEmailInput & { signedIn: boolean };

/** The link as the person opened it. */
const urlOf = (input: ConfirmEmailInput) => {
  const query = new URLSearchParams();
  if (input.userId !== null) query.set('userId', input.userId);
  if (input.token !== null) query.set('token', input.token);
  return `/confirm-email${query.size ? `?${query}` : ''}`;
};

const linkComplete = (world: World) => inputOf(world).userId !== null && inputOf(world).token !== null;
/** The API takes the number the link's id was made from. */
const bodyOf = (world: World) => ({ userId: Number(inputOf(world).userId), token: inputOf(world).token });

const heading = () => page().queryByRole('heading', { level: 1 })?.textContent ?? null;

export const confirmEmailScreenPaths: PathSpec<FormSut> = {
  name: 'confirmEmail screen',
  machine: confirmEmailMachine,
  variants: [
    // ada (id 7), signed in with her address not confirmed yet, opens her link.
    { name: 'signed in, her link', input: { userId: '7', token: 'tok-7', signedIn: true }, events: [done, refused] },
    { name: 'a visitor, a link', input: { userId: '7', token: 'tok-7', signedIn: false }, events: [done, refused], ownCoverage: true },
    { name: 'a link without its userId', input: { userId: null, token: 'tok-7', signedIn: false }, events: [] },
    { name: 'a link without its token', input: { userId: '7', token: null, signedIn: true }, events: [], ownCoverage: true },
  ],
  start: (world) =>
    renderForm({
      url: urlOf(inputOf(world)),
      clock: world.clock,
      screenId: 'confirmEmail',
      held: [CONFIRM],
      ...(inputOf(world).signedIn ? { storage: signedInStorage(ada) } : {}),
    }),
  perform: answers('confirmEmail', CONFIRM, { done: () => ({ status: 200, body: { success: true, message: 'Email confirmed' } }) }),
  states: {
    '#confirmEmail': {
      asserts: "a complete link sent one request with the link's userId (as a number) and token, an incomplete one none; a signed-in player's stored address is marked confirmed exactly when the server confirmed it",
      check(sut, world) {
        expect(sut.callsTo(CONFIRM).map((c) => c.body)).toEqual(linkComplete(world) ? [bodyOf(world)] : []);
        const confirmed = world.performed.some((e) => e.type === done.type);
        expect(storedUser(sut)?.emailConfirmed ?? null).toBe(inputOf(world).signedIn ? confirmed : null);
      },
    },
    '#confirmEmail.confirming': {
      asserts: "'Confirming your e-mail address…' shows, and the request is waiting",
      check(sut, world) {
        expect(page().getByText(MESSAGES.confirming)).toBeTruthy();
        expect(heading()).toBeNull();
        expectWaiting(sut, CONFIRM, bodyOf(world));
      },
    },
    '#confirmEmail.confirmed': {
      asserts: "'Email Address Confirmed' and nothing else; nothing waiting",
      check(sut) {
        expect(heading()).toBe(MESSAGES.confirmed);
        expect(page().queryByText(MESSAGES.confirming)).toBeNull();
        expect(page().queryByText(MESSAGES.failedHint)).toBeNull();
        expectNotWaiting(sut, CONFIRM);
      },
    },
    '#confirmEmail.failed': {
      asserts: "'Error Confirming Email Address' with 'Please contact support for assistance.' below it; nothing waiting",
      check(sut) {
        expect(heading()).toBe(MESSAGES.failed);
        expect(page().getByText(MESSAGES.failedHint)).toBeTruthy();
        expectNotWaiting(sut, CONFIRM);
      },
    },
    '#confirmEmail.incomplete': {
      asserts: "'This confirmation link is incomplete', and nothing is sent",
      check() {
        expect(heading()).toBe(MESSAGES.incomplete);
        expect(page().queryByText(MESSAGES.confirming)).toBeNull();
      },
    },
  },
};
