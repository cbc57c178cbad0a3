import { fromPromise, setup } from 'xstate';

/** The /confirm-email page (SPEC §2, §8): the link's userId and token confirm the address once. */

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
    confirmEmail: fromPromise<void, { userId: string; token: string }>(async () => {
      throw new Error('confirmEmail is provided by the app');
    }),
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
      description: 'A link without userId or token fails at once, like a refused one.',
      always: [{ guard: 'linkIncomplete', target: 'failed' }, { target: 'confirming' }],
    },
    confirming: {
      description: 'The token is with the server.',
      tags: ['busy'],
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ userId: context.userId!, token: context.token! }),
        onDone: 'confirmed',
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
  },
});
