import { useState } from 'react';
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
  return <RouterProvider router={router} />;
}
