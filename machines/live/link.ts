import { fromCallback } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import { APP_WIDE_IDS } from '../shared/system';

/**
 * How a screen learns that the live link is down (issue 20, autobet): an actor a screen's chart
 * invokes while it needs the link. It finds the live actor through the actor system by its
 * systemId, reads its state at once and on every change, and tells its parent `live.up` once the
 * link is connected and `live.lost` when it is down: dropped and retrying, given up, or stopped. A
 * restart for a new token (a refresh) is not a loss; a retry that fails after it is. No live actor
 * in the system counts as down.
 *
 * Messaging inside the actor system, like the live machine's own `sendTo` by systemId: no effect
 * for src/app to provide, so the real one runs in the machine tests too.
 */
export type LiveLinkEvent = { type: 'live.lost' } | { type: 'live.up' };

/** The live machine's states in which no server events arrive and none will without a new connection. */
export function isLinkDown(snapshot: AnyMachineSnapshot): boolean {
  if (snapshot.status !== 'active') return true;
  return snapshot.matches('disconnected') || snapshot.matches({ session: 'reconnecting' }) || snapshot.matches({ session: 'gaveUp' });
}

export const watchLiveLink = fromCallback<EventObject>(({ system, sendBack }) => {
  const live = system.get(APP_WIDE_IDS.live) as AnyActorRef | undefined;
  const isLive = (snapshot: unknown) => typeof (snapshot as AnyMachineSnapshot | undefined)?.matches === 'function';
  if (!live || !isLive(live.getSnapshot())) {
    sendBack({ type: 'live.lost' } satisfies LiveLinkEvent);
    return undefined;
  }
  // Told once per change: up at once if it is up, then lost, then up again after a reconnect.
  let wasDown: boolean | null = null;
  const check = (snapshot: AnyMachineSnapshot) => {
    const down = isLinkDown(snapshot);
    if (down === wasDown) return;
    if (wasDown === null && !down && !snapshot.matches({ session: 'connected' })) return;
    wasDown = down;
    sendBack((down ? { type: 'live.lost' } : { type: 'live.up' }) satisfies LiveLinkEvent);
  };
  check(live.getSnapshot() as AnyMachineSnapshot);
  const subscription = live.subscribe({
    next: (snapshot) => check(snapshot as AnyMachineSnapshot),
    complete: () => check({ status: 'done' } as AnyMachineSnapshot),
  });
  return () => subscription.unsubscribe();
});
