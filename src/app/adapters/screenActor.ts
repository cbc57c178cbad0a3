import { startTransition, useEffect, useRef, useState } from 'react';
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
  const actor = AppActor.useSelector((snapshot) => snapshot.context.screens[systemId]);
  useOpenScreen(systemId, logic, input);
  return actor as ActorRefFrom<TLogic> | undefined;
}

/**
 * useScreenActor for a page's screen (a game, a token page): the spawned actor reaches React in a
 * transition, so React renders the screen's first tree in slices, yielding to the browser between them,
 * instead of in one synchronous render (what a snapshot read through useSyncExternalStore gets), which
 * is a long task on a slow phone. The screen shows as soon as that render is done; a modal keeps
 * useScreenActor, so that it never shows its frame without its form.
 */
export function usePageScreenActor<TLogic extends AnyActorLogic>(
  systemId: ScreenId,
  logic: TLogic,
  input?: Record<string, unknown>,
): ActorRefFrom<TLogic> | undefined {
  const app = AppActor.useActorRef();
  const [actor, setActor] = useState(() => app.getSnapshot().context.screens[systemId]);
  useEffect(() => {
    // Every event of the app actor brings a snapshot; only a new screen actor is worth a render.
    let shown: unknown = null;
    const reveal = () => {
      const next = app.getSnapshot().context.screens[systemId];
      if (next === shown) return;
      shown = next;
      startTransition(() => setActor(next));
    };
    reveal();
    const subscription = app.subscribe(reveal);
    return () => subscription.unsubscribe();
  }, [app, systemId]);
  useOpenScreen(systemId, logic, input);
  return actor as ActorRefFrom<TLogic> | undefined;
}

function useOpenScreen(systemId: ScreenId, logic: AnyActorLogic, input?: Record<string, unknown>): void {
  const app = AppActor.useActorRef();
  // The input is read when the screen opens, as useActorRef read it: later renders do not restart it.
  const inputAtOpen = useRef(input);
  const walletReady = useWalletReady();
  useEffect(() => {
    if (!walletReady) return;
    const opened = inputAtOpen.current;
    app.send({ type: 'screen.opened', systemId, logic, ...(opened ? { input: opened } : {}) });
    return () => app.send({ type: 'screen.closed', systemId });
  }, [app, systemId, logic, walletReady]);
}
