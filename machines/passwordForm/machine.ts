import { assign, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { accountMessages, validatePasswordForm } from '../../src/core/accounts/accountForms';
import type { PasswordField } from '../../src/core/accounts/accountForms';
import { hasErrors } from '../../src/core/accounts/validation';
import type { FieldErrors } from '../../src/core/accounts/validation';
import { fixedFailureMessage } from '../shared/requestFailure';
import { checkedSubmit } from '../shared/forms';

/**
 * The new-password form of the security page (change: old password, and the code when two-factor
 * is on) and of the reset-password page (reset: email and token from the mailed link). One chart,
 * the rules and messages of docs/product.md §5 and §8; which call it makes is the provided `submitPassword`.
 */

export type PasswordFormInput =
  | { mode: 'change'; needsCode: boolean }
  | { mode: 'reset'; email: string; token: string };

export interface PasswordSubmission {
  oldPassword: string;
  newPassword: string;
  mfaCode: string;
}

export interface PasswordFormContext {
  form: PasswordFormInput;
  fieldErrors: FieldErrors<PasswordField>;
  formError: string | null;
  /** Completed changes; the form is drawn afresh (empty) after each. */
  completed: number;
}

export type PasswordFormEvent = {
  type: 'user.submit';
  oldPassword?: string;
  newPassword: string;
  confirmPassword: string;
  mfaCode?: string;
};

const rulesFor = (context: PasswordFormInput) => ({
  needsOldPassword: context.mode === 'change',
  needsCode: context.mode === 'change' && context.needsCode,
});

export const passwordFormMachine = setup({
  types: {
    input: {} as PasswordFormInput,
    context: {} as PasswordFormContext,
    events: {} as PasswordFormEvent,
  },
  actors: {
    submitPassword: effectActor<void, PasswordSubmission & { form: PasswordFormInput }>('submitPassword'),
  },
  actions: {
    showFieldErrors: assign({
      formError: null,
      fieldErrors: ({ context, event }) => validatePasswordForm(event, rulesFor(context.form)),
    }),
    clearMessages: assign({ fieldErrors: {}, formError: null }),
    showFailure: assign({ formError: ({ event }) => fixedFailureMessage((event as unknown as { error: unknown }).error, accountMessages.passwordChangeFailed) }),
    countCompleted: assign({ completed: ({ context }) => context.completed + 1 }),
  },
  guards: {
    linkIncomplete: ({ context }) => context.form.mode === 'reset' && (!context.form.email || !context.form.token),
    formInvalid: ({ context, event }) => hasErrors(validatePasswordForm(event, rulesFor(context.form))),
  },
}).createMachine({
  id: 'passwordForm',
  context: ({ input }) => ({ form: input, fieldErrors: {}, formError: null, completed: 0 }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'The reset page needs the e-mail and token of its link; the change form needs nothing.',
      always: [{ guard: 'linkIncomplete', target: 'linkIncomplete' }, { target: 'editing' }],
    },
    linkIncomplete: {
      description: 'The reset link lacks its e-mail or token: the page says the link is incomplete instead of showing the form.',
      type: 'final',
    },
    editing: {
      description: 'The form takes input; a submit with a problem marks the fields (* for empty ones) and stays here.',
      on: {
        'user.submit': checkedSubmit({ invalid: 'formInvalid', show: 'showFieldErrors' }, 'submitting'),
      },
    },
    submitting: {
      description: 'The new password is with the server; the submit button is disabled.',
      tags: ['busy'],
      invoke: {
        id: 'submitPassword',
        src: 'submitPassword',
        input: ({ context, event }) => ({
          oldPassword: event.oldPassword ?? '',
          newPassword: event.newPassword,
          mfaCode: (event.mfaCode ?? '').trim(),
          form: context.form,
        }),
        onDone: { target: 'succeeded', actions: 'countCompleted' },
        onError: { target: 'editing', actions: 'showFailure' },
      },
    },
    succeeded: {
      description: "Done: 'Password Changed Successfully' on the security page, 'Password Reset!' on the reset page.",
      on: {
        'user.submit': [
          { guard: 'formInvalid', target: 'editing', actions: 'showFieldErrors' },
          { target: 'submitting', actions: 'clearMessages' },
        ],
      },
    },
  },
});
