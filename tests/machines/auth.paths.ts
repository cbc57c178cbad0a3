import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { authMachine } from '../../machines/auth/machine';
import type { AuthEvent, StoredSession } from '../../machines/auth/machine';
import { selectAuthModalStep, selectFieldErrors, selectFormError } from '../../machines/auth/formSelectors';
import type { AuthModalStep } from '../../machines/auth/formSelectors';
import { selectIsBusy, selectIsRestoring, selectIsSignedIn, selectUser } from '../../machines/auth/selectors';
import type { SessionTokens, SignInResult, User } from '../../src/core/accounts/session';
import { runInSystem } from '../support/actorSystem';
import { ada, expiredToken, liveToken, NOW, signIn } from '../support/authFixtures';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The auth machine's paths (docs/product.md §3, §4, §5): restoring a stored session (with one
 * refresh when the access token has expired), logging in (with the two-factor step), signing up,
 * the reset link, logging out, and what is stored, asked of the server and announced to the app at
 * each step. The reference keeps the session and the expected storage from the performed events.
 */

/** docs/product.md, letter for letter. */
const UNREACHABLE = 'Could not reach the casino. Please check your connection and try again.';
const REQUIRED = '*';

const failure = (status: number, error: string, message: string) => Object.assign(new Error(message), { status, error });
const stored = (over: Partial<StoredSession>) => ({
  type: 'xstate.done.actor.readStoredSession',
  output: { stored: { accessToken: null, refreshToken: null, sessionId: null, user: null, ...over }, nowSeconds: NOW },
});

const restoreEvents = [
  stored({}),
  stored({ accessToken: liveToken, refreshToken: 'r', sessionId: 'sid', user: ada }),
  stored({ accessToken: expiredToken, refreshToken: 'r', sessionId: 'sid', user: ada }),
  stored({ accessToken: liveToken, refreshToken: 'r', user: null }),
  { type: 'xstate.error.actor.readStoredSession', error: new Error('storage') },
  { type: 'xstate.done.actor.refreshSession', output: { status: 200, jwt: 'jwt-2', refreshToken: 'refresh-2' } },
  { type: 'xstate.done.actor.refreshSession', output: { status: 401 } },
  { type: 'xstate.error.actor.refreshSession', error: failure(401, 'unauthorized', 'no') },
];
const sessionEvents = [
  { type: 'user.logout' },
  { type: 'xstate.done.actor.endSession' },
  { type: 'xstate.error.actor.endSession', error: new Error('offline') },
  { type: 'tokens.renewed', tokens: { accessToken: 'jwt-9', refreshToken: 'refresh-9' } },
  { type: 'tokens.expired' },
  // The live hub heard the server end this session (from another device).
  { type: 'session.ended' },
  { type: 'security.twoFactorChanged', enabled: true },
  // Another user's confirmation first: a machine that took it would take it on the path to the transition.
  { type: 'security.emailConfirmed', userId: '8' },
  { type: 'security.emailConfirmed', userId: '7' },
];
const formEvents = [
  stored({}),
  { type: 'user.login', userName: ' ada ', password: 'secret123' },
  { type: 'user.login', userName: '', password: '' },
  { type: 'xstate.done.actor.login', output: signIn() },
  { type: 'xstate.error.actor.login', error: failure(401, 'mfa_required', 'Enter the code from your authenticator app.') },
  { type: 'xstate.error.actor.login', error: failure(401, 'invalid_credentials', 'Invalid user name or password.') },
  { type: 'xstate.error.actor.login', error: new Error('Failed to fetch') },
  { type: 'user.submitMfaCode', code: ' 123456 ' },
  { type: 'user.submitMfaCode', code: '1' },
  { type: 'user.register', userName: 'ada', email: 'ada@example.com', password: 'secret123' },
  { type: 'user.register', userName: '', email: '', password: '' },
  { type: 'xstate.done.actor.register', output: signIn() },
  { type: 'xstate.done.actor.register', output: { ...signIn(), sessionId: null } },
  { type: 'xstate.error.actor.register', error: failure(409, 'conflict', 'That user name is taken.') },
  { type: 'user.forgotPassword' },
  { type: 'user.requestPasswordReset', email: ' ada@example.com ' },
  { type: 'user.requestPasswordReset', email: 'x' },
  { type: 'xstate.done.actor.requestPasswordReset' },
  { type: 'xstate.error.actor.requestPasswordReset', error: new Error('Failed to fetch') },
  { type: 'user.backToForms' },
  { type: 'user.dismissWelcome' },
  ...sessionEvents,
];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as { user: User | null; sessionId: string | null; fieldErrors: object; formError: string | null; pendingLogin: object | null };
  return JSON.stringify([s.value, c.user?.tfaEnabled ?? null, c.user?.emailConfirmed ?? null, c.sessionId !== null, Object.keys(c.fieldErrors), c.formError, c.pendingLogin !== null]);
};

interface AuthSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

interface Session {
  user: User;
  tokens: SessionTokens;
  sessionId: string | null;
}

/** The session, the messages and what should have been stored, asked and announced, after the performed events. */
function facts(world: World) {
  let session: Session | null = null;
  let pending: { userName: string; password: string; mfaCode?: string } | null = null;
  let formError: string | null = null;
  let fieldErrors: string[] = [];
  const storage: Array<[string, unknown]> = [];
  const announced: string[] = [];
  const logins: unknown[] = [];
  const startSession = (next: Session) => {
    session = next;
    pending = null;
    formError = null;
    fieldErrors = [];
    storage.push(['storeSession', next]);
    announced.push('auth.loggedIn');
  };
  const endSession = () => {
    session = null;
    storage.push(['clearStoredSession', undefined], ['leaveProtectedRoute', undefined]);
    announced.push('auth.loggedOut');
  };
  const message = (error: unknown) => {
    const e = error as { status?: number; message?: string };
    return e.status === undefined ? UNREACHABLE : e.message!;
  };
  let restoredTokens: Session | null = null;
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.readStoredSession': {
        const s = (e['output'] as { stored: StoredSession }).stored;
        if (!s.accessToken || !s.refreshToken || !s.user) storage.push(['clearStoredSession', undefined]);
        else {
          const found = { user: s.user, tokens: { accessToken: s.accessToken, refreshToken: s.refreshToken }, sessionId: s.sessionId };
          if (s.accessToken === expiredToken) restoredTokens = found;
          else startSession(found);
        }
        break;
      }
      case 'xstate.done.actor.refreshSession':
      case 'xstate.error.actor.refreshSession': {
        const out = e['output'] as { status: number; jwt?: string; refreshToken?: string } | undefined;
        if (out?.status === 200 && out.jwt && out.refreshToken) startSession({ ...restoredTokens!, tokens: { accessToken: out.jwt, refreshToken: out.refreshToken } });
        else storage.push(['clearStoredSession', undefined]);
        break;
      }
      case 'user.login':
      case 'user.register': {
        const userName = (e['userName'] as string).trim();
        if (userName === '' || e['password'] === '') {
          fieldErrors = e.type === 'user.login' ? ['userName', 'password'] : ['userName', 'email', 'password'];
          formError = null;
        } else {
          fieldErrors = [];
          formError = null;
          if (e.type === 'user.login') {
            pending = { userName, password: e['password'] as string };
            logins.push(pending);
          }
        }
        break;
      }
      case 'user.submitMfaCode': {
        const code = (e['code'] as string).trim();
        if (/^\d{6}$/.test(code)) {
          pending = { ...pending!, mfaCode: code };
          logins.push(pending);
          fieldErrors = [];
          formError = null;
        } else {
          fieldErrors = ['mfaCode'];
          formError = null;
        }
        break;
      }
      case 'xstate.done.actor.login':
      case 'xstate.done.actor.register': {
        const out = e['output'] as SignInResult;
        startSession({ user: out.user, tokens: { accessToken: out.jwt, refreshToken: out.refreshToken }, sessionId: out.sessionId });
        break;
      }
      case 'xstate.error.actor.login': {
        const error = e['error'] as { error?: string };
        if (error.error === 'mfa_required' && !pending?.mfaCode) break;
        if (!pending?.mfaCode) pending = null;
        fieldErrors = [];
        formError = message(error);
        break;
      }
      case 'xstate.error.actor.register':
      case 'xstate.error.actor.requestPasswordReset':
        fieldErrors = [];
        formError = message(e['error']);
        break;
      case 'user.requestPasswordReset':
        fieldErrors = (e['email'] as string).trim().includes('@') ? [] : ['email'];
        formError = null;
        break;
      case 'user.forgotPassword':
        fieldErrors = [];
        formError = null;
        break;
      case 'user.backToForms':
        fieldErrors = [];
        formError = null;
        pending = null;
        break;
      case 'user.logout':
        if (!session!.sessionId) endSession();
        break;
      case 'xstate.done.actor.endSession':
      case 'xstate.error.actor.endSession':
      case 'tokens.expired':
      case 'session.ended':
        endSession();
        break;
      case 'tokens.renewed':
        session = { ...session!, tokens: e['tokens'] as SessionTokens };
        storage.push(['storeTokens', e['tokens']]);
        break;
      case 'security.twoFactorChanged':
        session = { ...session!, user: { ...session!.user, tfaEnabled: e['enabled'] as boolean } };
        storage.push(['storeUser', session.user]);
        break;
      case 'security.emailConfirmed':
        if (String(session!.user.id) === e['userId']) {
          session = { ...session!, user: { ...session!.user, emailConfirmed: true } };
          storage.push(['storeUser', session.user]);
        }
        break;
    }
  }
  return { session: session as Session | null, formError, fieldErrors, storage, announced, logins };
}

const snap = (sut: AuthSut) => sut.snapshot() as Parameters<typeof selectIsSignedIn>[0];
const STORAGE = ['storeSession', 'storeTokens', 'storeUser', 'clearStoredSession', 'leaveProtectedRoute'] as const;

function step(step: AuthModalStep, busy: boolean) {
  return (sut: AuthSut) => {
    expect(selectAuthModalStep(snap(sut))).toBe(step);
    expect(selectIsBusy(snap(sut))).toBe(busy);
    expect(selectIsSignedIn(snap(sut))).toBe(false);
  };
}

export const authPaths: PathSpec<AuthSut> = {
  name: 'auth',
  // Paths are generated outside any app: with no parent to announce to, the generator's copy stays quiet.
  machine: authMachine.provide({ actions: { announceLoggedIn: () => {}, announceLoggedOut: () => {} } }),
  variants: [
    { name: 'restore', events: [...restoreEvents, ...sessionEvents] as AnyEvent[], serializeState },
    { name: 'forms', events: formEvents as AnyEvent[], serializeState },
  ],
  start() {
    const effects = new FakeEffects();
    const machine = authMachine.provide({
      actors: effects.actors(['readStoredSession', 'refreshSession', 'login', 'register', 'requestPasswordReset', 'endSession']) as never,
      actions: effects.actions([...STORAGE]) as never,
    });
    const system = runInSystem(machine, { systemId: 'auth', recorders: [] });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as AuthEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#auth': {
      asserts: 'the browser storage got exactly the writes the session called for (stored on sign-in, tokens and user rewritten, cleared on logout or an unusable stored session), the app heard auth.loggedIn and auth.loggedOut once per sign-in and sign-out, and each login request carried the trimmed name, the password and, at the second step, the code',
      check(sut, world) {
        const f = facts(world);
        const writes = STORAGE.flatMap((name) => sut.effects.callsOf(name).map((p) => [name, p]));
        expect(writes).toEqual(expect.arrayContaining(f.storage));
        expect(writes).toHaveLength(f.storage.length);
        expect(sut.sentTo('parent').map((e) => e.type)).toEqual(f.announced);
        expect(sut.effects.callsOf('login')).toEqual(f.logins);
      },
    },
    '#auth.restoring': {
      asserts: 'the start-up check is under way: nobody is signed in yet',
      check(sut) {
        expect(selectIsRestoring(snap(sut))).toBe(true);
        expect(selectIsSignedIn(snap(sut))).toBe(false);
      },
    },
    '#auth.restoring.readingStorage': {
      asserts: 'the stored values are being read',
      check: (sut) => expect(sut.effects.waiting('readStoredSession')).toBeDefined(),
    },
    '#auth.restoring.refreshing': {
      asserts: 'the stored access token has expired: one refresh with the stored refresh token is waiting',
      check: (sut) => expect(sut.effects.waiting('refreshSession')?.input).toEqual({ refreshToken: 'r' }),
    },
    '#auth.signedOut': {
      asserts: 'a visitor: no session, no user shown; the messages on the form are those of the last submit (* on empty fields, the server\'s words, or the unreachable message)',
      check(sut, world) {
        const f = facts(world);
        expect(f.session).toBeNull();
        expect(selectUser(snap(sut))).toBeNull();
        expect(selectIsRestoring(snap(sut))).toBe(false);
        expect(selectFormError(snap(sut))).toBe(f.formError);
        expect(Object.keys(selectFieldErrors(snap(sut))).sort()).toEqual([...f.fieldErrors].sort());
        for (const message of Object.values(selectFieldErrors(snap(sut)))) if (f.fieldErrors.includes('userName')) expect(message).toBe(REQUIRED);
      },
    },
    '#auth.signedOut.ready': { asserts: 'the Log in / Sign up forms show', check: step('forms', false) },
    '#auth.signedOut.loggingIn': {
      asserts: 'the login request is waiting with the trimmed name and the password',
      check(sut, world) {
        step('forms', true)(sut);
        expect(sut.effects.waiting('login')?.input).toEqual(facts(world).logins.at(-1));
      },
    },
    '#auth.signedOut.awaitingMfaCode': { asserts: 'the two-factor code step shows', check: step('mfaCode', false) },
    '#auth.signedOut.verifyingMfaCode': {
      asserts: 'the login request is waiting with the credentials and the trimmed code',
      check(sut, world) {
        step('mfaCode', true)(sut);
        expect(sut.effects.waiting('login')?.input).toEqual(facts(world).logins.at(-1));
      },
    },
    '#auth.signedOut.registering': {
      asserts: 'the sign-up request is waiting with the trimmed name and e-mail',
      check(sut) {
        step('forms', true)(sut);
        expect(sut.effects.waiting('register')?.input).toEqual({ userName: 'ada', email: 'ada@example.com', password: 'secret123' });
      },
    },
    '#auth.signedOut.forgotPassword': { asserts: 'the forgot-password step asks for the e-mail address', check: step('forgotPassword', false) },
    '#auth.signedOut.requestingReset': {
      asserts: 'the reset request is waiting with the trimmed address',
      check(sut) {
        step('forgotPassword', true)(sut);
        expect(sut.effects.waiting('requestPasswordReset')?.input).toEqual({ email: 'ada@example.com' });
      },
    },
    '#auth.signedOut.resetRequested': { asserts: 'the visitor is told to look for the link in their mail', check: step('resetRequested', false) },
    '#auth.signedIn': {
      asserts: 'a player is signed in: the user shown is the one of the session, two-factor and e-mail confirmation as last changed',
      check(sut, world) {
        const f = facts(world);
        expect(selectIsSignedIn(snap(sut))).toBe(true);
        expect(selectUser(snap(sut))).toEqual(f.session!.user);
        expect(selectFormError(snap(sut))).toBeNull();
      },
    },
    '#auth.signedIn.active': {
      asserts: 'nothing is under way',
      check: (sut) => expect(selectIsBusy(snap(sut))).toBe(false),
    },
    '#auth.signedIn.welcoming': {
      asserts: 'a new player: the welcome panel shows',
      check: (sut) => expect(snap(sut).hasTag('welcome')).toBe(true),
    },
    '#auth.signedIn.endingSession': {
      asserts: 'Log Out: the end-session request for this session is waiting',
      check(sut, world) {
        expect(selectIsBusy(snap(sut))).toBe(true);
        expect(sut.effects.waiting('endSession')?.input).toEqual({ sessionId: facts(world).session!.sessionId });
      },
    },
  },
};
