import { useActorRef } from '@xstate/react';
import { useRuntime } from '../actors/AppActor';

/**
 * useActorRef for the actor of a modal or a form, so the inspectors of this tab (the designers'
 * `?inspector`, the Stately `?inspect`) see it like the app's own actors and the game screens.
 */
export const useInspectedActorRef = ((logic: Parameters<typeof useActorRef>[0], options?: Parameters<typeof useActorRef>[1]) => {
  const { inspect } = useRuntime();
  return useActorRef(logic, { ...(options ?? {}), ...(inspect ? { inspect } : {}) } as never);
}) as typeof useActorRef;
