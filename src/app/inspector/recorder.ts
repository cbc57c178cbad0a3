import { getStateNodes } from 'xstate';
import type { AnyActorRef, AnyStateMachine, EventObject, InspectionEvent } from 'xstate';
import { machineCatalog } from '../../../machines/catalog';

/** One event an actor processed, with the state it was left in. */
export interface RecordedEvent {
  seq: number;
  event: EventObject;
  /** Active state paths after the event, e.g. `bet.placing`. */
  after: string[];
}

export interface TrackedActor {
  sessionId: string;
  /** Key of machines/catalog.ts. */
  machine: string;
  ref: AnyActorRef;
  input: unknown;
  active: string[];
  /** State node ids of the active states, for highlighting the diagram. */
  activeIds: string[];
  events: RecordedEvent[];
  stopped: boolean;
}

const MAX_EVENTS = 500;
const catalogById = new Map(Object.entries(machineCatalog).map(([name, machine]) => [machine.id, name]));

/** The active atomic and compound states of a snapshot value, as paths and as state node ids. */
export function activeStates(machine: AnyStateMachine, value: unknown): { paths: string[]; ids: string[] } {
  try {
    const nodes = getStateNodes(machine.root, value as never).filter((n) => n !== machine.root);
    const leaves = nodes.filter((n) => !nodes.some((other) => other.parent === n));
    return { paths: leaves.map((n) => n.path.join('.')), ids: nodes.map((n) => n.id) };
  } catch {
    return { paths: [], ids: [] };
  }
}

/**
 * Follows every actor of this tab through XState's inspection events: which catalog machine it
 * runs, the state it is in, and the events it processed with their payloads.
 */
export function createRecorder() {
  const actors = new Map<string, TrackedActor>();
  const listeners = new Set<() => void>();
  let seq = 0;
  let version = 0;
  const changed = () => {
    version += 1;
    listeners.forEach((listener) => listener());
  };

  const track = (ref: AnyActorRef): TrackedActor | null => {
    const existing = actors.get(ref.sessionId);
    if (existing) return existing;
    const logic = (ref as { logic?: { id?: string; root?: unknown } }).logic;
    const name = logic?.root && logic.id ? catalogById.get(logic.id) : undefined;
    if (!name) return null;
    const tracked: TrackedActor = {
      sessionId: ref.sessionId,
      machine: name,
      ref,
      input: (ref as { options?: { input?: unknown } }).options?.input,
      active: [],
      activeIds: [],
      events: [],
      stopped: false,
    };
    actors.set(ref.sessionId, tracked);
    return tracked;
  };

  const inspect = (raw: unknown) => {
    const event = raw as InspectionEvent;
    if (event.type === '@xstate.actor') {
      if (track(event.actorRef as AnyActorRef)) changed();
      return;
    }
    if (event.type !== '@xstate.snapshot') return;
    const tracked = track(event.actorRef as AnyActorRef);
    if (!tracked) return;
    const snapshot = event.snapshot as { value?: unknown; status?: string };
    const { paths, ids } = activeStates((tracked.ref as unknown as { logic: AnyStateMachine }).logic, snapshot.value);
    tracked.active = paths;
    tracked.activeIds = ids;
    tracked.stopped = snapshot.status === 'stopped' || snapshot.status === 'done';
    seq += 1;
    tracked.events.push({ seq, event: event.event, after: paths });
    if (tracked.events.length > MAX_EVENTS) tracked.events.splice(0, tracked.events.length - MAX_EVENTS);
    changed();
  };

  return {
    inspect,
    /** Stops are not always inspected: the actor's own status is the truth. */
    list: (): TrackedActor[] => {
      for (const tracked of actors.values()) {
        if (!tracked.stopped && tracked.ref.getSnapshot()?.status === 'stopped') tracked.stopped = true;
      }
      return [...actors.values()];
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}

export type Recorder = ReturnType<typeof createRecorder>;

/** Payloads as text: bigint money included, long answers cut. */
export function payloadText(event: EventObject): string {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>;
  if (Object.keys(rest).length === 0) return '';
  try {
    const text = JSON.stringify(rest, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
    return text.length > 400 ? `${text.slice(0, 400)}…` : text;
  } catch {
    return '(not serialisable)';
  }
}
