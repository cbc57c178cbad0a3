import { fromPromise } from 'xstate';

/**
 * The one style of effects in machines/: a machine names an effect (an HTTP call, storage, the DOM,
 * the clock) and declares its types here, src/app provides the real one with `.provide()`, and tests
 * provide fakes the same way. A placeholder never stands in for behaviour: run unprovided, it fails
 * loudly, so a test that forgot a fake, or a screen wired without one, cannot pass by doing nothing.
 *
 * Messages to other actors are not effects: a chart sends them itself with xstate's `sendTo`
 * (addressed by systemId through the actor system) or `sendParent`, where a designer can see them.
 */
export function effectActor<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is an effect provided by src/app (or by a test's fake)`);
  });
}

/** A named effect action; its params type is what src/app's implementation receives. */
export function effectAction<TParams = undefined>(name: string) {
  return (_: unknown, _params: TParams): void => {
    throw new Error(`${name} is an effect provided by src/app (or by a test's fake)`);
  };
}
