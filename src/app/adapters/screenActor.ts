import { useEffect, useRef } from 'react';
import type { ActorRefFrom, AnyActorLogic } from 'xstate';
import type { ScreenId } from '../../../machines/shared/system';
import { AppActor, useWalletReady } from '../actors/AppActor';

/**
 * A listed adapter hook: a route (or a modal) tells the app actor that its screen opened, with the
 * screen's logic and what only the route knows, and that it closed when it unmounts. The app spawns
 * the screen's actor in its own actor system (systemId `systemId`), where it hears logins and the
 * wallet like every app-wide actor. Undefined until the app has spawned it, after the first render.
 * A screen opens once the wallet runs (it starts after the first paint), so that it starts with the
 * selected wallet and whatever it shows from the wallet is there.
 */
export function useScreenActor<TLogic extends AnyActorLogic>(
  systemId: ScreenId,
  logic: TLogic,
  input?: Record<string, unknown>,
): ActorRefFrom<TLogic> | undefined {
  const app = AppActor.useActorRef();
  const actor = AppActor.useSelector((snapshot) => snapshot.context.screens[systemId]);
  // The input is read when the screen opens, as useActorRef read it: later renders do not restart it.
  const inputAtOpen = useRef(input);
  const walletReady = useWalletReady();
  useEffect(() => {
    if (!walletReady) return;
    const opened = inputAtOpen.current;
    app.send({ type: 'screen.opened', systemId, logic, ...(opened ? { input: opened } : {}) });
    return () => app.send({ type: 'screen.closed', systemId });
  }, [app, systemId, logic, walletReady]);
  return actor as ActorRefFrom<TLogic> | undefined;
}
