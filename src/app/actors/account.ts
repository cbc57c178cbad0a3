import { fromPromise } from 'xstate';
import { confirmEmailMachine } from '../../../machines/confirmEmail/machine';
import { passwordFormMachine } from '../../../machines/passwordForm/machine';
import { resendConfirmationMachine } from '../../../machines/resendConfirmation/machine';
import { twoFactorMachine } from '../../../machines/twoFactor/machine';
import { accountPageCalls } from '../api/accountPages';
import type { ScreenRuntime } from './screenRuntime';

/** The password form of /account and /reset-password: a reset with the mailed token, or a change. */
export function providePasswordForm({ api }: ScreenRuntime) {
  const calls = accountPageCalls(api);
  return passwordFormMachine.provide({
    actors: {
      submitPassword: fromPromise(async ({ input }) => {
        if (input.form.mode === 'reset') {
          await calls.resetPassword({ email: input.form.email, token: input.form.token, password: input.newPassword });
        } else {
          await calls.changePassword({
            oldPassword: input.oldPassword,
            newPassword: input.newPassword,
            ...(input.form.needsCode ? { mfaCode: input.mfaCode } : {}),
          });
        }
      }),
    },
  });
}

/** The two-factor panel of /account; the auth actor hears when two-factor is turned on or off. */
export function provideTwoFactor({ api }: ScreenRuntime) {
  const calls = accountPageCalls(api);
  return twoFactorMachine.provide({
    actors: {
      getMfaKey: fromPromise(() => calls.getMfaKey()),
      enableMfa: fromPromise(async ({ input }) => {
        await calls.enableMfa(input.mfaCode);
      }),
      disableMfa: fromPromise(({ input }) => calls.disableMfa(input.mfaCode)),
    },
  });
}

/** /confirm-email: the mailed link's token, sent once; the auth actor hears when the address is confirmed. */
export function provideConfirmEmail({ api }: ScreenRuntime) {
  const calls = accountPageCalls(api);
  return confirmEmailMachine.provide({
    actors: {
      confirmEmail: fromPromise(async ({ input }) => {
        await calls.confirmEmail(input.userId, input.token);
      }),
    },
  });
}

/** The account page's resend of the confirmation mail. */
export function provideResendConfirmation({ api }: ScreenRuntime) {
  const calls = accountPageCalls(api);
  return resendConfirmationMachine.provide({
    actors: { resendConfirmation: fromPromise(() => calls.resendConfirmation()) },
  });
}
