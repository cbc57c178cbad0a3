import { within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import type { PasswordFormContext, PasswordFormInput } from '../../machines/passwordForm/machine';
import { ada } from '../support/authFixtures';
import {
  alertText,
  answers,
  click,
  expectNotWaiting,
  expectWaiting,
  fieldVerdict,
  formNamed,
  page,
  queryFormNamed,
  refusal,
  renderForm,
  settleForm,
  signedInStorage,
  fillIn,
  unreachable,
} from '../support/formPaths';
import type { Failure, FormSut } from '../support/formPaths';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The change-password form of /account and the reset-password page, driven by the passwordForm
 * chart's paths: a person types the fields and clicks the button, the path answers the request, and
 * every state checks what the person sees (the fields' verdicts, the alert, the notice, the button)
 * against docs/product.md §5 and §8, word for word.
 */

const MESSAGES = {
  required: 'Required',
  tooShort: 'Password must be 8 or more characters.',
  differ: 'Passwords do not match.',
  codeLength: 'Token must be 6 characters',
  changed: 'Password Changed Successfully',
  failed: 'Error changing password. Please try again later',
  reset: 'Password Reset!',
  resetDetail: 'You have successfully reset your password.',
  incomplete: 'This reset link is incomplete',
  throttled45: 'Too many attempts. Try again in 45 seconds.',
};

const CHANGE = '/auth/change-password';
const RESET = '/auth/reset-password';
const mfaKey = { mfaKey: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/ACC%20Casino:ada?secret=JBSWY3DPEHPK3PXP&issuer=ACC%20Casino' };

const submit = (values: { oldPassword?: string; newPassword: string; confirmPassword: string; mfaCode?: string }): AnyEvent => ({
  type: 'user.submit',
  ...values,
});
const done: AnyEvent = { type: 'xstate.done.actor.submitPassword' };
const failed = (error: Failure): AnyEvent => ({ type: 'xstate.error.actor.submitPassword', error });

// Counting completed changes would make the model endless; the oracles count them from the path.
const serializeState = (s: AnyMachineSnapshot) => {
  const { completed: _completed, ...rest } = s.context as PasswordFormContext;
  return JSON.stringify([s.value, rest]);
};

// Each variant draws its own page; between them every verdict and failure message of §5 and §8 shows.
const codeEvents = [
  submit({ oldPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password', mfaCode: '123456' }),
  submit({ oldPassword: '', newPassword: 'short', confirmPassword: 'short', mfaCode: '12345' }),
  done,
  failed(refusal(429, 'too_many_requests', 'Slow down.', 45)),
];
const resetEvents = [
  submit({ newPassword: 'new password', confirmPassword: 'new password' }),
  submit({ newPassword: 'new password', confirmPassword: 'new passw0rd' }),
  done,
  failed(unreachable),
];

const inputOf = (world: World) => world.variant.input as PasswordFormInput;
const isChange = (world: World) => inputOf(world).mode === 'change';
const needsCode = (world: World) => {
  const input = inputOf(world);
  return input.mode === 'change' && input.needsCode;
};
const formName = (world: World) => (isChange(world) ? 'Change password' : 'Reset password');

type Values = { oldPassword?: string; newPassword: string; confirmPassword: string; mfaCode?: string };

/** docs/product.md §5 "Passwords" and "Two-factor code", as a person reads them beside each field. */
function expectedVerdicts(values: Values, world: World): Record<string, string> {
  const length = (v: string) => (v === '' ? MESSAGES.required : v.length < 8 ? MESSAGES.tooShort : '');
  const newVerdict = length(values.newPassword);
  let confirmVerdict = length(values.confirmPassword);
  if (!newVerdict && !confirmVerdict && values.newPassword !== values.confirmPassword) confirmVerdict = MESSAGES.differ;
  const verdicts: Record<string, string> = { 'New password': newVerdict, 'Confirm new password': confirmVerdict };
  if (isChange(world)) verdicts['Old password'] = (values.oldPassword ?? '') === '' ? MESSAGES.required : '';
  if (needsCode(world)) {
    const code = values.mfaCode ?? '';
    verdicts['Two-factor code'] = code === '' ? MESSAGES.required : code.length !== 6 ? MESSAGES.codeLength : '';
  }
  return verdicts;
}

const passes = (values: Values, world: World) => Object.values(expectedVerdicts(values, world)).every((v) => v === '');

/** The body the route's contract takes for one passing submit. */
function bodyOf(values: Values, world: World): Record<string, unknown> {
  const input = inputOf(world);
  if (input.mode === 'reset') return { email: input.email, token: input.token, password: values.newPassword };
  return { oldPassword: values.oldPassword, newPassword: values.newPassword, ...(input.needsCode ? { mfaCode: values.mfaCode } : {}) };
}

/** The form as the path left it: the last submit, what came of it, and every body that went out. */
function facts(world: World) {
  let lastSubmit: Values | null = null;
  let failure: Failure | null = null;
  let invalid = false;
  const sent: Array<Record<string, unknown>> = [];
  for (const e of world.performed) {
    if (e.type === 'user.submit') {
      lastSubmit = e as unknown as Values;
      invalid = !passes(lastSubmit, world);
      failure = null;
      if (!invalid) sent.push(bodyOf(lastSubmit, world));
    }
    if (e.type === failed(unreachable).type) failure = e['error'] as Failure;
  }
  return { lastSubmit, invalid, failure, sent };
}

/** docs/product.md §8: the fixed failure message, unless the server asked to wait (a 429's Retry-After in words). */
const failureText = (failure: Failure) => (failure.status === 429 ? MESSAGES.throttled45 : MESSAGES.failed);

const form = (world: World) => formNamed(formName(world));
const submitButton = (world: World) => within(form(world)).getByRole('button', { name: formName(world) });
/** The Change password card holds the success notice beside its form. */
const changeCard = () => page().getByRole('region', { name: 'Change password' });

function expectVerdicts(world: World, expected: Record<string, string> | null) {
  const scope = form(world);
  const labels = Object.keys(expectedVerdicts({ newPassword: '', confirmPassword: '' }, world));
  for (const label of labels) expect(fieldVerdict(scope, label), `what ${label} says`).toBe(expected?.[label] ?? '');
  // The code field is there exactly when two-factor is on.
  expect(within(scope).queryByLabelText('Two-factor code') !== null, 'the Two-factor code field').toBe(needsCode(world));
  expect(within(scope).queryByLabelText('Old password') !== null, 'the Old password field').toBe(isChange(world));
}

const SCREENS = {
  change: (code: boolean) => ({ url: '/account', storage: signedInStorage({ ...ada, tfaEnabled: code }) }),
  reset: (input: Extract<PasswordFormInput, { mode: 'reset' }>) => ({
    url: `/reset-password?email=${encodeURIComponent(input.email)}${input.token ? `&token=${input.token}` : ''}`,
  }),
};

export const passwordFormScreenPaths: PathSpec<FormSut> = {
  name: 'passwordForm screen',
  machine: passwordFormMachine,
  variants: [
    { name: 'change, two-factor on', input: { mode: 'change', needsCode: true }, events: codeEvents, serializeState, ownCoverage: true },
    // The reset page shows no form once the password is reset.
    { name: 'reset', input: { mode: 'reset', email: 'ada@example.com', token: 'tok-1' }, events: (s) => (s.matches('succeeded') ? [] : resetEvents), serializeState, ownCoverage: true },
    { name: 'reset, link without its token', input: { mode: 'reset', email: 'ada@example.com', token: '' }, events: [] },
  ],
  async start(world) {
    const input = inputOf(world);
    const where = input.mode === 'change' ? SCREENS.change(input.needsCode) : SCREENS.reset(input);
    return renderForm({
      ...where,
      clock: world.clock,
      screenId: 'passwordForm',
      held: [CHANGE, RESET],
      // The two-factor card beside the change form reads its key at once.
      routes: { '/auth/get-mfa-key': () => ({ status: 200, body: mfaKey }) },
    });
  },
  perform: {
    async 'user.submit'(sut, event, world) {
      const values = event as unknown as Values;
      const scope = form(world);
      const fields: Record<string, string> = { 'New password': values.newPassword, 'Confirm new password': values.confirmPassword };
      if (isChange(world)) fields['Old password'] = values.oldPassword ?? '';
      if (needsCode(world)) fields['Two-factor code'] = values.mfaCode ?? '';
      await fillIn(scope, fields);
      await click(submitButton(world));
      await settleForm(sut, world);
    },
    ...answers('submitPassword', (world) => (isChange(world) ? CHANGE : RESET), { done: () => ({ status: 200, body: { success: true, message: 'Password changed' } }) }),
  },
  states: {
    '#passwordForm': {
      asserts: 'every passing submit sent one request with exactly the fields typed (the change: old and new password, and the code when two-factor is on; the reset: the link\'s e-mail and token and the new password); a failing one sent nothing',
      check(sut, world) {
        const path = isChange(world) ? CHANGE : RESET;
        expect(sut.callsTo(path).map((c) => c.body)).toEqual(facts(world).sent);
        expect(sut.callsTo(isChange(world) ? RESET : CHANGE)).toEqual([]);
      },
    },
    '#passwordForm.linkIncomplete': {
      asserts: "'This reset link is incomplete' shows instead of the form, and nothing is sent",
      check() {
        expect(page().getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.incomplete);
        expect(queryFormNamed('Reset password')).toBeNull();
      },
    },
    '#passwordForm.editing': {
      asserts: "the form takes input with its button enabled; after a failing submit each field shows its verdict (* for empty, 'Password must be 8 or more characters.', 'Passwords do not match.', 'Token must be 6 characters') and nothing else; after a failed request the §8 message ('Error changing password. Please try again later', or a 429's wait) and no verdicts; no success notice",
      check(sut, world) {
        const f = facts(world);
        expect((submitButton(world) as HTMLButtonElement).disabled).toBe(false);
        expectVerdicts(world, f.invalid && f.lastSubmit ? expectedVerdicts(f.lastSubmit, world) : null);
        expect(alertText(form(world))).toBe(f.failure ? failureText(f.failure) : null);
        if (isChange(world)) expect(within(changeCard()).queryByRole('status')).toBeNull();
        expectNotWaiting(sut, CHANGE, RESET);
      },
    },
    '#passwordForm.submitting': {
      asserts: "the button reads 'Saving…' and is disabled; one request is waiting with the fields typed; no verdict, no alert",
      check(sut, world) {
        const f = facts(world);
        const button = within(form(world)).getByRole('button', { name: 'Saving…' }) as HTMLButtonElement;
        expect(button.disabled).toBe(true);
        expectWaiting(sut, isChange(world) ? CHANGE : RESET, bodyOf(f.lastSubmit!, world));
        expectVerdicts(world, null);
        expect(alertText(form(world))).toBeNull();
      },
    },
    '#passwordForm.succeeded': {
      asserts: "the change: 'Password Changed Successfully' above a fresh, empty form with its button enabled; the reset: 'Password Reset!', 'You have successfully reset your password.' and a Log in button instead of the form",
      check(sut, world) {
        expectNotWaiting(sut, CHANGE, RESET);
        if (isChange(world)) {
          expect(within(changeCard()).getByRole('status').textContent).toBe(MESSAGES.changed);
          const scope = form(world);
          for (const input of scope.querySelectorAll('input')) {
            expect(input.value, `${input.name} is empty`).toBe('');
          }
          expect(alertText(scope)).toBeNull();
          expect((submitButton(world) as HTMLButtonElement).disabled).toBe(false);
        } else {
          expect(page().getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.reset);
          expect(page().getByText(MESSAGES.resetDetail)).toBeTruthy();
          expect(page().getByRole('button', { name: 'Log in' })).toBeTruthy();
          expect(queryFormNamed('Reset password')).toBeNull();
        }
      },
    },
  },
};
