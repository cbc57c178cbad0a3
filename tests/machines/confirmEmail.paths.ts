import { expect } from 'vitest';
import { confirmEmailMachine } from '../../machines/confirmEmail/machine';
import type { ConfirmEmailInput } from '../../machines/confirmEmail/machine';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The /confirm-email page. The page renders from the state alone (checking, confirmed, failed,
 * incomplete); the oracles check that, the one request the link's userId and token make, and that
 * auth hears of a confirmation the server agreed to, and of nothing else.
 */

export const confirmEmailEvents = [{ type: 'xstate.done.actor.confirmEmail' }, { type: 'xstate.error.actor.confirmEmail', error: new Error('offline') }] as AnyEvent[];

/** The page as the path left it: the link, whether it is complete, and the answer the server gave. */
export function confirmEmailFacts(world: World) {
  const link = world.variant.input as ConfirmEmailInput;
  const complete = !!link.userId && !!link.token;
  const answer = world.performed.at(-1)?.type.startsWith('xstate.done') ? 'confirmed' : world.performed.length ? 'failed' : null;
  return { link, complete, answer };
}

export interface ConfirmEmailSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

export const confirmEmailVariants = {
  link: { name: 'a full link', input: { userId: '7', token: 'tok' }, events: confirmEmailEvents },
  noUser: { name: 'a link without its userId', input: { userId: null, token: 'tok' }, events: confirmEmailEvents },
  noToken: { name: 'a link without its token', input: { userId: '7', token: null }, events: confirmEmailEvents },
  emptyToken: { name: 'a link with an empty token', input: { userId: '7', token: '' }, events: confirmEmailEvents },
};

const shown = (sut: ConfirmEmailSut, page: string) => {
  const s = sut.snapshot();
  for (const state of ['confirming', 'confirmed', 'failed', 'incomplete']) expect(s.matches(state), `the page ${s.matches(state) ? 'shows' : 'does not show'} ${state}`).toBe(state === page);
};

export const confirmEmailPaths: PathSpec<ConfirmEmailSut> = {
  name: 'confirmEmail',
  machine: confirmEmailMachine,
  variants: Object.values(confirmEmailVariants),
  start(world) {
    const effects = new FakeEffects();
    const machine = confirmEmailMachine.provide({ actors: effects.actors(['confirmEmail']) as never });
    const system = runInSystem(machine, { input: world.variant.input as ConfirmEmailInput, clock: world.clock });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#confirmEmail': {
      asserts: "a complete link asked the server once with its userId and token, an incomplete one never; auth heard 'e-mail confirmed' for the link's user only after the server agreed",
      check(sut, world) {
        const f = confirmEmailFacts(world);
        expect(sut.effects.callsOf('confirmEmail')).toEqual(f.complete ? [{ userId: f.link.userId, token: f.link.token }] : []);
        expect(sut.sentTo('auth')).toEqual(f.answer === 'confirmed' ? [{ type: 'security.emailConfirmed', userId: f.link.userId }] : []);
      },
    },
    '#confirmEmail.confirming': {
      asserts: "'Confirming your e-mail address…': the request is waiting",
      check(sut) {
        shown(sut, 'confirming');
        expect(sut.snapshot().hasTag('busy')).toBe(true);
        expect(sut.effects.waiting('confirmEmail')).toBeDefined();
      },
    },
    '#confirmEmail.confirmed': {
      asserts: "'Email Address Confirmed': the server agreed; the page is done",
      check(sut, world) {
        expect(confirmEmailFacts(world).answer).toBe('confirmed');
        shown(sut, 'confirmed');
        expect(sut.snapshot().status).toBe('done');
      },
    },
    '#confirmEmail.failed': {
      asserts: "'Error Confirming Email Address' and 'Please contact support for assistance.': the server refused or was not reached",
      check(sut, world) {
        expect(confirmEmailFacts(world).answer).toBe('failed');
        shown(sut, 'failed');
        expect(sut.snapshot().status).toBe('done');
      },
    },
    '#confirmEmail.incomplete': {
      asserts: 'the link lacks its userId or token: the page says it is incomplete at once, nothing was sent, and the page is done',
      check(sut, world) {
        expect(confirmEmailFacts(world).complete).toBe(false);
        shown(sut, 'incomplete');
        expect(sut.effects.callsOf('confirmEmail')).toEqual([]);
        // Final, as confirmed and failed: the page's actor is done and waits for nothing more.
        expect(sut.snapshot().status).toBe('done');
      },
    },
  },
};
