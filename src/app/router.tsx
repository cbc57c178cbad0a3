import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
} from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { AnyActorRef } from 'xstate';
import { Shell } from './components/shell/Shell';
import { Home } from './routes/Home';
import { NotFound } from './routes/NotFound';
import { ComingScreen } from './routes/ComingScreen';
import { screens } from './routes/screens';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Login-only route (SPEC §2): a visitor is sent to /, and so is a player who logs out here. */
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
    component: () => <ComingScreen screen={screen} />,
    staticData: { requiresAuth: screen.requiresAuth, title: screen.title },
    beforeLoad: ({ context }) => {
      if (screen.requiresAuth && !isSignedIn(context.app)) throw redirect({ to: '/', replace: true });
    },
  }),
);

export const routeTree = rootRoute.addChildren([homeRoute, ...screenRoutes]);

export function createAppRouter(app: AnyActorRef, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { app },
    defaultPreload: 'intent',
    scrollRestoration: false,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export const createTestHistory = (path: string) => createMemoryHistory({ initialEntries: [path] });
