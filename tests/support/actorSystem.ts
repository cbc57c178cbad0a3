import { createActor, createMachine, fromCallback } from 'xstate';
import type { SimulatedClock } from 'xstate';
import type { ActorRefFrom, AnyActorLogic, AnyEventObject, EventObject, InputFrom } from 'xstate';
import { APP_WIDE_IDS } from '../../machines/shared/system';
import type { SystemId } from '../../machines/shared/system';

/** One event that reached a fake actor of the system, or the parent. */
export interface Delivery {
  to: SystemId | 'parent';
  event: EventObject;
}

/**
 * Runs the machine under test as the child of a parent that stands for the app: the app-wide
 * systemIds (wallet, modals, betsFeed, live, auth, …) and any other listed ones are held by fake
 * recorder actors, and what the machine sends its parent is recorded too. A test then asserts which
 * event reached which actor, through the same actor system as in the browser.
 */
export function runInSystem<TLogic extends AnyActorLogic>(
  logic: TLogic,
  options: { input?: InputFrom<TLogic>; systemId?: string; recorders?: readonly SystemId[]; clock?: SimulatedClock } = {},
) {
  const deliveries: Delivery[] = [];
  const ids = options.recorders ?? Object.values(APP_WIDE_IDS);
  const recorder = (to: SystemId) =>
    fromCallback<AnyEventObject>(({ receive }) => {
      receive((event) => void deliveries.push({ to, event }));
    });
  const app = createMachine({
    id: 'testApp',
    invoke: [
      ...ids.map((id) => ({ id, systemId: id, src: recorder(id) })),
      { id: 'subject', ...(options.systemId ? { systemId: options.systemId } : {}), src: logic, input: options.input },
    ],
    on: { '*': { actions: ({ event }) => void deliveries.push({ to: 'parent', event }) } },
  });
  const root = createActor(app, options.clock ? { clock: options.clock } : {}).start();
  const actor = root.getSnapshot().children['subject'] as ActorRefFrom<TLogic>;
  return {
    actor,
    root,
    deliveries,
    /** The events that reached `to`, in order. */
    sentTo: (to: SystemId | 'parent') => deliveries.filter((d) => d.to === to).map((d) => d.event),
  };
}
