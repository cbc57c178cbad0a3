import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine } from '../../machines/auth/machine';
import type { Credentials, StoredSession } from '../../machines/auth/machine';
import { selectAuthModalStep, selectFieldErrors, selectFormError } from '../../machines/auth/formSelectors';
import type { RefreshResult, SignInResult } from '../../src/core/accounts/session';
import { messages } from '../../src/core/accounts/validation';
import { ada, expiredToken, liveToken, NOW, signIn } from '../support/authFixtures';
import { authDescriptions } from '../../machines/auth/descriptions';
import { withDescriptions } from '../../machines/shared/descriptions';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { authPaths } from './auth.paths';

/** Fakes for every effect the auth machine names; `replies` decide what the server says. */
function withFakes(replies: {
  stored?: Partial<StoredSession>;
  /** `undefined` given explicitly: the refresh call answered with no body. */
  refresh?: RefreshResult | Error | undefined;
  login?: (credentials: Credentials) => SignInResult | Error;
  register?: SignInResult | Error;
  endSession?: Error;
} = {}) {
  const log: string[] = [];
  const calls = { refresh: [] as string[], login: [] as Credentials[], register: [] as unknown[], endSession: [] as string[], resetFor: [] as string[] };
  const storage: { session: unknown; tokens: unknown; user: unknown } = { session: null, tokens: null, user: null };
  const settle = <T,>(value: T | Error) => (value instanceof Error ? Promise.reject(value) : Promise.resolve(value));
  const machine = authMachine.provide({
    actors: {
      readStoredSession: fromPromise(async () => ({
        stored: { accessToken: null, refreshToken: null, sessionId: null, user: null, ...replies.stored },
        nowSeconds: NOW,
      })),
      refreshSession: fromPromise(async ({ input }) => {
        calls.refresh.push(input.refreshToken);
        // An answer with no body is outside RefreshResult's type, but the machine must refuse it like a failure.
        const answer = 'refresh' in replies ? replies.refresh : { status: 200, jwt: 'jwt-2', refreshToken: 'refresh-2' };
        return settle(answer as RefreshResult | Error);
      }),
      login: fromPromise(async ({ input }) => {
        calls.login.push(input);
        return settle(replies.login ? replies.login(input) : signIn());
      }),
      register: fromPromise(async ({ input }) => {
        calls.register.push(input);
        return settle(replies.register ?? signIn());
      }),
      requestPasswordReset: fromPromise(async ({ input }) => {
        calls.resetFor.push(input.email);
      }),
      endSession: fromPromise(async ({ input }) => {
        calls.endSession.push(input.sessionId);
        if (replies.endSession) throw replies.endSession;
      }),
    },
    actions: {
      storeSession: (_, params) => {
        storage.session = params;
        log.push('storeSession');
      },
      storeTokens: (_, params) => {
        storage.tokens = params;
        log.push('storeTokens');
      },
      storeUser: (_, params) => {
        storage.user = params;
        log.push('storeUser');
      },
      clearStoredSession: () => log.push('clearStoredSession'),
      leaveProtectedRoute: () => log.push('leaveProtectedRoute'),
      announceLoggedIn: () => log.push('announceLoggedIn'),
      announceLoggedOut: () => log.push('announceLoggedOut'),
    },
  });
  return { machine, log, calls, storage };
}

const failure = (status: number, error: string, message: string) => Object.assign(new Error(message), { status, error });
const settled = (actor: ReturnType<typeof createActor<typeof authMachine>>) =>
  waitFor(actor, (s) => !s.hasTag('restoring') && !s.hasTag('busy'));

describe('auth machine', () => {
  describe('restore at start', () => {
    it('should be signed out without a stored refresh token, and not announce anything', async () => {
      const { machine, log } = withFakes({ stored: { accessToken: liveToken, user: ada } });
      const actor = createActor(machine).start();
      await settled(actor);
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(log).toEqual(['clearStoredSession']);
    });

    it('should be signed out without a stored access token', async () => {
      const { machine } = withFakes({ stored: { refreshToken: 'r', user: ada } });
      const actor = createActor(machine).start();
      await settled(actor);
      expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    });

    it('should sign in from storage without a refresh while the access token is valid', async () => {
      const { machine, log, calls } = withFakes({
        stored: { accessToken: liveToken, refreshToken: 'r', sessionId: 'sid', user: ada },
      });
      const actor = createActor(machine).start();
      await settled(actor);
      expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(actor.getSnapshot().context.user).toEqual(ada);
      expect(calls.refresh).toEqual([]);
      expect(log).toContain('announceLoggedIn');
    });

    it('should refresh once when the exp claim has passed, and store the new tokens', async () => {
      const { machine, calls, storage } = withFakes({
        stored: { accessToken: expiredToken, refreshToken: 'stored-refresh', sessionId: 'sid', user: ada },
      });
      const actor = createActor(machine).start();
      await settled(actor);
      expect(calls.refresh).toEqual(['stored-refresh']);
      expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(storage.session).toEqual({ user: ada, tokens: { accessToken: 'jwt-2', refreshToken: 'refresh-2' }, sessionId: 'sid' });
    });

    it.each([
      ['a non-200 status', { status: 401 }],
      ['a non-200 status with tokens', { status: 401, jwt: 'jwt-2', refreshToken: 'refresh-2' }],
      ['200 without an access token', { status: 200, refreshToken: 'refresh-2' }],
      ['200 without a refresh token', { status: 200, jwt: 'jwt-2' }],
      ['nothing', undefined],
      ['a failed call', new Error('offline')],
    ])('should log out silently when the refresh answers %s', async (_name, refresh) => {
      const { machine, log } = withFakes({
        stored: { accessToken: expiredToken, refreshToken: 'r', sessionId: 'sid', user: ada },
        refresh: refresh as RefreshResult | Error,
      });
      const actor = createActor(machine).start();
      await settled(actor);
      expect(actor.getSnapshot().matches({ signedOut: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.formError).toBeNull();
      expect(log).toEqual(['clearStoredSession']);
    });
  });

  describe('login', () => {
    it('should mark empty fields with * and not call the server', async () => {
      const { machine, calls } = withFakes();
      const actor = createActor(machine).start();
      await settled(actor);
      actor.send({ type: 'user.login', userName: '  ', password: '' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ userName: '*', password: '*' });
      expect(calls.login).toEqual([]);
    });

    it('should store the session, announce loggedIn and be signed in', async () => {
      const { machine, log, storage } = withFakes();
      const actor = createActor(machine).start();
      await settled(actor);
      actor.send({ type: 'user.login', userName: 'ada', password: 'correct horse' });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      expect(actor.getSnapshot().can({ type: 'user.login', userName: 'a', password: 'b' })).toBe(false);
      await settled(actor);
      expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(storage.session).toEqual({
        user: ada,
        tokens: { accessToken: liveToken, refreshToken: 'refresh-1' },
        sessionId: 'session-1',
      });
      expect(log.slice(-2)).toEqual(['storeSession', 'announceLoggedIn']);
    });

    it("should show the server's message for wrong credentials", async () => {
      const { machine } = withFakes({ login: () => failure(401, 'invalid_credentials', 'Wrong user name or password.') });
      const actor = createActor(machine).start();
      await settled(actor);
      actor.send({ type: 'user.login', userName: 'ada', password: 'nope nope' });
      await settled(actor);
      expect(actor.getSnapshot().matches({ signedOut: 'ready' })).toBe(true);
      expect(actor.getSnapshot().context.formError).toBe('Wrong user name or password.');
      expect(actor.getSnapshot().context.pendingLogin).toBeNull();
    });

    it('should say the casino is unreachable when no answer came', async () => {
      const { machine } = withFakes({ login: () => new TypeError('fetch failed') });
      const actor = createActor(machine).start();
      await settled(actor);
      actor.send({ type: 'user.login', userName: 'ada', password: 'whatever1' });
      await settled(actor);
      expect(actor.getSnapshot().context.formError).toBe(messages.unreachable);
    });

    it('should ask for the two-factor code on mfa_required, show mfa_invalid, then sign in with the code', async () => {
      const { machine, calls } = withFakes({
        login: (c) =>
          !c.mfaCode
            ? failure(401, 'mfa_required', 'Enter the code from your authenticator app.')
            : c.mfaCode === '123456'
              ? signIn({ ...ada, tfaEnabled: true })
              : failure(401, 'mfa_invalid', 'That code is not valid.'),
      });
      const actor = createActor(machine).start();
      await settled(actor);
      actor.send({ type: 'user.login', userName: 'ada', password: 'correct horse' });
      await settled(actor);
      expect(selectAuthModalStep(actor.getSnapshot())).toBe('mfaCode');

      actor.send({ type: 'user.submitMfaCode', code: '12' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ mfaCode: 'Token must be 6 characters' });
      actor.send({ type: 'user.submitMfaCode', code: '' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ mfaCode: '*' });
      actor.send({ type: 'user.submitMfaCode', code: '   ' });
      expect(selectFieldErrors(actor.getSnapshot())).toEqual({ mfaCode: '*' });

      actor.send({ type: 'user.submitMfaCode', code: '999999' });
      await settled(actor);
      expect(actor.getSnapshot().matches({ signedOut: 'awaitingMfaCode' })).toBe(true);
      expect(actor.getSnapshot().context.formError).toBe('That code is not valid.');

      actor.send({ type: 'user.submitMfaCode', code: '123456' });
      await settled(actor);
      expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
      expect(calls.login.map((c) => c.mfaCode)).toEqual([undefined, '999999', '123456']);
      expect(actor.getSnapshot().context.pendingLogin).toBeNull();
    });
  });

  it('should validate sign-up fields, then register and be signed in at once', async () => {
    const { machine, log, calls } = withFakes();
    const actor = createActor(machine).start();
    await settled(actor);
    actor.send({ type: 'user.register', userName: 'a!', email: 'nope', password: 'short' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      userName: messages.userNameRule,
      email: messages.emailRule,
      password: messages.passwordTooShort,
    });
    actor.send({ type: 'user.register', userName: ' ada ', email: ' ada@example.com ', password: 'long enough' });
    await settled(actor);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(log).toContain('announceLoggedIn');
    expect(calls.register).toEqual([{ userName: 'ada', email: 'ada@example.com', password: 'long enough' }]);
    // A new player is welcomed with the next steps until the panel is dismissed.
    expect(actor.getSnapshot().hasTag('welcome')).toBe(true);
    actor.send({ type: 'user.dismissWelcome' });
    expect(actor.getSnapshot().hasTag('welcome')).toBe(false);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
  });

  it('should show a taken name from the server on sign-up', async () => {
    const { machine } = withFakes({ register: failure(409, 'conflict', 'That user name is taken.') });
    const actor = createActor(machine).start();
    await settled(actor);
    actor.send({ type: 'user.register', userName: 'ada', email: 'ada@example.com', password: 'long enough' });
    await settled(actor);
    expect(actor.getSnapshot().context.formError).toBe('That user name is taken.');
  });

  it('should request a reset link and say so', async () => {
    const { machine, calls } = withFakes();
    const actor = createActor(machine).start();
    await settled(actor);
    actor.send({ type: 'user.forgotPassword' });
    actor.send({ type: 'user.requestPasswordReset', email: '' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: '*' });
    actor.send({ type: 'user.requestPasswordReset', email: ' ada@example.com ' });
    await settled(actor);
    expect(selectAuthModalStep(actor.getSnapshot())).toBe('resetRequested');
    expect(calls.resetFor).toEqual(['ada@example.com']);
    actor.send({ type: 'user.backToForms' });
    expect(selectAuthModalStep(actor.getSnapshot())).toBe('forms');
  });

  it("should clear the form's messages when the visitor switches tab or opens the forgot-password step", async () => {
    const { machine } = withFakes({ login: () => failure(401, 'invalid_credentials', 'Wrong user name or password.') });
    const actor = createActor(machine).start();
    await settled(actor);
    actor.send({ type: 'user.login', userName: 'ada', password: 'nope nope' });
    await settled(actor);
    expect(selectFormError(actor.getSnapshot())).toBe('Wrong user name or password.');
    actor.send({ type: 'user.forgotPassword' });
    expect(selectAuthModalStep(actor.getSnapshot())).toBe('forgotPassword');
    expect(selectFormError(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'user.backToForms' });
    actor.send({ type: 'user.login', userName: '', password: '' });
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ userName: '*', password: '*' });
    actor.send({ type: 'user.backToForms' });
    expect(selectAuthModalStep(actor.getSnapshot())).toBe('forms');
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({});
  });

  it('should leave the two-factor step with its message cleared and the password forgotten', async () => {
    const { machine } = withFakes({
      login: (c) => (c.mfaCode ? failure(401, 'mfa_invalid', 'That code is not valid.') : failure(401, 'mfa_required', 'Enter the code.')),
    });
    const actor = createActor(machine).start();
    await settled(actor);
    actor.send({ type: 'user.login', userName: 'ada', password: 'correct horse' });
    await settled(actor);
    actor.send({ type: 'user.submitMfaCode', code: '999999' });
    await settled(actor);
    expect(selectFormError(actor.getSnapshot())).toBe('That code is not valid.');
    actor.send({ type: 'user.backToForms' });
    expect(selectAuthModalStep(actor.getSnapshot())).toBe('forms');
    expect(selectFormError(actor.getSnapshot())).toBeNull();
    // The password is kept only while the code step needs it: nothing that persists or inspects the actor may find it after.
    expect(JSON.stringify(actor.getPersistedSnapshot())).not.toContain('correct horse');
  });

  describe('logout', () => {
    async function signedIn(replies: Parameters<typeof withFakes>[0] = {}) {
      const fakes = withFakes({ stored: { accessToken: liveToken, refreshToken: 'r', sessionId: 'sid', user: ada }, ...replies });
      const actor = createActor(fakes.machine).start();
      await settled(actor);
      fakes.log.length = 0;
      return { ...fakes, actor };
    }

    it('should end the session, clear state and storage, announce loggedOut and leave a login-only route, in that order', async () => {
      const { actor, log, calls } = await signedIn();
      actor.send({ type: 'user.logout' });
      expect(actor.getSnapshot().matches({ signedIn: 'endingSession' })).toBe(true);
      await settled(actor);
      expect(calls.endSession).toEqual(['sid']);
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ user: null, tokens: null, sessionId: null });
      expect(log).toEqual(['clearStoredSession', 'announceLoggedOut', 'leaveProtectedRoute']);
    });

    it('should still log out when end-session fails', async () => {
      const { actor } = await signedIn({ endSession: new Error('offline') });
      actor.send({ type: 'user.logout' });
      await settled(actor);
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    });

    it('should not call end-session without a session id', async () => {
      const fakes = withFakes({ stored: { accessToken: liveToken, refreshToken: 'r', user: ada } });
      const actor = createActor(fakes.machine).start();
      await settled(actor);
      actor.send({ type: 'user.logout' });
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(fakes.calls.endSession).toEqual([]);
    });

    it('should log out silently, without end-session, when the token refresh failed', async () => {
      const { actor, log, calls } = await signedIn();
      actor.send({ type: 'tokens.expired' });
      expect(actor.getSnapshot().matches('signedOut')).toBe(true);
      expect(calls.endSession).toEqual([]);
      expect(log).toEqual(['clearStoredSession', 'announceLoggedOut', 'leaveProtectedRoute']);
    });

    it('should store renewed tokens, and flip tfaEnabled and rewrite the stored user', async () => {
      const { actor, storage } = await signedIn();
      actor.send({ type: 'tokens.renewed', tokens: { accessToken: 'jwt-3', refreshToken: 'refresh-3' } });
      expect(storage.tokens).toEqual({ accessToken: 'jwt-3', refreshToken: 'refresh-3' });
      actor.send({ type: 'security.twoFactorChanged', enabled: true });
      expect(actor.getSnapshot().context.user?.tfaEnabled).toBe(true);
      expect(storage.user).toEqual({ ...ada, tfaEnabled: true });
    });
  });
});

// Its states' descriptions are kept beside the chart (machines/auth/descriptions.ts), off the first page.
chartDocTest('auth', withDescriptions(authMachine, authDescriptions));

pathSuite(authPaths);
