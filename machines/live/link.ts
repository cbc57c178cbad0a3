import { fromCallback } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, EventObject, Subscription } from 'xstate';
import { APP_WIDE_IDS } from '../shared/system';

/**
 * How a screen learns that the live link is down (issue 20, autobet): an actor a screen's chart
 * invokes while it needs the link. It finds the live actor through the actor system by its
 * systemId, reads its state at once and on every change, and tells its parent `live.up` once the
 * link is connected and `live.lost` when it is down: dropped and retrying, given up, or stopped. A
 * restart for a new token (a refresh) is not a loss; a retry that fails after it is. A link still
 * starting is not up yet. No live actor in the system counts as down, until the app starts one.
 * `live.up` says whether the link was already up when the watch began (`atStart`: nothing was
 * missed) or came up since (the hub announced nothing while it was not up).
 *
 * Messaging inside the actor system, like the live machine's own `sendTo` by systemId: no effect
 * for src/app to provide, so the real one runs in the machine tests too.
 */
export type LiveLinkEvent = { type: 'live.lost' } | { type: 'live.up'; atStart: boolean };

/** The live machine's states in which no server events arrive and none will without a new connection. */
export function isLinkDown(snapshot: AnyMachineSnapshot): boolean {
  if (snapshot.status !== 'active') return true;
  return snapshot.matches('disconnected') || snapshot.matches({ session: 'reconnecting' }) || snapshot.matches({ session: 'gaveUp' });
}

export const watchLiveLink = fromCallback<EventObject>(({ system, sendBack }) => {
  const isLive = (snapshot: unknown) => typeof (snapshot as AnyMachineSnapshot | undefined)?.matches === 'function';
  const liveActor = () => {
    const live = system.get(APP_WIDE_IDS.live) as AnyActorRef | undefined;
    return live && isLive(live.getSnapshot()) ? live : undefined;
  };
  // Told once per change: up at once if it is up, then lost, then up again after a reconnect.
  let wasDown: boolean | null = null;
  // True only while the state at the start is read: an up found then was not missed by anyone.
  let atStart = true;
  const check = (snapshot: AnyMachineSnapshot) => {
    const down = isLinkDown(snapshot);
    // Starting or stopping is neither up nor down: the last word stands until it is connected or down.
    if (!down && !snapshot.matches({ session: 'connected' })) return;
    if (down === wasDown) return;
    wasDown = down;
    sendBack((down ? { type: 'live.lost' } : { type: 'live.up', atStart }) satisfies LiveLinkEvent);
  };
  let subscription: Subscription;
  const watch = (live: AnyActorRef) => {
    check(live.getSnapshot() as AnyMachineSnapshot);
    subscription = live.subscribe({
      next: (snapshot) => check(snapshot as AnyMachineSnapshot),
      complete: () => check({ status: 'done' } as AnyMachineSnapshot),
    });
  };
  const live = liveActor();
  if (live) watch(live);
  else {
    check({ status: 'stopped' } as AnyMachineSnapshot);
    // The app starts the live actor only once the first page has painted (src/app/actors/appLogic.ts), so a
    // screen opened before then waits for it: each event in the system looks for it, until it is there.
    subscription = system.inspect(() => {
      const started = liveActor();
      if (!started) return;
      subscription.unsubscribe();
      watch(started);
    });
  }
  atStart = false;
  return () => subscription.unsubscribe();
});
