import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { twoFactorMachine } from '../../machines/twoFactor/machine';
import type { MfaKey } from '../../machines/twoFactor/machine';
import { selectMfaKey, selectTwoFactorMessages, selectTwoFactorView } from '../../machines/twoFactor/selectors';
import { FakeEffects, pathSuite } from '../support/pathTesting';
import { twoFactorPaths } from './twoFactor.paths';

const idle = (actor: { getSnapshot: () => AnyMachineSnapshot }) =>
  waitFor(actor as never, (s: AnyMachineSnapshot) => !s.hasTag('busy'));

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

  it('should mark a code of spaces only as empty (*), as it marks an empty one', () => {
    const effects = new FakeEffects();
    const actor = createActor(twoFactorMachine.provide({ actors: effects.actors(['getMfaKey', 'enableMfa', 'disableMfa']) as never }), {
      input: { enabled: true },
    }).start();
    actor.send({ type: 'user.submitCode', code: '      ' });
    expect(selectTwoFactorMessages(actor.getSnapshot()).codeError).toBe('*');
    expect(effects.callsOf('disableMfa')).toEqual([]);
  });

  // The generated paths come from the chart, so they cannot miss a retry the chart lost; this walks
  // what a person does, through the selectors the panel renders.
  it('should fetch the key again when asked after it could not be fetched, and show it without the failure', async () => {
    const effects = new FakeEffects();
    const actor = createActor(twoFactorMachine.provide({ actors: effects.actors(['getMfaKey', 'enableMfa', 'disableMfa']) as never }), {
      input: { enabled: false },
    }).start();
    effects.reject('getMfaKey', new Error('offline'));
    await waitFor(actor, (s) => selectTwoFactorView(s) === 'unavailable');
    expect(selectTwoFactorMessages(actor.getSnapshot()).formError).toBe('An error occurred, please try again later.');

    actor.send({ type: 'user.retry' });
    expect(selectTwoFactorView(actor.getSnapshot())).toBe('loading');
    expect(selectTwoFactorMessages(actor.getSnapshot()).formError).toBeNull();
    expect(effects.callsOf('getMfaKey')).toHaveLength(2);
    effects.resolve('getMfaKey', { mfaKey: 'KEY9', uri: 'otpauth://totp/x?secret=KEY9' });
    await waitFor(actor, (s) => selectTwoFactorView(s) === 'off');
    expect(selectMfaKey(actor.getSnapshot())).toEqual({ mfaKey: 'KEY9', uri: 'otpauth://totp/x?secret=KEY9' });
    expect(selectTwoFactorMessages(actor.getSnapshot()).formError).toBeNull();
  });
});

pathSuite(twoFactorPaths);
