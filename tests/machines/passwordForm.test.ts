import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import type { PasswordSubmission } from '../../machines/passwordForm/machine';
import { messages } from '../../src/core/accounts/validation';
import { pathSuite } from '../support/pathTesting';
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

    const failing = createActor(make(true).machine, { input: { mode: 'reset', email: 'a@b.co', token: 't' } }).start();
    failing.send({ type: 'user.submit', newPassword: 'new password', confirmPassword: 'new password' });
    await idle(failing);
    expect(failing.getSnapshot().context.formError).toBe(messages.passwordChangeFailed);
  });

  it('should not ask for the old password when resetting', () => {
    const actor = createActor(make().machine, { input: { mode: 'reset', email: 'a@b.co', token: 't' } }).start();
    actor.send({ type: 'user.submit', newPassword: '', confirmPassword: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ newPassword: '*', confirmPassword: '*' });
  });
});

pathSuite(passwordFormPaths);
