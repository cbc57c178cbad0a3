import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { confirmEmailMachine } from '../../machines/confirmEmail/machine';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import type { PasswordSubmission } from '../../machines/passwordForm/machine';
import { twoFactorMachine } from '../../machines/twoFactor/machine';
import type { MfaKey } from '../../machines/twoFactor/machine';
import { messages } from '../../src/core/accounts/validation';
import { CoverageTracker, PathModel, replaysCoverTheChart } from '../support/modelPaths';

// Never settles: the model paths deliver results as synthetic done/error events.
const never = fromPromise(() => new Promise<never>(() => {})) as never;
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

describe('two-factor toggle', () => {
  it('should fetch a key when off, enable with a code, announce it, and disable with a fresh key', async () => {
    const announced: boolean[] = [];
    let n = 0;
    const machine = twoFactorMachine.provide({
      actors: {
        getMfaKey: fromPromise(async () => ({ mfaKey: 'KEY1', uri: 'otpauth://totp/x?secret=KEY1' })),
        enableMfa: fromPromise(async () => {}),
        disableMfa: fromPromise(async () => ({ mfaKey: `KEY${(n += 2)}`, uri: 'otpauth://totp/x?secret=KEY2' })),
      },
      actions: { announceTwoFactorChanged: (_, params) => announced.push(params.enabled) },
    });
    const actor = createActor(machine, { input: { enabled: false } }).start();
    await idle(actor);
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.key?.mfaKey).toBe('KEY1');
    actor.send({ type: 'user.submitCode', code: '' });
    expect(actor.getSnapshot().context.codeError).toBe('*');
    actor.send({ type: 'user.submitCode', code: '12345' });
    expect(actor.getSnapshot().context.codeError).toBe('Token must be 6 characters');
    actor.send({ type: 'user.submitCode', code: '123456' });
    // A code that passes the check clears the last refusal before it goes to the server.
    expect(actor.getSnapshot().context.codeError).toBeNull();
    await idle(actor);
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.notice).toBe('2 Factor settings changed');
    actor.send({ type: 'user.submitCode', code: '654321' });
    expect(actor.getSnapshot().context.notice).toBeNull();
    await idle(actor);
    expect(actor.getSnapshot().value).toBe('off');
    expect(actor.getSnapshot().context.key?.mfaKey).toBe('KEY2');
    expect(announced).toEqual([true, false]);
  });

  it('should stay as it was and say so when the call fails', async () => {
    const machine = twoFactorMachine.provide({
      actors: {
        disableMfa: fromPromise<MfaKey, { mfaCode: string }>(async () => {
          throw new Error('mfa_invalid');
        }),
      },
    });
    const actor = createActor(machine, { input: { enabled: true } }).start();
    actor.send({ type: 'user.submitCode', code: '123456' });
    await idle(actor);
    expect(actor.getSnapshot().value).toBe('on');
    expect(actor.getSnapshot().context.formError).toBe('An error occurred, please try again later.');
  });
});

describe('confirm e-mail', () => {
  it.each([
    [{ userId: null, token: 'abc' }],
    [{ userId: '7', token: null }],
  ])('should call a link that lacks a parameter incomplete at once, and send nothing (%j)', (input) => {
    const actor = createActor(confirmEmailMachine.provide({ actors: { confirmEmail: never } }), { input }).start();
    expect(actor.getSnapshot().value).toBe('incomplete');
  });
});

/** Model-based paths for the three small form machines, with synthetic done/error events. */
function modelOf(machine: AnyStateMachine, inputs: unknown[], events: Array<EventObject & Record<string, unknown>>) {
  const coverage = new CoverageTracker(machine);
  // Counters (passwordForm's `completed`) would make the space endless: leave them out.
  const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, { ...s.context, completed: undefined }]);
  const models = inputs.map((input) => new PathModel({ machine, input, events: events as never, coverage, serializeState }));
  return { coverage, paths: models.flatMap((model) => model.paths.map((path) => [path.description, model, path] as const)) };
}

describe.each([
  [
    'passwordForm',
    modelOf(
      passwordFormMachine.provide({ actors: { submitPassword: never } }),
      // The reset page opened without its link's token is incomplete.
      [{ mode: 'change', needsCode: true }, { mode: 'reset', email: 'ada@example.com', token: '' }],
      [
        { type: 'user.submit', oldPassword: 'o', newPassword: 'new password', confirmPassword: 'new password', mfaCode: '123456' },
        { type: 'user.submit', oldPassword: '', newPassword: '', confirmPassword: '' },
        { type: 'xstate.done.actor.submitPassword' },
        { type: 'xstate.error.actor.submitPassword', error: new Error('x') },
      ],
    ),
  ],
  [
    'twoFactor',
    modelOf(
      twoFactorMachine.provide({ actors: { getMfaKey: never, enableMfa: never, disableMfa: never } }),
      [{ enabled: false }, { enabled: true }],
      [
        { type: 'user.submitCode', code: '123456' },
        { type: 'user.submitCode', code: '1' },
        { type: 'user.retry' },
        { type: 'xstate.done.actor.getMfaKey', output: { mfaKey: 'K', uri: 'otpauth://totp/x' } },
        { type: 'xstate.error.actor.getMfaKey', error: new Error('x') },
        { type: 'xstate.done.actor.enableMfa' },
        { type: 'xstate.error.actor.enableMfa', error: new Error('x') },
        { type: 'xstate.done.actor.disableMfa', output: { mfaKey: 'K2', uri: 'otpauth://totp/y' } },
        { type: 'xstate.error.actor.disableMfa', error: new Error('x') },
      ],
    ),
  ],
  [
    'confirmEmail',
    modelOf(
      confirmEmailMachine.provide({ actors: { confirmEmail: never } }),
      [{ userId: '7', token: 't' }, { userId: null, token: null }],
      [{ type: 'xstate.done.actor.confirmEmail' }, { type: 'xstate.error.actor.confirmEmail', error: new Error('x') }],
    ),
  ],
])('%s model-based paths', (_name, { coverage, paths }) => {
  replaysCoverTheChart(paths, coverage);
});
