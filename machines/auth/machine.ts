import { assign, sendParent, setup } from 'xstate';
import { effectAction, effectActor } from '../shared/effects';
import { isAccessTokenExpired } from '../../src/core/accounts/session';
import type { RefreshResult, SessionTokens, SignInResult, User } from '../../src/core/accounts/session';
import { hasErrors, validateLogin, validateRegistration, validateResetRequest, validateTwoFactorCode } from '../../src/core/accounts/validation';

import { failureMessage, failureOf } from '../shared/requestFailure';
import type { AuthAnnouncement } from './announcements';
import { sessionOf, signedOutContext } from './context';
import type { AuthContext, AuthEvent, Credentials, StoreSessionParams, StoredSessionReading } from './context';
import { checkedSubmit } from '../shared/forms';

export * from './context';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** Reads the stored values and the clock (src/app: localStorage). */
    readStoredSession: effectActor<StoredSessionReading>('readStoredSession'),
    refreshSession: effectActor<RefreshResult, { refreshToken: string }>('refreshSession'),
    login: effectActor<SignInResult, Credentials>('login'),
    register: effectActor<SignInResult, { userName: string; email: string; password: string }>('register'),
    requestPasswordReset: effectActor<void, { email: string }>('requestPasswordReset'),
    endSession: effectActor<void, { sessionId: string }>('endSession'),
  },
  actions: {
    // Effects on the stored browser values; src/app provides them, tests provide fakes.
    storeSession: effectAction<StoreSessionParams>('storeSession'),
    storeTokens: effectAction<SessionTokens>('storeTokens'),
    storeUser: effectAction<User>('storeUser'),
    clearStoredSession: effectAction('clearStoredSession'),
    /** Navigation: a player on a login-only route goes to / (src/app asks the router). */
    leaveProtectedRoute: effectAction('leaveProtectedRoute'),
    announceLoggedIn: sendParent(({ context }): AuthAnnouncement => ({
      type: 'auth.loggedIn',
      user: context.user!,
      tokens: context.tokens!,
    })),
    announceLoggedOut: sendParent((): AuthAnnouncement => ({ type: 'auth.loggedOut' })),

    restore: assign(({ event }) => {
      const { stored } = (event as unknown as { output: StoredSessionReading }).output;
      return {
        user: stored.user,
        tokens: { accessToken: stored.accessToken!, refreshToken: stored.refreshToken! },
        sessionId: stored.sessionId,
      };
    }),
    takeRefreshedTokens: assign({
      tokens: ({ event }) => {
        const output = (event as unknown as { output: RefreshResult }).output;
        return { accessToken: output.jwt!, refreshToken: output.refreshToken! };
      },
    }),
    takeRenewedTokens: assign({
      tokens: ({ context, event }) => (event.type === 'tokens.renewed' ? event.tokens : context.tokens),
    }),
    signIn: assign(({ event }) => ({
      ...sessionOf((event as unknown as { output: SignInResult }).output),
      pendingLogin: null,
      fieldErrors: {},
      formError: null,
    })),
    forgetSession: assign(signedOutContext),
    rememberLogin: assign({
      pendingLogin: ({ event }) =>
        event.type === 'user.login' ? { userName: event.userName.trim(), password: event.password } : null,
    }),
    rememberMfaCode: assign({
      pendingLogin: ({ context, event }) =>
        event.type === 'user.submitMfaCode' && context.pendingLogin
          ? { ...context.pendingLogin, mfaCode: event.code.trim() }
          : context.pendingLogin,
    }),
    forgetPendingLogin: assign({ pendingLogin: null }),
    clearMessages: assign({ fieldErrors: {}, formError: null }),
    showFailure: assign({
      fieldErrors: {},
      formError: ({ event }) => failureMessage((event as unknown as { error: unknown }).error),
    }),
    showFieldErrors: assign({
      formError: null,
      fieldErrors: ({ event }) => {
        switch (event.type) {
          case 'user.login':
            return validateLogin(event);
          case 'user.register':
            return validateRegistration(event);
          case 'user.requestPasswordReset':
            return validateResetRequest(event);
          case 'user.submitMfaCode': {
            const problem = validateTwoFactorCode(event.code.trim());
            return problem ? { mfaCode: problem } : {};
          }
          default:
            return {};
        }
      },
    }),
    markEmailConfirmed: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'security.emailConfirmed' ? { ...context.user, emailConfirmed: true } : context.user,
    }),
    flipTwoFactor: assign({
      user: ({ context, event }) =>
        context.user && event.type === 'security.twoFactorChanged' ? { ...context.user, tfaEnabled: event.enabled } : context.user,
    }),
  },
  guards: {
    isConfirmedUser: ({ context, event }) => event.type === 'security.emailConfirmed' && context.user !== null && String(context.user.id) === event.userId,
    noUsableStoredSession: ({ event }) => {
      const { stored } = (event as unknown as { output: StoredSessionReading }).output;
      return !stored.refreshToken || !stored.accessToken || !stored.user;
    },
    storedAccessTokenExpired: ({ event }) => {
      const { stored, nowSeconds } = (event as unknown as { output: StoredSessionReading }).output;
      return isAccessTokenExpired(stored.accessToken ?? '', nowSeconds);
    },
    refreshAccepted: ({ event }) => {
      const output = (event as unknown as { output: RefreshResult | undefined }).output;
      return output?.status === 200 && typeof output.jwt === 'string' && typeof output.refreshToken === 'string';
    },
    loginInvalid: ({ event }) => event.type === 'user.login' && hasErrors(validateLogin(event)),
    registrationInvalid: ({ event }) => event.type === 'user.register' && hasErrors(validateRegistration(event)),
    resetRequestInvalid: ({ event }) =>
      event.type === 'user.requestPasswordReset' && hasErrors(validateResetRequest(event)),
    mfaCodeInvalid: ({ event }) => event.type === 'user.submitMfaCode' && validateTwoFactorCode(event.code.trim()) !== null,
    mfaRequired: ({ event }) => failureOf((event as unknown as { error: unknown }).error).error === 'mfa_required',
    hasSession: ({ context }) => context.sessionId !== null,
  },
}).createMachine({
  // What each state means is in ./descriptions.ts: this chart is on the first page, its descriptions are not.
  id: 'auth',
  context: signedOutContext,
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['restoring'],
      initial: 'readingStorage',
      states: {
        readingStorage: {
          invoke: {
            id: 'readStoredSession',
            src: 'readStoredSession',
            onDone: [
              { guard: 'noUsableStoredSession', target: '#auth.signedOut', actions: 'clearStoredSession' },
              { guard: 'storedAccessTokenExpired', target: 'refreshing', actions: 'restore' },
              { target: '#auth.signedIn', actions: 'restore' },
            ],
            onError: { target: '#auth.signedOut' },
          },
        },
        refreshing: {
          invoke: {
            id: 'refreshSession',
            src: 'refreshSession',
            input: ({ context }) => ({ refreshToken: context.tokens!.refreshToken }),
            onDone: [
              // Entering signedIn stores the session, new tokens included.
              { guard: 'refreshAccepted', target: '#auth.signedIn', actions: 'takeRefreshedTokens' },
              { target: '#auth.signedOut', actions: ['forgetSession', 'clearStoredSession'] },
            ],
            onError: { target: '#auth.signedOut', actions: ['forgetSession', 'clearStoredSession'] },
          },
        },
      },
    },
    signedOut: {
      initial: 'ready',
      states: {
        ready: {
          on: {
            'user.login': checkedSubmit({ invalid: 'loginInvalid', show: 'showFieldErrors' }, 'loggingIn', 'rememberLogin'),
            'user.register': checkedSubmit({ invalid: 'registrationInvalid', show: 'showFieldErrors' }, 'registering'),
            'user.forgotPassword': { target: 'forgotPassword', actions: 'clearMessages' },
            'user.backToForms': { actions: 'clearMessages' },
          },
        },
        loggingIn: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => context.pendingLogin!,
            onDone: { target: '#auth.signedIn', actions: 'signIn' },
            onError: [
              { guard: 'mfaRequired', target: 'awaitingMfaCode' },
              { target: 'ready', actions: ['forgetPendingLogin', 'showFailure'] },
            ],
          },
        },
        awaitingMfaCode: {
          on: {
            'user.submitMfaCode': checkedSubmit({ invalid: 'mfaCodeInvalid', show: 'showFieldErrors' }, 'verifyingMfaCode', 'rememberMfaCode'),
            'user.backToForms': { target: 'ready', actions: ['forgetPendingLogin', 'clearMessages'] },
          },
        },
        verifyingMfaCode: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ context }) => context.pendingLogin!,
            onDone: { target: '#auth.signedIn', actions: 'signIn' },
            // mfa_invalid, too many attempts or no network: say so and let the player try another code.
            onError: { target: 'awaitingMfaCode', actions: 'showFailure' },
          },
        },
        registering: {
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'user.register' }>;
              return { userName: e.userName.trim(), email: e.email.trim(), password: e.password };
            },
            // A new player is welcomed and shown the two next steps (confirm the e-mail, claim demo funds).
            onDone: { target: '#auth.signedIn.welcoming', actions: 'signIn' },
            onError: { target: 'ready', actions: 'showFailure' },
          },
        },
        forgotPassword: {
          on: {
            'user.requestPasswordReset': checkedSubmit({ invalid: 'resetRequestInvalid', show: 'showFieldErrors' }, 'requestingReset'),
            'user.backToForms': { target: 'ready', actions: 'clearMessages' },
          },
        },
        requestingReset: {
          tags: ['busy'],
          invoke: {
            id: 'requestPasswordReset',
            src: 'requestPasswordReset',
            input: ({ event }) => ({
              email: (event as Extract<AuthEvent, { type: 'user.requestPasswordReset' }>).email.trim(),
            }),
            onDone: { target: 'resetRequested' },
            onError: { target: 'forgotPassword', actions: 'showFailure' },
          },
        },
        resetRequested: {
          on: { 'user.backToForms': { target: 'ready', actions: 'clearMessages' } },
        },
      },
    },
    signedIn: {
      tags: ['signedIn'],
      entry: [
        { type: 'storeSession', params: ({ context }) => ({ user: context.user!, tokens: context.tokens!, sessionId: context.sessionId }) },
        'announceLoggedIn',
      ],
      // Whatever ends the session: clear state and stored values, tell the others, leave login-only routes.
      exit: ['forgetSession', 'clearStoredSession', 'announceLoggedOut', 'leaveProtectedRoute'],
      initial: 'active',
      on: {
        'tokens.renewed': {
          actions: ['takeRenewedTokens', { type: 'storeTokens', params: ({ context }) => context.tokens! }],
        },
        'tokens.expired': { target: 'signedOut' },
        // Ended elsewhere (another device, a password change): signed out like a refused refresh, silently.
        'session.ended': { target: 'signedOut' },
        'security.twoFactorChanged': {
          actions: ['flipTwoFactor', { type: 'storeUser', params: ({ context }) => context.user! }],
        },
        // docs/product.md §3: the stored `user` follows, so the account page says confirmed without a new sign-in.
        'security.emailConfirmed': {
          guard: 'isConfirmedUser',
          actions: ['markEmailConfirmed', { type: 'storeUser', params: ({ context }) => context.user! }],
        },
      },
      states: {
        active: {
          on: {
            'user.logout': [{ guard: 'hasSession', target: 'endingSession' }, { target: '#auth.signedOut' }],
          },
        },
        welcoming: {
          tags: ['welcome'],
          on: {
            'user.dismissWelcome': 'active',
            'user.logout': [{ guard: 'hasSession', target: 'endingSession' }, { target: '#auth.signedOut' }],
          },
        },
        endingSession: {
          tags: ['busy'],
          invoke: {
            id: 'endSession',
            src: 'endSession',
            input: ({ context }) => ({ sessionId: context.sessionId! }),
            onDone: { target: '#auth.signedOut' },
            onError: { target: '#auth.signedOut' },
          },
        },
      },
    },
  },
});
