import type { EventObject } from 'xstate';

/**
 * systemIds of the app-wide actors (children of the root `app` actor). Machines address each other
 * through the actor system with these names, never through React.
 */
export const SYSTEM_IDS = {
  modals: 'modals',
  shell: 'shell',
  wallet: 'wallet',
  live: 'live',
  betsFeed: 'betsFeed',
  staking: 'staking',
  earn: 'earn',
} as const;
export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];

/**
 * The default implementation of a "tell another actor" effect: send the event made from the
 * action's params to the actor registered under `to`. An actor that is not running (a screen that
 * is closed, a test without a system) simply misses the event, as with any broadcast. Being a named
 * action, each such effect can still be replaced with `.provide()` (tests record them with fakes).
 */
/** The part of the actor system a delivery needs. */
interface Directory {
  get: (systemId: string) => { send: (event: EventObject) => void } | undefined;
}

export function deliverTo<TParams>(to: SystemId, toEvent: (params: TParams) => EventObject) {
  return ({ system }: { system: Directory }, params: TParams): void => {
    system.get(to)?.send(toEvent(params));
  };
}

/** Like deliverTo, for an effect whose recipient and event are both in its params (a router). */
export function deliver({ system }: { system: Directory }, params: { to: SystemId; event: EventObject }): void {
  system.get(params.to)?.send(params.event);
}
