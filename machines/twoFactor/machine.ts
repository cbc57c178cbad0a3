import { assign, sendTo, setup } from 'xstate';
import { SYSTEM_IDS } from '../shared/system';
import { effectActor } from '../shared/effects';
import { accountMessages } from '../../src/core/accounts/accountForms';
import { validateTwoFactorCode } from '../../src/core/accounts/validation';
import { fixedFailureMessage } from '../shared/requestFailure';
import type { MfaKey as WireMfaKey } from '../../src/core/contracts/auth';
import { checkedSubmit } from '../shared/forms';

/**
 * The two-factor part of the security page (docs/product.md §2, §4 Security): off shows the QR code and the
 * key with Enable, on shows Disable; the switch follows a successful call only, and is announced
 * so auth flips tfaEnabled and rewrites the stored user.
 */

export type MfaKey = WireMfaKey;

export interface TwoFactorContext {
  /** The input: tfaEnabled when the page opened (only `choosing` reads it; the state says what is true now). */
  enabledAtStart: boolean;
  key: MfaKey | null;
  codeError: string | null;
  formError: string | null;
  notice: string | null;
}

export type TwoFactorEvent = { type: 'user.submitCode'; code: string } | { type: 'user.retry' };

export const twoFactorMachine = setup({
  types: {
    input: {} as { enabled: boolean },
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    getMfaKey: effectActor<MfaKey>('getMfaKey'),
    enableMfa: effectActor<void, { mfaCode: string }>('enableMfa'),
    disableMfa: effectActor<MfaKey, { mfaCode: string }>('disableMfa'),
  },
  actions: {
    /** Tells auth (src/app sends `security.twoFactorChanged` to the auth actor). */
    /** The auth actor keeps the player's two-factor flag. */
    announceTwoFactorChanged: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.auth),
      (_, params: { enabled: boolean }) => ({ type: 'security.twoFactorChanged' as const, enabled: params.enabled }),
    ),
    takeKey: assign({ key: ({ event }) => (event as unknown as { output: MfaKey }).output }),
    showCodeError: assign({
      notice: null,
      formError: null,
      codeError: ({ event }) => (event.type === 'user.submitCode' ? validateTwoFactorCode(event.code.trim()) : null),
    }),
    clearMessages: assign({ codeError: null, formError: null, notice: null }),
    showFailure: assign({ formError: ({ event }) => fixedFailureMessage((event as unknown as { error: unknown }).error, accountMessages.twoFactorFailed) }),
    showChanged: assign({ notice: accountMessages.twoFactorChanged }),
  },
  guards: {
    startsEnabled: ({ context }) => context.enabledAtStart,
    codeInvalid: ({ event }) => event.type === 'user.submitCode' && validateTwoFactorCode(event.code.trim()) !== null,
  },
}).createMachine({
  id: 'twoFactor',
  context: ({ input }) => ({ enabledAtStart: input.enabled, key: null, codeError: null, formError: null, notice: null }),
  initial: 'choosing',
  states: {
    choosing: {
      description: "Follows the player's tfaEnabled at the moment the page opens.",
      always: [
        { guard: 'startsEnabled', target: 'on' },
        { target: 'loadingKey' },
      ],
    },
    loadingKey: {
      description: 'Two-factor is off: fetching a key and its otpauth URI to show as a QR code.',
      tags: ['busy'],
      invoke: {
        id: 'getMfaKey',
        src: 'getMfaKey',
        onDone: { target: 'off', actions: 'takeKey' },
        onError: { target: 'keyUnavailable', actions: 'showFailure' },
      },
    },
    keyUnavailable: {
      description: 'The key could not be fetched; the player may try again.',
      on: { 'user.retry': { target: 'loadingKey', actions: 'clearMessages' } },
    },
    off: {
      description: 'Two-factor is off: the QR code (240 px, high error correction) and the key, with a code field and Enable.',
      on: {
        'user.submitCode': checkedSubmit({ invalid: 'codeInvalid', show: 'showCodeError' }, 'enabling'),
      },
    },
    enabling: {
      description: 'Checking the first code from the authenticator app with the server.',
      tags: ['busy'],
      invoke: {
        id: 'enableMfa',
        src: 'enableMfa',
        input: ({ event }) => ({ mfaCode: (event as Extract<TwoFactorEvent, { type: 'user.submitCode' }>).code.trim() }),
        onDone: {
          target: 'on',
          actions: ['showChanged', { type: 'announceTwoFactorChanged', params: { enabled: true } }],
        },
        onError: { target: 'off', actions: 'showFailure' },
      },
    },
    on: {
      description: 'Two-factor is on: a code field with Disable.',
      on: {
        'user.submitCode': checkedSubmit({ invalid: 'codeInvalid', show: 'showCodeError' }, 'disabling'),
      },
    },
    disabling: {
      description: 'Checking the code with the server before switching two-factor off; the answer carries a fresh key.',
      tags: ['busy'],
      invoke: {
        id: 'disableMfa',
        src: 'disableMfa',
        input: ({ event }) => ({ mfaCode: (event as Extract<TwoFactorEvent, { type: 'user.submitCode' }>).code.trim() }),
        onDone: {
          target: 'off',
          actions: ['takeKey', 'showChanged', { type: 'announceTwoFactorChanged', params: { enabled: false } }],
        },
        onError: { target: 'on', actions: 'showFailure' },
      },
    },
  },
});
