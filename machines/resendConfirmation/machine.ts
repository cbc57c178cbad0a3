import { assign, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { waitInWords } from '../../src/core/wait';
import { failureMessage, failureOf } from '../shared/requestFailure';

/**
 * The account page's "Resend confirmation e-mail" (POST /auth/resend-confirmation): one request at
 * a time, then the server's own words either way (a refusal such as a 429 reads as a wait).
 */

export const RESEND_MESSAGES = {
  sent: 'Confirmation e-mail sent. Check your inbox and open the link in it.',
  wait: (seconds: number) => `A confirmation e-mail was sent a moment ago. You can ask for another in ${waitInWords(seconds)}.`,
} as const;

/** A 429 with Retry-After is a wait in words; any other refusal is the server's own message. */
function refusalOf(error: unknown): string {
  const failure = failureOf(error);
  return failure.status === 429 && failure.retryAfter ? RESEND_MESSAGES.wait(failure.retryAfter) : failureMessage(error);
}

export interface ResendConfirmationContext {
  message: string | null;
}

export const resendConfirmationMachine = setup({
  types: {
    context: {} as ResendConfirmationContext,
    events: {} as { type: 'user.resend' },
  },
  actors: {
    resendConfirmation: effectActor<{ message?: string } | unknown>('resendConfirmation'),
  },
}).createMachine({
  id: 'resendConfirmation',
  context: { message: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The button is offered while the address is not confirmed.',
      on: { 'user.resend': 'sending' },
    },
    sending: {
      description: 'The request is with the server; the button is disabled.',
      tags: ['busy'],
      entry: assign({ message: null }),
      invoke: {
        id: 'resendConfirmation',
        src: 'resendConfirmation',
        onDone: { target: 'sent', actions: assign({ message: RESEND_MESSAGES.sent }) },
        onError: { target: 'refused', actions: assign({ message: ({ event }) => refusalOf(event.error) }) },
      },
    },
    sent: {
      description: "'Confirmation e-mail sent…' is shown; the player may ask again (the server decides how often).",
      tags: ['notice'],
      on: { 'user.resend': 'sending' },
    },
    refused: {
      description: "The server's refusal is shown (a 429 as 'A confirmation e-mail was sent a moment ago. You can ask for another in 45 seconds.').",
      tags: ['alert'],
      on: { 'user.resend': 'sending' },
    },
  },
});
