import { useActorRef } from '@xstate/react';
import { useEffect } from 'react';
import type { AnyStateMachine } from 'xstate';
import { useAuthRef, useRuntime } from '../../actors/AppActor';
import type { AuthRef } from '../../actors/AppActor';

const signedIn = (auth: AuthRef) => auth.getSnapshot().hasTag('signedIn');

/**
 * A listed adapter hook (the token screens' counterpart of useGameActor): starts a token screen's
 * actor for as long as the route is shown, tells it of login and logout, and for the staking and
 * earn pages shows it to the runtime under its systemId so live events and the token modals' answers
 * reach it (see `showScreen` in src/app/actors/appLogic.ts).
 */
export function useTokenScreen<TLogic extends AnyStateMachine>(logic: TLogic, systemId?: 'staking' | 'earn') {
  const auth = useAuthRef();
  const runtime = useRuntime();
  const actor = useActorRef(logic, { input: { signedIn: signedIn(auth), now: Date.now() }, ...(runtime.inspect ? { inspect: runtime.inspect } : {}) } as never);
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
  useEffect(() => (systemId ? runtime.showScreen(systemId, actor) : undefined), [runtime, actor, systemId]);
  return actor;
}
