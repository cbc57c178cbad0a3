import { assign } from 'xstate';
import type { Assigner, EventObject, MachineContext, ParameterizedObject, PropertyAssigner } from 'xstate';

/**
 * `assign` for actions written outside a machine's `setup` (a game's actions.ts, the kit's shared
 * actions): it fixes the context and event types that `setup` would otherwise infer.
 */
export function assignFor<TContext extends MachineContext, TEvent extends EventObject>() {
  return <TParams extends ParameterizedObject['params'] | undefined = undefined>(
    assignment: Assigner<TContext, TEvent, TParams, TEvent, never> | PropertyAssigner<TContext, TEvent, TParams, TEvent, never>,
  ) => assign<TContext, TEvent, TParams, TEvent, never>(assignment);
}
