import { sendTo, setup } from 'xstate';
import { SYSTEM_IDS } from '../shared/system';
import { effectActor } from '../shared/effects';

/** The /confirm-email page (docs/product.md §2, §8): the link's userId and token confirm the address once. */

export interface ConfirmEmailInput {
  userId: string | null;
  token: string | null;
}

export const confirmEmailMachine = setup({
  types: {
    input: {} as ConfirmEmailInput,
    context: {} as ConfirmEmailInput,
  },
  actors: {
    confirmEmail: effectActor<void, { userId: string; token: string }>('confirmEmail'),
  },
  actions: {
    /** The auth actor marks the player's address confirmed. */
    announceEmailConfirmed: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.auth),
      (_, params: { userId: string }) => ({ type: 'security.emailConfirmed' as const, userId: params.userId }),
    ),
  },
  guards: {
    linkIncomplete: ({ context }) => !context.userId || !context.token,
  },
}).createMachine({
  id: 'confirmEmail',
  context: ({ input }) => input,
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'A link without userId or token is incomplete: nothing to send.',
      always: [{ guard: 'linkIncomplete', target: 'incomplete' }, { target: 'confirming' }],
    },
    confirming: {
      description: 'The token is with the server.',
      tags: ['busy'],
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
        onDone: { target: 'confirmed', actions: { type: 'announceEmailConfirmed', params: ({ context }) => ({ userId: context.userId! }) } },
        onError: 'failed',
      },
    },
    confirmed: {
      description: "'Email Address Confirmed'.",
      type: 'final',
    },
    failed: {
      description: "'Error Confirming Email Address' and 'Please contact support for assistance.'",
      type: 'final',
    },
    incomplete: {
      description: 'The link lacks userId or token (cut short when copied): the page says the link is incomplete, and nothing is sent.',
      type: 'final',
    },
  },
});
