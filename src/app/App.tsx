import { useState } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import type { RouterHistory } from '@tanstack/react-router';
import type { InspectionEvent } from 'xstate';
import { AppActor } from './actors/AppActor';
import { createAppLogic } from './actors/appLogic';
import { createAppRouter } from './router';

interface AppProps {
  inspect?: ((event: InspectionEvent) => void) | ((event: unknown) => void);
  /** Tests start on a given path with a memory history. */
  history?: RouterHistory;
  viewportWidth?: number;
}

export function App({ inspect, history, viewportWidth }: AppProps) {
  const [logic] = useState(createAppLogic);
  return (
    <AppActor.Provider
      logic={logic}
      options={{
        input: { viewportWidth: viewportWidth ?? window.innerWidth },
        ...(inspect ? { inspect: inspect as (event: InspectionEvent) => void } : {}),
      }}
    >
      <AppRouter history={history} />
    </AppActor.Provider>
  );
}

function AppRouter({ history }: { history?: RouterHistory }) {
  const app = AppActor.useActorRef();
  // One router for the life of the app actor; it reads sign-in state from the actor system.
  const [router] = useState(() => createAppRouter(app, history));
  return <RouterProvider router={router} />;
}
