import { createActor, fromPromise } from 'xstate';
import type { AnyActorRef, AnyStateMachine, EventObject } from 'xstate';
import { activeStates } from './recorder';

/**
 * A fresh actor of a catalog machine that replays recorded events one at a time. Its effects are
 * harmless: every invoked actor waits forever (the recorded `done`/`error` events stand in for the
 * answers), delays wait on a clock that never moves (recorded `after` events stand in for them),
 * and its own actor system holds no other actor, so the machine's messages reach nobody.
 */
export interface ReplayStep {
  event: EventObject | null;
  after: string[];
}

/**
 * Delays scheduled on it never fire. Not xstate's SimulatedClock: the inspector is its only user in
 * the app, and that class would then ride in the first page's bundle with the rest of xstate's module.
 */
const stoppedClock = { setTimeout: (): number => 0, clearTimeout: (): void => undefined };

export function startReplay(machine: AnyStateMachine, input: unknown) {
  const pending = fromPromise(() => new Promise<never>(() => undefined));
  const actors = Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, pending]));
  const harmless = machine.provide({ actors } as never);
  const actor: AnyActorRef = createActor(harmless, { input, clock: stoppedClock } as never);
  actor.start();
  const stateOf = () => activeStates(machine, (actor.getSnapshot() as { value: unknown }).value);
  const steps: ReplayStep[] = [{ event: null, after: stateOf().paths }];
  return {
    steps,
    activeIds: () => stateOf().ids,
    send(event: EventObject): ReplayStep {
      actor.send(event);
      const step = { event, after: stateOf().paths };
      steps.push(step);
      return step;
    },
    stop: () => actor.stop(),
  };
}

export type Replay = ReturnType<typeof startReplay>;

/** Events a replay can send: the actor's own start is not one of them. */
export const replayable = (event: EventObject) => event.type !== 'xstate.init' && event.type !== 'xstate.stop';
