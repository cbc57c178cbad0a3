import { fromPromise } from 'xstate';
import { confirmEmailMachine } from '../../../machines/confirmEmail/machine';
import { passwordFormMachine } from '../../../machines/passwordForm/machine';
import { resendConfirmationMachine } from '../../../machines/resendConfirmation/machine';
import { sessionsMachine } from '../../../machines/sessions/machine';
import { transactionsMachine } from '../../../machines/transactions/machine';
import { twoFactorMachine } from '../../../machines/twoFactor/machine';
import { saveBlob, saveTextFile } from '../adapters/download';
import { betExportFileName } from '../../core/fairness/betExport';
import { accountPageCalls } from '../api/accountPages';
import type { Reply } from '../../core/contracts/common';
import type { getTransactions } from '../../core/contracts/wallet';
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

/** /transactions: its pages, and the CSV saved as a file named for the day. */
export function provideTransactions({ api, now }: ScreenRuntime) {
  return transactionsMachine.provide({
    actors: {
      fetchTransactions: fromPromise(({ input }) =>
        api.get<Reply<typeof getTransactions>>('/wallet/get-transactions', { query: { before: input.before ?? undefined } }),
      ),
      downloadTransactions: fromPromise(async () => {
        // CSV text: the client hands back a body that is not JSON as it came.
        const csv = await api.get<string>('/wallet/export-transactions');
        saveTextFile(`transactions-${new Date(now()).toISOString().slice(0, 10)}.csv`, csv, 'text/csv;charset=utf-8');
      }),
      downloadBets: fromPromise(async ({ input }) => {
        // As a Blob: a long history is never read into one string in the page.
        saveBlob(betExportFileName(input.format, new Date(now())), await api.get<Blob>('/casino/export-bets', { query: { format: input.format }, responseType: 'blob' }));
      }),
    },
  });
}

/** The account page's Sessions card: the open sessions, and ending another one or all others. */
export function provideSessions({ api }: ScreenRuntime) {
  const calls = accountPageCalls(api);
  return sessionsMachine.provide({
    actors: {
      listSessions: fromPromise(() => calls.getSessions()),
      endSession: fromPromise(async ({ input }) => {
        await calls.endSession(input.sessionId);
      }),
      endOtherSessions: fromPromise(async () => {
        await calls.endOtherSessions();
      }),
    },
  });
}
