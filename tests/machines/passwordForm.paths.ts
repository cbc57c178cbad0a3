import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import type { PasswordFormEvent, PasswordFormInput, PasswordSubmission } from '../../machines/passwordForm/machine';
import {
  selectLinkIncomplete,
  selectPasswordFieldErrors,
  selectPasswordFormError,
  selectPasswordFormKey,
  selectPasswordSucceeded,
} from '../../machines/passwordForm/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The new-password form's paths (security page: change; reset page: reset). The oracles read the
 * selectors the form renders and the request the fake received, against `passwordFormFacts`: the
 * form kept from the performed events with docs/product.md §5/§8's rules and messages written out
 * here, not taken from the machine.
 */

/** docs/product.md §5 and §8, letter for letter. */
export const PASSWORD_FORM_MESSAGES = {
  required: '*',
  tooShort: 'Password must be 8 or more characters.',
  differ: 'Passwords do not match.',
  codeLength: 'Token must be 6 characters',
  failed: 'Error changing password. Please try again later',
  // A 429 with Retry-After reads as a wait in words (src/core/wait.ts).
  throttled45: 'Too many attempts. Try again in 45 seconds.',
} as const;

const M = PASSWORD_FORM_MESSAGES;
const event = (e: Record<string, unknown>) => e as AnyEvent;

export const passwordSubmits = {
  valid: { type: 'user.submit', oldPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password', mfaCode: '123456' },
  empty: { type: 'user.submit', oldPassword: '', newPassword: '', confirmPassword: '', mfaCode: '' },
  short: { type: 'user.submit', oldPassword: 'old', newPassword: 'short', confirmPassword: 'short', mfaCode: '12' },
  differ: { type: 'user.submit', oldPassword: 'old', newPassword: 'long enough', confirmPassword: 'long enougH', mfaCode: '123456' },
} as const;

export const passwordAnswers = {
  done: { type: 'xstate.done.actor.submitPassword' },
  offline: { type: 'xstate.error.actor.submitPassword', error: new Error('offline') },
  throttled: { type: 'xstate.error.actor.submitPassword', error: { status: 429, message: 'Too many requests', retryAfter: 45 } },
} as const;

type FieldErrors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmPassword' | 'mfaCode', string>>;

const lengthRule = (value: string): string | null => (value === '' ? M.required : value.length < 8 ? M.tooShort : null);

/** docs/product.md §5 "Passwords" and "Two-factor code" for one submit of `form`. */
export function expectedPasswordErrors(submit: Partial<PasswordFormEvent>, form: PasswordFormInput): FieldErrors {
  const errors: FieldErrors = {};
  if (form.mode === 'change' && (submit.oldPassword ?? '') === '') errors.oldPassword = M.required;
  const newError = lengthRule(submit.newPassword ?? '');
  let confirmError = lengthRule(submit.confirmPassword ?? '');
  if (!newError && !confirmError && submit.newPassword !== submit.confirmPassword) confirmError = M.differ;
  if (newError) errors.newPassword = newError;
  if (confirmError) errors.confirmPassword = confirmError;
  if (form.mode === 'change' && form.needsCode) {
    const code = submit.mfaCode ?? '';
    if (code === '') errors.mfaCode = M.required;
    // The length is checked as typed (the two-factor toggle trims first; this form trims only what it sends).
    else if (code.length !== 6) errors.mfaCode = M.codeLength;
  }
  return errors;
}

const failureText = (error: unknown) => {
  const e = error as { status?: number; retryAfter?: number };
  return e.status === 429 && e.retryAfter === 45 ? M.throttled45 : M.failed;
};

/**
 * The form as the path left it, from the performed events alone: the field errors and the form's
 * message on screen, the submission that should be with the server, and how many changes completed.
 */
export function passwordFormFacts(world: World) {
  const form = world.variant.input as PasswordFormInput;
  let fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  let sending: (PasswordSubmission & { form: PasswordFormInput }) | null = null;
  let completed = 0;
  const submitted: Array<PasswordSubmission & { form: PasswordFormInput }> = [];
  for (const e of world.performed) {
    if (e.type === 'user.submit') {
      const submit = e as unknown as PasswordFormEvent;
      fieldErrors = expectedPasswordErrors(submit, form);
      formError = null;
      if (Object.keys(fieldErrors).length === 0) {
        sending = { oldPassword: submit.oldPassword ?? '', newPassword: submit.newPassword, mfaCode: (submit.mfaCode ?? '').trim(), form };
        submitted.push(sending);
      }
    } else if (e.type === 'xstate.done.actor.submitPassword') {
      completed += 1;
      sending = null;
    } else if (e.type === 'xstate.error.actor.submitPassword') {
      formError = failureText(e['error']);
      sending = null;
    }
  }
  return { form, fieldErrors, formError, sending, submitted, completed };
}

export interface PasswordFormSut extends Sut {
  effects: FakeEffects;
}

const snap = (sut: PasswordFormSut) => sut.snapshot() as Parameters<typeof selectPasswordFieldErrors>[0];
// The completed-changes counter would make the model endless; the form's messages and state are the vertex.
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, { ...(s.context as object), completed: undefined }]);

const changeEvents = [passwordSubmits.valid, passwordSubmits.empty, passwordSubmits.short, passwordSubmits.differ, passwordAnswers.done, passwordAnswers.offline, passwordAnswers.throttled].map(event);
const resetEvents = [
  { type: 'user.submit', newPassword: 'new password', confirmPassword: 'new password' },
  { type: 'user.submit', newPassword: '', confirmPassword: '' },
  { type: 'user.submit', newPassword: 'new password', confirmPassword: 'other password' },
  passwordAnswers.done,
  passwordAnswers.offline,
].map(event);

export const passwordFormVariants = {
  changeWithCode: { name: 'change, two-factor on', input: { mode: 'change', needsCode: true } satisfies PasswordFormInput, events: changeEvents, serializeState },
  changeWithoutCode: { name: 'change, two-factor off', input: { mode: 'change', needsCode: false } satisfies PasswordFormInput, events: changeEvents, serializeState },
  reset: { name: 'reset from a full link', input: { mode: 'reset', email: 'ada@example.com', token: 'tok' } satisfies PasswordFormInput, events: resetEvents, serializeState },
  resetWithoutToken: { name: 'reset link without its token', input: { mode: 'reset', email: 'ada@example.com', token: '' } satisfies PasswordFormInput, events: resetEvents, serializeState },
  resetWithoutEmail: { name: 'reset link without its e-mail', input: { mode: 'reset', email: '', token: 'tok' } satisfies PasswordFormInput, events: resetEvents, serializeState },
};

const noRequestWaiting = (sut: PasswordFormSut) => expect(sut.effects.waiting('submitPassword'), 'no password request is waiting').toBeUndefined();

export const passwordFormPaths: PathSpec<PasswordFormSut> = {
  name: 'passwordForm',
  machine: passwordFormMachine,
  variants: Object.values(passwordFormVariants),
  start(world) {
    const effects = new FakeEffects();
    const machine = passwordFormMachine.provide({ actors: effects.actors(['submitPassword']) as never });
    const system = runInSystem(machine, { input: world.variant.input as PasswordFormInput, clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as PasswordFormEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#passwordForm': {
      asserts: 'every submission that passed the §5 checks went to the server once, as typed (the code trimmed), and nothing else did',
      check(sut, world) {
        expect(sut.effects.callsOf('submitPassword')).toEqual(passwordFormFacts(world).submitted);
      },
    },
    '#passwordForm.linkIncomplete': {
      asserts: 'the reset link lacks its e-mail or token: the page says the link is incomplete; no form, nothing sent, the page is done',
      check(sut, world) {
        const form = passwordFormFacts(world).form;
        expect(form.mode === 'reset' && (!form.email || !form.token)).toBe(true);
        expect(selectLinkIncomplete(snap(sut))).toBe(true);
        expect(sut.effects.callsOf('submitPassword')).toEqual([]);
        // Final: the page's actor is done and takes no submit.
        expect(sut.snapshot().status).toBe('done');
      },
    },
    '#passwordForm.editing': {
      asserts: "the fields show the §5 errors of the last submit letter for letter ('*', 'Password must be 8 or more characters.', 'Passwords do not match.', 'Token must be 6 characters'), or the §8 failure 'Error changing password. Please try again later' (a 429 as a wait); the button is enabled; nothing waiting",
      check(sut, world) {
        const f = passwordFormFacts(world);
        expect(selectPasswordFieldErrors(snap(sut))).toEqual(f.fieldErrors);
        expect(selectPasswordFormError(snap(sut))).toBe(f.formError);
        expect(selectPasswordSucceeded(snap(sut))).toBe(false);
        expect(selectLinkIncomplete(snap(sut))).toBe(false);
        expect(sut.snapshot().hasTag('busy')).toBe(false);
        expect(selectPasswordFormKey(snap(sut))).toBe(f.completed);
        noRequestWaiting(sut);
      },
    },
    '#passwordForm.submitting': {
      asserts: 'one request is waiting with the old password, the new one, the trimmed code and the form (change or reset link); the button is disabled; no message shows',
      check(sut, world) {
        const f = passwordFormFacts(world);
        expect(sut.effects.waiting('submitPassword')?.input).toEqual(f.sending);
        expect(sut.snapshot().hasTag('busy')).toBe(true);
        expect(selectPasswordFieldErrors(snap(sut))).toEqual({});
        expect(selectPasswordFormError(snap(sut))).toBeNull();
      },
    },
    '#passwordForm.succeeded': {
      asserts: "the success view ('Password Changed Successfully' / 'Password Reset!') with no error; the form is drawn afresh once per completed change",
      check(sut, world) {
        const f = passwordFormFacts(world);
        expect(selectPasswordSucceeded(snap(sut))).toBe(true);
        expect(selectPasswordFieldErrors(snap(sut))).toEqual({});
        expect(selectPasswordFormError(snap(sut))).toBeNull();
        expect(selectPasswordFormKey(snap(sut))).toBe(f.completed);
        expect(f.completed).toBeGreaterThan(0);
        noRequestWaiting(sut);
      },
    },
  },
};
