import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { Shell } from './components/shell/Shell';
import { Home } from './routes/Home';
import { NotFound } from './routes/NotFound';
import { lazyPage, pages } from './routes/pages';
import { screens } from './routes/screens';

// The account pages and a bet's page, like the game and token screens (pages.tsx), are chunks of their own.
const AccountPage = lazyPage('/account', 'AccountPage');
const ConfirmEmailPage = lazyPage('/confirm-email', 'ConfirmEmailPage');
const ResetPasswordPage = lazyPage('/reset-password', 'ResetPasswordPage');
const TransactionsPage = lazyPage('/transactions', 'TransactionsPage');
const ResponsibleGamblingPage = lazyPage('/responsible-gambling', 'ResponsibleGamblingPage');
const BetPage = lazyPage('/bet/$betId', 'BetPage');
const SettingsPage = lazyPage('/settings', 'SettingsPage');
const LiabilitiesPage = lazyPage('/liabilities', 'LiabilitiesPage');
const FairnessPage = lazyPage('/fairness', 'FairnessPage');
const RtpPage = lazyPage('/rtp', 'RtpPage');

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Login-only route (docs/product.md §2): a visitor is sent to /, and so is a player who logs out here. */
    requiresAuth?: boolean;
    title?: string;
  }
  interface Register {
    router: AppRouter;
  }
}

export interface RouterContext {
  /** The root app actor; routes ask its system, never React state, whether a player is signed in. */
  app: AnyActorRef;
}

export function isSignedIn(app: AnyActorRef): boolean {
  const auth = app.system.get('auth') as AnyActorRef | undefined;
  return auth?.getSnapshot().hasTag?.('signedIn') === true;
}

/**
 * Whether a player is signed in once the stored session has been checked: at start-up the auth
 * actor may still be restoring (reading storage, maybe refreshing), and a reload of /account must
 * not bounce a signed-in player. Waits for the auth actor to leave `restoring`; past the timeout it
 * answers with what auth says then.
 */
export async function isSignedInAfterRestore(app: AnyActorRef, timeoutMs = 15_000): Promise<boolean> {
  const auth = app.system.get('auth') as AnyActorRef | undefined;
  if (auth) await waitFor(auth, (snapshot) => snapshot.hasTag?.('restoring') !== true, { timeout: timeoutMs }).catch(() => undefined);
  return isSignedIn(app);
}

const requireSignIn = async ({ context }: { context: RouterContext }) => {
  if (!(await isSignedInAfterRestore(context.app))) throw redirect({ to: '/', replace: true });
};

/** Query values arrive as plain strings (see parseSearch below); absent ones stay absent. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const present = <K extends string>(key: K, value: unknown): Partial<Record<K, string>> =>
  typeof value === 'string' ? ({ [key]: value } as Record<K, string>) : {};

/**
 * The query as mailed stays the query shown: values are plain strings both ways (TanStack's default
 * reads "2" as the number 2 and writes it back as %222%22, and writes absent values as "null").
 */
export function parsePlainSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search));
}

export function stringifyPlainSearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFound,
});

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: Home,
  staticData: { requiresAuth: false, title: 'Home' },
});

const screenRoutes = screens.map((screen) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: screen.path,
    component: pages[screen.path],
    staticData: { requiresAuth: screen.requiresAuth, title: screen.title },
  }),
);

/** A page for a signed-in player only: a visitor is sent to / (docs/product.md §2). */
const loginOnly = <const P extends string>(path: P, component: typeof AccountPage, title: string) =>
  createRoute({ getParentRoute: () => rootRoute, path, component, staticData: { requiresAuth: true, title }, beforeLoad: requireSignIn });

const accountRoute = loginOnly('/account', AccountPage, 'Account');
const transactionsRoute = loginOnly('/transactions', TransactionsPage, 'Transactions');
/** The player's preferences (issue 20): shortcuts, instant mode, reality checks. */
const settingsRoute = loginOnly('/settings', SettingsPage, 'Settings');
/** Limits, a break and self-exclusion (issue 20), enforced by the server. */
const responsibleRoute = loginOnly('/responsible-gambling', ResponsibleGamblingPage, 'Responsible gambling');

const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: (search: Record<string, unknown>): { userId?: string; token?: string } => ({
    ...present('userId', search.userId),
    ...present('token', search.token),
  }),
  component: function ConfirmEmailRoute() {
    const { userId, token } = confirmEmailRoute.useSearch();
    return <ConfirmEmailPage userId={text(userId)} token={text(token)} />;
  },
  staticData: { requiresAuth: false, title: 'Confirm e-mail' },
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search: Record<string, unknown>): { email?: string; token?: string } => ({
    ...present('email', search.email),
    ...present('token', search.token),
  }),
  component: function ResetPasswordRoute() {
    const { email, token } = resetPasswordRoute.useSearch();
    return <ResetPasswordPage email={email ?? ''} token={token ?? ''} />;
  },
  staticData: { requiresAuth: false, title: 'Reset password' },
});

/** One bet, for anyone with its address (issue 20): the bets table's rows link here. */
const betRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bet/$betId',
  component: BetPage,
  staticData: { requiresAuth: false, title: 'Bet' },
});

/** The RTP each game really paid (issue 23), for anyone; the footer links here. */
const rtpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/rtp',
  component: RtpPage,
  staticData: { requiresAuth: false, title: 'Measured RTP' },
});

/** The bulk verifier of the bets download (issue 23), for anyone: it reads a file, never the account. */
const fairnessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/fairness',
  component: FairnessPage,
  staticData: { requiresAuth: false, title: 'Fairness' },
});

/** Proof of liabilities (issue 23): the figures for anyone, the balance check for a signed-in player. */
const liabilitiesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/liabilities',
  component: LiabilitiesPage,
  staticData: { requiresAuth: false, title: 'Proof of liabilities' },
});

export const routeTree = rootRoute.addChildren([homeRoute, ...screenRoutes, accountRoute, transactionsRoute, responsibleRoute, confirmEmailRoute, resetPasswordRoute, betRoute, rtpRoute, fairnessRoute, liabilitiesRoute, settingsRoute]);

/**
 * The router, made before the app actor so that its first load can run before the first render
 * (App.tsx); RouterProvider hands it the actor (`context={{ app }}`) before any route's guard reads it.
 */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: {} as RouterContext,
    defaultPreload: 'intent',
    scrollRestoration: false,
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export const createTestHistory = (path: string) => createMemoryHistory({ initialEntries: [path] });
