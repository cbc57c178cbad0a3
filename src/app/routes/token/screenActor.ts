import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorSystem, AnyActorRef, AnyStateMachine, EventObject } from 'xstate';
import { AppActor, useAuthRef } from '../../actors/AppActor';
import type { AuthRef } from '../../actors/AppActor';

const signedIn = (auth: AuthRef) => auth.getSnapshot().hasTag('signedIn');

/** What the app-wide actors see of a screen registered under a systemId: something to send to. */
interface Relay {
  sessionId: string;
  send: (event: EventObject) => void;
}

/**
 * Makes a screen's actor reachable in the app's actor system as `systemId` while it runs, so that
 * `system.get('staking')` (the live machine's forwards, the token modals' answers) finds it.
 * A screen's actor lives in a system of its own (useActorRef), and XState 5 has no public call to
 * list a foreign actor in another system; `_set` / `_unregister` are the calls `invoke({ systemId })`
 * itself uses. A relay, not the actor itself, is listed, so no session ids of two systems mix.
 */
export function registerInAppSystem(system: ActorSystem<any>, systemId: string, actor: AnyActorRef): () => void { // eslint-disable-line @typescript-eslint/no-explicit-any
  const relay: Relay = { sessionId: `relay:${systemId}`, send: (event) => actor.send(event) };
  const internals = system as unknown as { _set: (id: string, ref: Relay) => void; _unregister: (ref: Relay) => void };
  internals._set(systemId, relay);
  return () => internals._unregister(relay);
}

/**
 * A listed adapter hook (the token screens' counterpart of useGameActor): starts a token screen's
 * actor for as long as the route is shown, tells it of login and logout, and for the staking and
 * earn pages lists it in the app's system under its systemId so live events reach it.
 */
export function useTokenScreen<TLogic extends AnyStateMachine>(logic: TLogic, systemId?: 'staking' | 'earn') {
  const auth = useAuthRef();
  const app = AppActor.useActorRef();
  const actor = useActorRef(logic, { input: { signedIn: signedIn(auth), now: Date.now() } } as never);
  useEffect(() => {
    let wasSignedIn = signedIn(auth);
    const sub = auth.subscribe((snapshot) => {
      const now = snapshot.hasTag('signedIn');
      if (now === wasSignedIn) return;
      wasSignedIn = now;
      actor.send({ type: now ? 'auth.loggedIn' : 'auth.loggedOut' } as never);
    });
    return () => sub.unsubscribe();
  }, [actor, auth]);
  useEffect(() => (systemId ? registerInAppSystem(app.system, systemId, actor) : undefined), [app, actor, systemId]);
  return actor;
}
