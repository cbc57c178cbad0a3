import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import type { PasswordSubmission } from '../../machines/passwordForm/machine';
import { selectPasswordFieldErrors, selectPasswordFormError, selectPasswordFormKey, selectPasswordSucceeded } from '../../machines/passwordForm/selectors';
import { accountMessages } from '../../src/core/accounts/accountForms';
import { messages } from '../../src/core/accounts/validation';
import { FakeEffects, pathSuite } from '../support/pathTesting';
import { passwordFormPaths } from './passwordForm.paths';

const idle = (actor: { getSnapshot: () => AnyMachineSnapshot }) =>
  waitFor(actor as never, (s: AnyMachineSnapshot) => !s.hasTag('busy'));

describe('password form (change and reset)', () => {
  const make = (fail = false) => {
    const sent: PasswordSubmission[] = [];
    const machine = passwordFormMachine.provide({
      actors: {
        submitPassword: fromPromise(async ({ input }) => {
          sent.push(input);
          if (fail) throw new Error('nope');
        }),
      },
    });
    return { machine, sent };
  };

  it('should mark empty fields with * including the code when two-factor is on', () => {
    const actor = createActor(make().machine, { input: { mode: 'change', needsCode: true } }).start();
    actor.send({ type: 'user.submit', oldPassword: '', newPassword: '', confirmPassword: '', mfaCode: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ oldPassword: '*', newPassword: '*', confirmPassword: '*', mfaCode: '*' });
  });

  it('should give the length, match and code messages of docs/product.md', () => {
    const actor = createActor(make().machine, { input: { mode: 'change', needsCode: true } }).start();
    actor.send({ type: 'user.submit', oldPassword: 'old', newPassword: 'short', confirmPassword: 'short', mfaCode: '12' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      newPassword: 'Password must be 8 or more characters.',
      confirmPassword: 'Password must be 8 or more characters.',
      mfaCode: 'Token must be 6 characters',
    });
    actor.send({ type: 'user.submit', oldPassword: 'old', newPassword: 'long enough', confirmPassword: 'long enougH', mfaCode: '123456' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirmPassword: 'Passwords do not match.' });
  });

  it('should send the change and succeed, then fail with the message of §8', async () => {
    const ok = make();
    const actor = createActor(ok.machine, { input: { mode: 'change', needsCode: false } }).start();
    actor.send({ type: 'user.submit', oldPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' });
    await idle(actor);
    expect(actor.getSnapshot().matches('succeeded')).toBe(true);
    expect(ok.sent).toEqual([{ oldPassword: 'old password', newPassword: 'new password', mfaCode: '', form: { mode: 'change', needsCode: false } }]);

    const reset = make(true);
    const failing = createActor(reset.machine, { input: { mode: 'reset', email: 'a@b.co', token: 't' } }).start();
    failing.send({ type: 'user.submit', newPassword: 'new password', confirmPassword: 'new password' });
    await idle(failing);
    expect(failing.getSnapshot().context.formError).toBe(accountMessages.passwordChangeFailed);
    // The reset page has no old password and no code: both go out empty.
    expect(reset.sent).toEqual([{ oldPassword: '', newPassword: 'new password', mfaCode: '', form: { mode: 'reset', email: 'a@b.co', token: 't' } }]);
  });

  it('should send the code without the spaces around it, and check its length without them too', async () => {
    const ok = make();
    const actor = createActor(ok.machine, { input: { mode: 'change', needsCode: true } }).start();
    const submit = (mfaCode: string) =>
      actor.send({ type: 'user.submit', oldPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password', mfaCode });
    // Five digits and a space are five digits: refused before anything is sent.
    submit('12345 ');
    await idle(actor);
    expect(ok.sent).toEqual([]);
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ mfaCode: 'Token must be 6 characters' });
    submit(' 123456 ');
    await idle(actor);
    expect(ok.sent.map((s) => s.mfaCode)).toEqual(['123456']);
  });

  // The generated paths come from the chart, so they cannot miss a transition the chart lost; these
  // walk what a person does, through the selectors the form renders.
  describe('as a person uses it', () => {
    const start = (input: { mode: 'change'; needsCode: boolean }) => {
      const effects = new FakeEffects();
      const actor = createActor(passwordFormMachine.provide({ actors: effects.actors(['submitPassword']) as never }), { input }).start();
      const shown = () => {
        const s = actor.getSnapshot();
        return { busy: s.hasTag('busy'), succeeded: selectPasswordSucceeded(s), fieldErrors: selectPasswordFieldErrors(s), formError: selectPasswordFormError(s) };
      };
      return { effects, actor, shown };
    };
    const change = { type: 'user.submit', oldPassword: 'old password', newPassword: 'new password', confirmPassword: 'new password' } as const;

    it('should change the password again from the success view, and mark the fields of a bad second attempt', async () => {
      const { effects, actor, shown } = start({ mode: 'change', needsCode: false });
      actor.send(change);
      effects.resolve('submitPassword', undefined);
      await idle(actor);
      expect(shown()).toEqual({ busy: false, succeeded: true, fieldErrors: {}, formError: null });
      expect(selectPasswordFormKey(actor.getSnapshot())).toBe(1);

      actor.send({ ...change, newPassword: 'newer password', confirmPassword: 'newer password' });
      expect(shown()).toEqual({ busy: true, succeeded: false, fieldErrors: {}, formError: null });
      effects.resolve('submitPassword', undefined);
      await idle(actor);
      expect(shown().succeeded).toBe(true);
      expect(selectPasswordFormKey(actor.getSnapshot())).toBe(2);

      actor.send({ ...change, oldPassword: '', newPassword: 'short', confirmPassword: 'short' });
      expect(shown()).toEqual({
        busy: false,
        succeeded: false,
        fieldErrors: { oldPassword: '*', newPassword: messages.passwordTooShort, confirmPassword: messages.passwordTooShort },
        formError: null,
      });
      expect(effects.callsOf<PasswordSubmission>('submitPassword').map((s) => s.newPassword)).toEqual(['new password', 'newer password']);
    });

    it('should clear the marked fields and the failure message once a corrected form is sent', async () => {
      const { effects, actor, shown } = start({ mode: 'change', needsCode: false });
      actor.send({ ...change, confirmPassword: 'other password' });
      expect(shown().fieldErrors).toEqual({ confirmPassword: accountMessages.passwordsDiffer });
      actor.send(change);
      expect(shown()).toEqual({ busy: true, succeeded: false, fieldErrors: {}, formError: null });
      effects.reject('submitPassword', new Error('offline'));
      await idle(actor);
      expect(shown().formError).toBe(accountMessages.passwordChangeFailed);
      actor.send(change);
      expect(shown()).toEqual({ busy: true, succeeded: false, fieldErrors: {}, formError: null });
      expect(effects.callsOf('submitPassword')).toHaveLength(2);
    });
  });

  it('should not ask for the old password when resetting', () => {
    const actor = createActor(make().machine, { input: { mode: 'reset', email: 'a@b.co', token: 't' } }).start();
    actor.send({ type: 'user.submit', newPassword: '', confirmPassword: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: '*', confirmPassword: '*' });
  });
});

pathSuite(passwordFormPaths);
