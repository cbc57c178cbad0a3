import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resendConfirmationMachine } from '../../machines/resendConfirmation/machine';
import { FakeEffects, pathSuite } from '../support/pathTesting';
import { RESEND_TEXTS, resendConfirmationPaths, resendRefusals } from './resendConfirmation.paths';

describe('resend confirmation e-mail', () => {
  // The paths take one refusal (enough to cover the chart); each kind of refusal reads differently.
  it.each(resendRefusals.map((r) => [r.shows, r.error] as const))('should show "%s" for a refusal %j', async (shows, error) => {
    const machine = resendConfirmationMachine.provide({ actors: { resendConfirmation: fromPromise(() => Promise.reject(error)) } });
    const actor = createActor(machine).start();
    actor.send({ type: 'user.resend' });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(actor.getSnapshot().context.message).toBe(shows);
  });

  // The generated paths come from the chart, so a chart without the button in `sent` or `refused`
  // would only give fewer paths: this walks what a player does. The page shows `context.message`
  // (AccountPage's ResendButton reads it), so the message is what is asserted.
  it('should ask again after the e-mail was sent and after a refusal, with no message while a request is out', async () => {
    const effects = new FakeEffects();
    const actor = createActor(resendConfirmationMachine.provide({ actors: effects.actors(['resendConfirmation']) as never })).start();
    const shown = () => ({ busy: actor.getSnapshot().hasTag('busy'), message: actor.getSnapshot().context.message });

    actor.send({ type: 'user.resend' });
    effects.resolve('resendConfirmation', {});
    await waitFor(actor, (s) => s.matches('sent'));
    expect(shown()).toEqual({ busy: false, message: RESEND_TEXTS.sent });

    actor.send({ type: 'user.resend' });
    expect(effects.callsOf('resendConfirmation')).toHaveLength(2);
    expect(shown()).toEqual({ busy: true, message: null });
    effects.reject('resendConfirmation', { status: 429, message: 'Too many requests', retryAfter: 45 });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(shown()).toEqual({ busy: false, message: RESEND_TEXTS.wait45 });

    actor.send({ type: 'user.resend' });
    expect(effects.callsOf('resendConfirmation')).toHaveLength(3);
    expect(shown()).toEqual({ busy: true, message: null });
  });
});

pathSuite(resendConfirmationPaths);
