import { act, within } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { authMachine } from '../../machines/auth/machine';
import type { StoredSession } from '../../machines/auth/machine';
import type { SignInResult, User } from '../../src/core/accounts/session';
import { ada, expiredToken, jwtWithExp, liveToken, NOW } from '../support/authFixtures';
import { memoryStorage } from '../support/fakeApi';
import type { Reply } from '../support/fakeApi';
import {
  alertText,
  answers,
  click,
  expectNotWaiting,
  expectWaiting,
  fieldVerdict,
  fillIn,
  flush,
  refusal,
  renderForm,
  replyFor,
  settleForm,
  statusText,
  unreachable,
} from '../support/formPaths';
import type { Failure, FormSut } from '../support/formPaths';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The Auth modal and the header's sign-in and sign-out, driven by the auth chart's paths through
 * the rendered App at /: the page opens with what the browser has stored, a person opens the modal
 * (LOG IN, SIGN UP), switches tabs, types and submits, takes the two-factor step or the
 * forgot-password step, and logs out from the account menu; the path answers each request the app
 * makes. Every state checks what the person sees (the header, the dialog's step, tab, fields,
 * verdicts, alert and button, the welcome panel, the account menu) and what the app keeps (the
 * stored session, every request's body and bearer), against a reference folded over the performed
 * events and docs/product.md §2, §3, §4, §5 and §8.
 */

const LOGIN = '/auth/login';
const REGISTER = '/auth/register';
const FORGOT = '/auth/forgot-password';
const END_SESSION = '/auth/end-session';
const REFRESH = '/auth/refresh-token';
const ROUTES = [LOGIN, REGISTER, FORGOT, END_SESSION, REFRESH] as const;
type AuthRoute = (typeof ROUTES)[number];

/** docs/product.md §5 and §8 (with "Messages of our own"), letter for letter. */
const MESSAGES = {
  required: 'Required',
  codeLength: 'Token must be 6 characters',
  passwordTooShort: 'Password must be 8 or more characters.',
  userNameRule: 'User name must be 3 to 20 letters, digits or underscores.',
  emailRule: 'Enter a valid e-mail address.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  somethingWentWrong: 'Something went wrong. Please try again.',
  throttled45: 'Too many attempts. Try again in 45 seconds.',
  throttled: 'Too many attempts. Please wait a moment and try again.',
  resetRequested: 'If an account uses that address, a link to reset its password is on its way. The link works for one hour.',
};

const grace: User = {
  id: 8,
  userName: 'grace',
  dateJoined: '2026-11-26T15:00:00.000Z',
  email: 'grace@example.com',
  emailConfirmed: false,
  tfaEnabled: false,
};
const graceSignedUp: SignInResult = { user: grace, jwt: jwtWithExp(NOW + 600, 's3'), refreshToken: 'refresh-3', sessionId: 'session-3' };
const adaSignedIn: SignInResult = { user: ada, jwt: jwtWithExp(NOW + 600, 's2'), refreshToken: 'refresh-2', sessionId: 'session-2' };

const event = (type: string, rest: Record<string, unknown> = {}): AnyEvent => ({ type, ...rest });
/** The page opens with these stored values (docs/product.md §3), read at the fixtures' now. */
const opened = (stored: Partial<StoredSession>) =>
  event('xstate.done.actor.readStoredSession', {
    output: { stored: { accessToken: null, refreshToken: null, sessionId: null, user: null, ...stored }, nowSeconds: NOW },
  });

const restoreEvents = [
  opened({}),
  opened({ accessToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: ada }),
  opened({ accessToken: expiredToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: ada }),
  // Signed in before the server handed out session ids: nothing to end at logout.
  opened({ accessToken: liveToken, refreshToken: 'refresh-1', user: ada }),
  event('xstate.done.actor.refreshSession', { output: { status: 200, jwt: jwtWithExp(NOW + 900, 's1'), refreshToken: 'refresh-1b' } }),
  // A 200 whose own status refuses (the contract allows it): signed out as silently as a 401.
  event('xstate.done.actor.refreshSession', { output: { status: 401, jwt: '', refreshToken: '' } }),
  event('xstate.error.actor.refreshSession', { error: refusal(401, 'invalid_refresh_token', 'Please log in again.') }),
];
const loginFailures = [
  event('xstate.error.actor.login', { error: refusal(401, 'mfa_required', 'Enter the code from your authenticator app.') }),
  event('xstate.error.actor.login', { error: refusal(401, 'invalid_credentials', 'Invalid user name or password.') }),
];
const formEvents = [
  event('user.login', { userName: ' ada ', password: 'secret123' }),
  event('user.login', { userName: '  ', password: 'secret123' }),
  event('xstate.done.actor.login', { output: adaSignedIn }),
  event('user.submitMfaCode', { code: ' 123456 ' }),
  event('user.submitMfaCode', { code: '12345' }),
  event('user.register', { userName: ' grace ', email: ' grace@example.com ', password: 'secret123' }),
  event('user.register', { userName: 'gr', email: 'grace@', password: 'short' }),
  event('xstate.done.actor.register', { output: graceSignedUp }),
  event('xstate.error.actor.register', { error: refusal(429, 'too_many_requests', 'Slow down.', 45) }),
  event('user.forgotPassword'),
  event('user.requestPasswordReset', { email: ' grace@example.com ' }),
  event('user.requestPasswordReset', { email: '' }),
  event('xstate.done.actor.requestPasswordReset'),
  // A refusal without words.
  event('xstate.error.actor.requestPasswordReset', { error: refusal(400, 'bad_request', '') }),
];
const backToForms = event('user.backToForms');
const sessionEvents = [
  event('user.logout'),
  event('xstate.done.actor.endSession'),
  event('xstate.error.actor.endSession', { error: unreachable }),
  event('user.dismissWelcome'),
  event('tokens.renewed', { tokens: { accessToken: jwtWithExp(NOW + 1200, 's4'), refreshToken: 'refresh-4' } }),
  event('tokens.expired'),
  // Another device ended this session: the server closes the live link saying so.
  event('session.ended'),
  event('security.twoFactorChanged', { enabled: true }),
  event('security.emailConfirmed', { userId: '7' }),
  event('security.emailConfirmed', { userId: '8' }),
];

/**
 * Each failure where it tells something new: the server's words after the password, no network
 * after the code (the step stays, with the message), a wait in words after a sign-up. A tab switch
 * on the forms is offered once they show messages, so that the path sees it clear them.
 */
function offered(snapshot: AnyMachineSnapshot): AnyEvent[] {
  const failures = snapshot.matches({ signedOut: 'verifyingMfaCode' })
    ? [event('xstate.error.actor.login', { error: unreachable })]
    : loginFailures;
  const { formError, fieldErrors } = snapshot.context as { formError: string | null; fieldErrors: object };
  const showsMessages = formError !== null || Object.keys(fieldErrors).length > 0;
  const back = !snapshot.matches({ signedOut: 'ready' }) || showsMessages ? [backToForms] : [];
  return [...restoreEvents, ...formEvents, ...failures, ...back, ...sessionEvents];
}

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as { user: User | null; sessionId: string | null; fieldErrors: object; formError: string | null; pendingLogin: object | null };
  return JSON.stringify([s.value, c.user?.id ?? null, c.user?.tfaEnabled ?? null, c.user?.emailConfirmed ?? null, c.sessionId !== null, Object.keys(c.fieldErrors), c.formError, c.pendingLogin !== null]);
};

// ---------------------------------------------------------------------------------------------
// The system under test: the App, opened by the path's first step.

interface AuthScreenSut extends Sut {
  /** The App at /, once the path's first step has opened it. */
  page: FormSut | null;
}

const STORAGE_KEYS = ['authToken', 'refreshToken', 'sessionId', 'user'] as const;
type StorageKey = (typeof STORAGE_KEYS)[number];

const storageOf = (stored: StoredSession) => {
  const values: Record<StorageKey, string | null> = {
    authToken: stored.accessToken,
    refreshToken: stored.refreshToken,
    sessionId: stored.sessionId,
    user: stored.user && JSON.stringify(stored.user),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as Record<string, string>;
};

const pageOf = (sut: AuthScreenSut): FormSut => {
  if (!sut.page) throw new Error('the page is not open yet');
  return sut.page;
};

/** The form helpers' performers, on the opened page. */
const onPage = (performers: Record<string, (page: FormSut, e: AnyEvent, world: World) => Promise<void>>) =>
  Object.fromEntries(
    Object.entries(performers).map(([type, perform]) => [type, (sut: AuthScreenSut, e: AnyEvent, world: World) => perform(pageOf(sut), e, world)]),
  );

// ---------------------------------------------------------------------------------------------
// The reference: what the person should see and the app keep, from the performed events alone.

type Tab = 'login' | 'register';
type Step = 'forms' | 'mfaCode' | 'forgotPassword' | 'resetRequested';
interface Session {
  user: User;
  accessToken: string;
  refreshToken: string;
  sessionId: string | null;
}
interface SentRequest {
  body: Record<string, unknown>;
  auth: string | null;
}

/** docs/product.md §8: the server's words, a wait in words for a 429, or our own when there are none. */
function failureText(failure: Failure): string {
  if (failure.status === undefined) return MESSAGES.unreachable;
  if (failure.status === 429) return failure.retryAfter === 45 ? MESSAGES.throttled45 : MESSAGES.throttled;
  return failure.message ? failure.message : MESSAGES.somethingWentWrong;
}

/** docs/product.md §5 and "Messages of our own", per field label as the person reads it. */
const required = (value: string) => (value === '' ? MESSAGES.required : '');
const plausibleEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
function loginVerdicts(userName: string, password: string) {
  return { 'User name or e-mail': required(userName.trim()), Password: required(password) };
}
function registerVerdicts(userName: string, email: string, password: string) {
  const name = userName.trim();
  const address = email.trim();
  return {
    'User name': name === '' ? MESSAGES.required : /^\w{3,20}$/.test(name) ? '' : MESSAGES.userNameRule,
    'E-mail': address === '' ? MESSAGES.required : plausibleEmail(address) ? '' : MESSAGES.emailRule,
    Password: password === '' ? MESSAGES.required : password.length < 8 ? MESSAGES.passwordTooShort : '',
  };
}
const codeVerdict = (code: string) => (code === '' ? MESSAGES.required : code.length !== 6 ? MESSAGES.codeLength : '');
const passes = (verdicts: Record<string, string>) => Object.values(verdicts).every((v) => v === '');

/** docs/product.md §4: an access token past its `exp` claim (read from the token itself) is refreshed once at start. */
const expiresBy = (token: string, nowSeconds: number) => {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
  return claims.exp <= nowSeconds;
};

function facts(world: World) {
  const stored: Record<StorageKey, string | null> = { authToken: null, refreshToken: null, sessionId: null, user: null };
  const sent: Record<AuthRoute, SentRequest[]> = { [LOGIN]: [], [REGISTER]: [], [FORGOT]: [], [END_SESSION]: [], [REFRESH]: [] };
  let session: Session | null = null;
  let restored: Session | null = null;
  /** The Auth modal's tab, or null while it is closed. */
  let modal: Tab | null = null;
  let step: Step = 'forms';
  let verdicts: Record<string, string> = {};
  let alert: string | null = null;
  let credentials: { userName: string; password: string } | null = null;

  const clearMessages = () => {
    verdicts = {};
    alert = null;
  };
  const storeUser = (user: User) => (stored.user = JSON.stringify(user));
  const startSession = (next: Session) => {
    session = next;
    stored.authToken = next.accessToken;
    stored.refreshToken = next.refreshToken;
    storeUser(next.user);
    if (next.sessionId) stored.sessionId = next.sessionId;
    // A sign-in closes the Auth modal.
    modal = null;
    step = 'forms';
    credentials = null;
    clearMessages();
  };
  const endSession = () => {
    session = null;
    for (const key of STORAGE_KEYS) stored[key] = null;
  };
  const sessionOf = (out: SignInResult): Session => ({ user: out.user, accessToken: out.jwt, refreshToken: out.refreshToken, sessionId: out.sessionId });
  /** LOG IN or SIGN UP opens the modal on that tab; an open modal on the other tab is switched (which clears its messages). */
  const showTab = (tab: Tab) => {
    if (modal === null) modal = tab;
    else if (modal !== tab) {
      modal = tab;
      clearMessages();
    }
  };
  /** The app's token refresh spends the session's refresh token (docs/product.md §4). */
  const refreshSpent = () => sent[REFRESH].push({ body: { refreshToken: session!.refreshToken }, auth: null });

  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.readStoredSession': {
        const { stored: s, nowSeconds } = e['output'] as { stored: StoredSession; nowSeconds: number };
        Object.assign(stored, { authToken: s.accessToken, refreshToken: s.refreshToken, sessionId: s.sessionId, user: s.user && JSON.stringify(s.user) });
        if (!s.accessToken || !s.refreshToken || !s.user) endSession();
        else {
          const found = { user: s.user, accessToken: s.accessToken, refreshToken: s.refreshToken, sessionId: s.sessionId };
          if (expiresBy(s.accessToken, nowSeconds)) {
            restored = found;
            sent[REFRESH].push({ body: { refreshToken: s.refreshToken }, auth: null });
          } else startSession(found);
        }
        break;
      }
      case 'xstate.done.actor.refreshSession': {
        const out = e['output'] as { status: number; jwt: string; refreshToken: string };
        if (out.status === 200) startSession({ ...restored!, accessToken: out.jwt, refreshToken: out.refreshToken });
        else endSession();
        break;
      }
      case 'xstate.error.actor.refreshSession':
        endSession();
        break;
      case 'user.login': {
        showTab('login');
        const userName = e['userName'] as string;
        const password = e['password'] as string;
        verdicts = loginVerdicts(userName, password);
        alert = null;
        if (passes(verdicts)) {
          credentials = { userName: userName.trim(), password };
          sent[LOGIN].push({ body: credentials, auth: null });
        }
        break;
      }
      case 'user.submitMfaCode': {
        const code = (e['code'] as string).trim();
        verdicts = { 'Two-factor code': codeVerdict(code) };
        alert = null;
        if (passes(verdicts)) sent[LOGIN].push({ body: { ...credentials!, mfaCode: code }, auth: null });
        break;
      }
      case 'xstate.done.actor.login':
      case 'xstate.done.actor.register':
        startSession(sessionOf(e['output'] as SignInResult));
        break;
      case 'xstate.error.actor.login': {
        const failure = e['error'] as Failure;
        if (step === 'forms' && failure.error === 'mfa_required') {
          step = 'mfaCode';
          verdicts = {};
        }
        else {
          if (step === 'forms') credentials = null;
          alert = failureText(failure);
        }
        break;
      }
      case 'user.register': {
        showTab('register');
        const [userName, email, password] = [e['userName'], e['email'], e['password']] as string[];
        verdicts = registerVerdicts(userName!, email!, password!);
        alert = null;
        if (passes(verdicts)) sent[REGISTER].push({ body: { userName: userName!.trim(), email: email!.trim(), password }, auth: null });
        break;
      }
      case 'xstate.error.actor.register':
      case 'xstate.error.actor.requestPasswordReset':
        alert = failureText(e['error'] as Failure);
        break;
      case 'user.forgotPassword':
        showTab('login');
        step = 'forgotPassword';
        clearMessages();
        break;
      case 'user.requestPasswordReset': {
        const email = (e['email'] as string).trim();
        verdicts = { 'E-mail': email === '' ? MESSAGES.required : plausibleEmail(email) ? '' : MESSAGES.emailRule };
        alert = null;
        if (passes(verdicts)) sent[FORGOT].push({ body: { email }, auth: null });
        break;
      }
      case 'xstate.done.actor.requestPasswordReset':
        step = 'resetRequested';
        break;
      case 'user.backToForms':
        // On the forms, a tab switch (the modal opened with LOG IN first if it was closed); elsewhere 'Back to log in'.
        if (step === 'forms') modal = (modal ?? 'login') === 'login' ? 'register' : 'login';
        step = 'forms';
        credentials = null;
        clearMessages();
        break;
      case 'user.logout':
        if (session!.sessionId) sent[END_SESSION].push({ body: { sessionId: session!.sessionId }, auth: `Bearer ${session!.accessToken}` });
        else endSession();
        break;
      case 'xstate.done.actor.endSession':
      case 'xstate.error.actor.endSession':
      case 'session.ended':
        endSession();
        break;
      case 'tokens.renewed': {
        refreshSpent();
        const tokens = e['tokens'] as { accessToken: string; refreshToken: string };
        session = { ...session!, ...tokens };
        stored.authToken = tokens.accessToken;
        stored.refreshToken = tokens.refreshToken;
        break;
      }
      case 'tokens.expired':
        refreshSpent();
        endSession();
        break;
      case 'security.twoFactorChanged':
        session = { ...session!, user: { ...session!.user, tfaEnabled: e['enabled'] as boolean } };
        storeUser(session.user);
        break;
      case 'security.emailConfirmed':
        if (String(session!.user.id) === e['userId']) {
          session = { ...session!, user: { ...session!.user, emailConfirmed: true } };
          storeUser(session.user);
        }
        break;
    }
  }
  return { stored, sent, session: session as Session | null, modal: modal as Tab | null, step, verdicts, alert };
}

// ---------------------------------------------------------------------------------------------
// What the person sees. Queries stay inside the header, the dialog or the menu: role queries over
// the whole app are slow in jsdom.

const header = () => document.querySelector('header');
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const visitorButton = (name: 'LOG IN' | 'SIGN UP') => within(header()!).queryByRole('button', { name }) as HTMLButtonElement | null;
const accountButton = () => within(header()!).queryByRole('button', { name: /^Account menu for / });
const menuButton = () => {
  const menu = document.getElementById('account-menu');
  expect(menu, 'the account menu').not.toBeNull();
  // jsdom keeps the closed popover display:none; a person opens it first (the e2e tests do).
  return within(menu!).getByRole('button', { name: /^(Log Out|Logging out…)$/, hidden: true }) as HTMLButtonElement;
};
const welcomeHeading = () => document.getElementById('welcome-heading');
const TAB_NAMES: Record<Tab, string> = { login: 'Log in', register: 'Sign up' };
const selectedTab = (scope: HTMLElement) => within(scope).queryByRole('tab', { selected: true })?.textContent ?? null;
const formIn = (scope: HTMLElement, name: string) => within(scope).queryByRole('form', { name });

/** The dialog shows this form (and no other), with these verdicts, this alert and its button enabled or not. */
function expectForm(name: string, world: World, button: string, busy: boolean): HTMLElement {
  const f = facts(world);
  const open = dialog();
  expect(open, 'the Auth modal is open').not.toBeNull();
  expect(within(open!).getByRole('heading', { level: 2 }).textContent).toBe('Welcome');
  const forms = within(open!).queryAllByRole('form').map((form) => form.getAttribute('aria-label'));
  expect(forms, 'the forms in the dialog').toEqual([name]);
  const form = formIn(open!, name)!;
  for (const [label, verdict] of Object.entries(f.verdicts)) expect(fieldVerdict(form, label), `${label}'s verdict`).toBe(busy ? '' : verdict);
  for (const field of within(form).queryAllByRole('textbox')) {
    const label = document.querySelector(`label[for="${field.id}"]`)?.textContent ?? '';
    if (!(label in f.verdicts)) expect(fieldVerdict(form, label), `${label} has no verdict`).toBe('');
  }
  expect(alertText(form)).toBe(busy ? null : f.alert);
  const submit = within(form).getByRole('button', { name: button }) as HTMLButtonElement;
  expect(submit.type).toBe('submit');
  expect(submit.disabled, `${button} is disabled`).toBe(busy);
  return form;
}

/** The Log in / Sign up tabs, on the tab the person chose last, or no dialog at all. */
function expectForms(world: World, busy: boolean) {
  const { modal } = facts(world);
  if (modal === null) {
    expect(dialog(), 'no dialog').toBeNull();
    return;
  }
  expect(selectedTab(dialog()!)).toBe(TAB_NAMES[modal]);
  const form =
    modal === 'login'
      ? expectForm('Log in', world, busy ? 'Logging in…' : 'Log in', busy)
      : expectForm('Sign up', world, busy ? 'Creating your account…' : 'Sign up', busy);
  if (modal === 'login') expect(within(form).getByRole('button', { name: 'Forgot password?' })).toBeTruthy();
}

/** A step of the modal without tabs: the two-factor code or the forgot-password form. */
function expectStep(name: string, world: World, button: string, busy: boolean) {
  const form = expectForm(name, world, button, busy);
  expect(within(dialog()!).queryByRole('tablist')).toBeNull();
  expect(within(form).getByRole('button', { name: 'Back to log in' })).toBeTruthy();
}

const lastSent = (world: World, route: AuthRoute) => facts(world).sent[route].at(-1)!.body;

/** The player the performed events signed in. */
function signedInPlayer(world: World): Session {
  const { session } = facts(world);
  expect(session, 'the performed events signed a player in').not.toBeNull();
  return session!;
}

// ---------------------------------------------------------------------------------------------
// What the person does.

async function openModalOn(tab: Tab) {
  const name = TAB_NAMES[tab];
  if (!dialog()) await click(visitorButton(tab === 'login' ? 'LOG IN' : 'SIGN UP')!);
  if (selectedTab(dialog()!) !== name) await click(within(dialog()!).getByRole('tab', { name }));
}

async function submitForm(name: string, values: Record<string, string>, button: string) {
  const form = formIn(dialog()!, name)!;
  await fillIn(form, values);
  await click(within(form).getByRole('button', { name: button }));
}

/** The app's token refresh coordinator is told that a request went out with this token and was answered 401, as the API client tells it. */
async function requestAnsweredUnauthorized(page: FormSut, world: World, reply: Reply) {
  const { session } = facts({ ...world, performed: world.performed.slice(0, -1) });
  await act(async () => void page.system.get('tokenRefresh')!.send({ type: 'request.unauthorized', requestId: -1, accessToken: session!.accessToken }));
  await flush();
  await act(async () => page.requests.answer(REFRESH, reply));
  await settleForm(page, world);
}

/** The chart the paths are generated from, outside any app: with no parent to announce to, it stays quiet. */
const chart = authMachine.provide({ actions: { announceLoggedIn: () => {}, announceLoggedOut: () => {} } });

export const authScreenPaths: PathSpec<AuthScreenSut> = {
  name: 'auth screen',
  machine: chart,
  variants: [{ name: 'the casino at /', events: offered, serializeState }],
  start() {
    // The auth chart reads the stored values the moment the app starts, within the same turn: no
    // screen can be caught in readingStorage. So the path's first step, the read's answer, opens the
    // page with those values stored; until then the snapshot is the chart's initial one, of an auth
    // actor never started (nothing runs, nothing is rendered).
    const notOpen = createActor(chart).getSnapshot();
    const sut: AuthScreenSut = {
      page: null,
      snapshot: () => (sut.page ? sut.page.snapshot() : notOpen),
      send(e) {
        throw new Error(`${e.type}: give the spec a performer that does what a person does`);
      },
    };
    return sut;
  },
  perform: {
    async 'xstate.done.actor.readStoredSession'(sut, e, world) {
      const { stored, nowSeconds } = e['output'] as { stored: StoredSession; nowSeconds: number };
      sut.page = await renderForm({
        url: '/',
        screenId: 'auth',
        clock: world.clock,
        now: nowSeconds * 1000,
        storage: memoryStorage(storageOf(stored)),
        held: ROUTES,
      });
      await settleForm(sut.page, world);
    },
    ...onPage({
      async 'user.login'(page, e, world) {
        await openModalOn('login');
        await submitForm('Log in', { 'User name or e-mail': e['userName'] as string, Password: e['password'] as string }, 'Log in');
        await settleForm(page, world);
      },
      async 'user.submitMfaCode'(page, e, world) {
        await submitForm('Two-factor step', { 'Two-factor code': e['code'] as string }, 'Verify');
        await settleForm(page, world);
      },
      async 'user.register'(page, e, world) {
        await openModalOn('register');
        await submitForm('Sign up', { 'User name': e['userName'] as string, 'E-mail': e['email'] as string, Password: e['password'] as string }, 'Sign up');
        await settleForm(page, world);
      },
      async 'user.forgotPassword'(page, _e, world) {
        await openModalOn('login');
        await click(within(dialog()!).getByRole('button', { name: 'Forgot password?' }));
        await settleForm(page, world);
      },
      async 'user.requestPasswordReset'(page, e, world) {
        await submitForm('Forgot password', { 'E-mail': e['email'] as string }, 'Send reset link');
        await settleForm(page, world);
      },
      async 'user.backToForms'(page, _e, world) {
        const back = dialog() && within(dialog()!).queryByRole('button', { name: 'Back to log in' });
        if (back) await click(back);
        else {
          // On the forms, the person switches to the other tab.
          if (!dialog()) await click(visitorButton('LOG IN')!);
          const other = within(dialog()!).getByRole('tab', { selected: false });
          await click(other);
        }
        await settleForm(page, world);
      },
      async 'user.logout'(page, _e, world) {
        await click(menuButton());
        await settleForm(page, world);
      },
      async 'user.dismissWelcome'(page, _e, world) {
        await click(within(document.querySelector('main')!).getByRole('button', { name: 'Dismiss welcome' }));
        await settleForm(page, world);
      },
      async 'tokens.renewed'(page, e, world) {
        const tokens = e['tokens'] as { accessToken: string; refreshToken: string };
        await requestAnsweredUnauthorized(page, world, { status: 200, body: { status: 200, jwt: tokens.accessToken, refreshToken: tokens.refreshToken } });
      },
      async 'session.ended'(page, _e, world) {
        // As SignalR reports the server's close message to onclose.
        await page.hub.drop('Server returned an error on close: Connection closed with an error. Your session has ended.');
        await settleForm(page, world);
      },
      async 'tokens.expired'(page, _e, world) {
        await requestAnsweredUnauthorized(page, world, replyFor(refusal(401, 'invalid_refresh_token', 'Please log in again.')));
      },
      // The security page's two-factor card and the /confirm-email page tell the auth actor so
      // (their own specs drive them); here they are sent as those screens send them.
      async 'security.twoFactorChanged'(page, e, world) {
        await act(async () => void page.system.get('auth')!.send(e));
        await settleForm(page, world);
      },
      async 'security.emailConfirmed'(page, e, world) {
        await act(async () => void page.system.get('auth')!.send(e));
        await settleForm(page, world);
      },
      ...answers('refreshSession', REFRESH, { done: (e) => ({ status: 200, body: e['output'] }) }),
      ...answers('login', LOGIN, { done: (e) => ({ status: 200, body: e['output'] }) }),
      ...answers('register', REGISTER, { done: (e) => ({ status: 200, body: e['output'] }) }),
      ...answers('requestPasswordReset', FORGOT, { done: () => ({ status: 200, body: { success: true, message: 'Check your mail.' } }) }),
      ...answers('endSession', END_SESSION, { done: () => ({ status: 200, body: { success: true, message: 'Session ended.' } }) }),
    }),
  },
  states: {
    '#auth': {
      asserts:
        'the browser keeps exactly the session of docs/product.md §3 (authToken, refreshToken, sessionId, user: stored at sign-in, the tokens and the user rewritten, all four removed at logout or when the stored ones are unusable); every login, sign-up, reset, end-session and refresh request went out with the trimmed values the person typed, without a bearer but for end-session, which carries the current access token',
      check(sut, world) {
        if (!sut.page) return;
        const f = facts(world);
        for (const key of STORAGE_KEYS) {
          const value = sut.page.storage.getItem(key);
          if (key === 'user') expect(JSON.parse(value ?? 'null'), 'the stored user').toEqual(JSON.parse(f.stored.user ?? 'null'));
          else expect(value, `the stored ${key}`).toBe(f.stored[key]);
        }
        for (const route of ROUTES) {
          expect(sut.page.callsTo(route).map((c) => ({ body: c.body, auth: c.auth })), `the ${route} requests`).toEqual(f.sent[route]);
        }
      },
    },
    '#auth.restoring': {
      asserts: 'while the stored session is checked the header shows neither LOG IN / SIGN UP nor the account menu',
      check(sut) {
        if (!sut.page) return;
        expect(visitorButton('LOG IN')).toBeNull();
        expect(visitorButton('SIGN UP')).toBeNull();
        expect(accountButton()).toBeNull();
      },
    },
    '#auth.restoring.readingStorage': {
      asserts: 'the page has not opened: nothing is drawn and nothing asked',
      check(sut) {
        expect(sut.page).toBeNull();
        expect(header()).toBeNull();
      },
    },
    '#auth.restoring.refreshing': {
      asserts: 'the stored access token has expired: one refresh with the stored refresh token is waiting, without a bearer',
      check(sut, world) {
        expectWaiting(pageOf(sut), REFRESH, lastSent(world, REFRESH));
        expect(dialog()).toBeNull();
      },
    },
    '#auth.signedOut': {
      asserts: 'a visitor: LOG IN and SIGN UP in the header, no account menu, no welcome panel, and no session in storage',
      check(sut) {
        expect(visitorButton('LOG IN')?.disabled).toBe(false);
        expect(visitorButton('SIGN UP')?.disabled).toBe(false);
        expect(accountButton()).toBeNull();
        expect(welcomeHeading()).toBeNull();
        expect(pageOf(sut).storage.getItem('authToken')).toBeNull();
      },
    },
    '#auth.signedOut.ready': {
      asserts:
        "no dialog until LOG IN or SIGN UP; then the tab last chosen with its form: each field's verdict after a failing submit ('Required' for an empty one, the §8 rule otherwise), the server's words, a wait in words or our own message after a refusal, and Log in / Sign up enabled; nothing waiting",
      check(sut, world) {
        expectForms(world, false);
        expectNotWaiting(pageOf(sut), LOGIN, REGISTER);
      },
    },
    '#auth.signedOut.loggingIn': {
      asserts: "the Log in form with no verdict and no alert, its button reading 'Logging in…' and disabled; one login request is waiting with the trimmed name and the password",
      check(sut, world) {
        expectForms(world, true);
        expectWaiting(pageOf(sut), LOGIN, lastSent(world, LOGIN));
      },
    },
    '#auth.signedOut.awaitingMfaCode': {
      asserts: "the two-factor step replaces the tabs: the code's verdict ('Required', 'Token must be 6 characters'), the message after a failed code, Verify enabled and Back to log in; nothing waiting",
      check(sut, world) {
        expectStep('Two-factor step', world, 'Verify', false);
        expectNotWaiting(pageOf(sut), LOGIN);
      },
    },
    '#auth.signedOut.verifyingMfaCode': {
      asserts: "the two-factor step with 'Checking…' disabled; the login request is waiting with the name, the password and the trimmed code",
      check(sut, world) {
        expectStep('Two-factor step', world, 'Checking…', true);
        expectWaiting(pageOf(sut), LOGIN, lastSent(world, LOGIN));
      },
    },
    '#auth.signedOut.registering': {
      asserts: "the Sign up form with its button reading 'Creating your account…' and disabled; one sign-up request is waiting with the trimmed name and address",
      check(sut, world) {
        expectForms(world, true);
        expectWaiting(pageOf(sut), REGISTER, lastSent(world, REGISTER));
      },
    },
    '#auth.signedOut.forgotPassword': {
      asserts: "the forgot-password step: the address's verdict, the message after a failure, Send reset link enabled and Back to log in; nothing waiting",
      check(sut, world) {
        expectStep('Forgot password', world, 'Send reset link', false);
        expectNotWaiting(pageOf(sut), FORGOT);
      },
    },
    '#auth.signedOut.requestingReset': {
      asserts: "the forgot-password step with 'Sending…' disabled; one reset request is waiting with the trimmed address",
      check(sut, world) {
        expectStep('Forgot password', world, 'Sending…', true);
        expectWaiting(pageOf(sut), FORGOT, lastSent(world, FORGOT));
      },
    },
    '#auth.signedOut.resetRequested': {
      asserts: "the dialog says, word for word, that a link is on its way and works for one hour, with Back to log in and no form; nothing waiting",
      check(sut) {
        const open = dialog();
        expect(open).not.toBeNull();
        expect(statusText(open!)).toBe(MESSAGES.resetRequested);
        expect(within(open!).queryAllByRole('form')).toEqual([]);
        expect(within(open!).getByRole('button', { name: 'Back to log in' })).toBeTruthy();
        expectNotWaiting(pageOf(sut), FORGOT);
      },
    },
    '#auth.signedIn': {
      asserts: "a player: the header shows the account menu with the session's user name, no LOG IN or SIGN UP, and the Auth modal is closed",
      check(_sut, world) {
        const { user } = signedInPlayer(world);
        expect(accountButton()?.getAttribute('aria-label')).toBe(`Account menu for ${user.userName}`);
        expect(visitorButton('LOG IN')).toBeNull();
        expect(visitorButton('SIGN UP')).toBeNull();
        expect(dialog()).toBeNull();
      },
    },
    '#auth.signedIn.active': {
      asserts: 'Log Out is offered and enabled; no welcome panel; no end-session request waiting',
      check(sut) {
        expect(menuButton().textContent).toBe('Log Out');
        expect(menuButton().disabled).toBe(false);
        expect(welcomeHeading()).toBeNull();
        expectNotWaiting(pageOf(sut), END_SESSION);
      },
    },
    '#auth.signedIn.welcoming': {
      asserts: "a new player: 'Welcome to ACC Casino, <name>!' and the confirmation mail sent to the address signed up with; Log Out enabled",
      check(_sut, world) {
        const { user } = signedInPlayer(world);
        expect(welcomeHeading()?.textContent).toBe(`Welcome to ACC Casino, ${user.userName}!`);
        expect(welcomeHeading()!.closest('section')!.textContent).toContain(`We sent a link to ${user.email}.`);
        expect(menuButton().disabled).toBe(false);
      },
    },
    '#auth.signedIn.endingSession': {
      asserts: "Log Out reads 'Logging out…' and is disabled; no welcome panel; the end-session request for this session is waiting",
      check(sut, world) {
        expect(menuButton().textContent).toBe('Logging out…');
        expect(menuButton().disabled).toBe(true);
        expect(welcomeHeading()).toBeNull();
        expectWaiting(pageOf(sut), END_SESSION, lastSent(world, END_SESSION));
      },
    },
  },
  unreachable: {
    '#auth.restoring.readingStorage on xstate.error.actor.readStoredSession #0':
      "reading the stored values cannot fail in the app: src/app/adapters/storage.ts catches every storage and JSON error and reads them as absent (the machine spec takes this transition)",
    '#auth.signedIn.welcoming on user.logout #1':
      'a sign-up answer always carries a sessionId (SignedIn in src/core/contracts/auth.ts), so a new player always has a session to end (the machine spec takes this transition)',
  },
};
