import { startTransition, useEffect, useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { InspectionEvent } from 'xstate';
import { AppActor, RuntimeContext } from './actors/AppActor';
import { createAppRuntime } from './actors/appLogic';
import type { AppDependencies } from './actors/appLogic';
import { createAppRouter } from './router';
import type { AppRouter as Router } from './router';

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
  // One router for the life of the app; it reads sign-in state from the app actor's system, which
  // AppRouter hands it once the actor exists.
  const [router] = useState(() => {
    const created = createAppRouter(history);
    runtime.navigation.attach(created);
    return created;
  });
  const loaded = useFirstLoad(router);
  // Nothing renders before the first load has ended, so the app actor starts (after its first render)
  // with the page's route on screen, as it did when the router loaded after that render.
  if (!loaded) return null;
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
        <AppRouter router={router} />
      </AppActor.Provider>
    </RuntimeContext.Provider>
  );
}

function AppRouter({ router }: { router: Router }) {
  const app = AppActor.useActorRef();
  return <RouterProvider router={router} context={{ app }} />;
}

/**
 * Whether the router's first load has ended. It starts before the first render when it can finish on its
 * own, so the first render (a transition, which React renders in slices) already holds the page's route.
 * Left to RouterProvider, the load ends after that render, and the route's content then mounts in one
 * synchronous render (the router's store is read through useSyncExternalStore), a long task on a slow
 * phone. A login-only route's guard waits for the app actor's session check, which starts only once the
 * app has rendered: those load after the first render, as before.
 */
function useFirstLoad(router: Router): boolean {
  const [firstLoad] = useState(() => {
    const [matchedRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
    return matchedRoutes.some((route) => route.options.beforeLoad) ? null : router.load().catch(() => undefined);
  });
  const [loaded, setLoaded] = useState(firstLoad === null);
  useEffect(() => {
    let mounted = true;
    void firstLoad?.then(() => mounted && startTransition(() => setLoaded(true)));
    return () => {
      mounted = false;
    };
  }, [firstLoad]);
  return loaded;
}
