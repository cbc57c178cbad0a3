import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resendConfirmationMachine } from '../../machines/resendConfirmation/machine';
import { pathSuite } from '../support/pathTesting';
import { resendConfirmationPaths, resendRefusals } from './resendConfirmation.paths';

describe('resend confirmation e-mail', () => {
  // The paths take one refusal (enough to cover the chart); each kind of refusal reads differently.
  it.each(resendRefusals.map((r) => [r.shows, r.error] as const))('should show "%s" for a refusal %j', async (shows, error) => {
    const machine = resendConfirmationMachine.provide({ actors: { resendConfirmation: fromPromise(() => Promise.reject(error)) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.message).toBe(shows);
  });
});

pathSuite(resendConfirmationPaths);
