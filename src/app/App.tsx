import { startTransition, useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { InspectionEvent } from 'xstate';
import { AppActor, RuntimeContext } from './actors/AppActor';
import { createAppRuntime } from './actors/appLogic';
import type { AppDependencies, AppRuntime } from './actors/appLogic';
import { createAppRouter } from './router';

interface AppProps {
  inspect?: ((event: InspectionEvent) => void) | ((event: unknown) => void);
  /** Tests start on a given path with a memory history. */
  history?: RouterHistory;
  viewportWidth?: number;
  /** Tests pass a fake fetch, an in-memory storage, a fake hub and a simulated clock. */
  dependencies?: AppDependencies;
}

export function App({ inspect, history, viewportWidth, dependencies }: AppProps) {
  const [runtime] = useState(() => createAppRuntime(dependencies));
  return (
    <RuntimeContext.Provider value={runtime}>
      <AppActor.Provider
        logic={runtime.logic}
        options={{
          input: { viewportWidth: viewportWidth ?? window.innerWidth, wallet: runtime.walletStart },
          // Every actor of the app, spawned screens included, shares the root's clock.
          clock: runtime.clock,
          ...(inspect ? { inspect: inspect as (event: InspectionEvent) => void } : {}),
        }}
      >
        <AppRouter history={history} runtime={runtime} />
      </AppActor.Provider>
    </RuntimeContext.Provider>
  );
}

function AppRouter({ history, runtime }: { history?: RouterHistory; runtime: AppRuntime }) {
  const app = AppActor.useActorRef();
  // One router for the life of the app actor; it reads sign-in state from the actor system.
  const [router] = useState(() => {
    const created = createAppRouter(app, history);
    runtime.navigation.attach(created);
    return created;
  });
  const [firstLoad] = useState(() => loadBeforeFirstRender(router));
  const [loaded, setLoaded] = useState(firstLoad === null);
  useEffect(() => {
    let mounted = true;
    void firstLoad?.then(() => mounted && startTransition(() => setLoaded(true)));
    return () => {
      mounted = false;
    };
  }, [firstLoad]);
  return loaded ? <RouterProvider router={router} /> : null;
}

/**
 * The router's first load, started before the first render when it can finish on its own, so the first
 * render (a transition, which React renders in slices) already holds the page's route. Left to
 * RouterProvider, the load ends after that render, and the route's content then mounts in one
 * synchronous render (the router's store is read through useSyncExternalStore), a long task on a slow
 * phone. A login-only route's guard waits for the app actor's session check, which starts only once the
 * app has rendered: those load as before.
 */
function loadBeforeFirstRender(router: ReturnType<typeof createAppRouter>): Promise<void> | null {
  const [matchedRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  if (matchedRoutes.some((route) => route.options.beforeLoad)) return null;
  return router.load().catch(() => undefined);
}
