import { afterAll, expect, it } from 'vitest';
import { createActor, getNextSnapshot, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject, InspectionEvent } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

/**
 * Model-based paths for the real machines of machines/: paths are generated from the machine
 * itself (never a hand-made copy), replayed against a live actor with fakes and a simulated
 * clock, and the states and transitions they exercise are counted against the machine's own.
 */

type AnyEvent = EventObject & Record<string, unknown>;
type EventsOption = readonly AnyEvent[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEvent[]);

export interface ReplayStep {
  event: AnyEvent;
  state: AnyMachineSnapshot;
}

export interface ModelPath {
  description: string;
  steps: ReplayStep[];
}

export interface CoverageReport {
  machine: string;
  states: { covered: number; total: number; missing: string[] };
  transitions: { covered: number; total: number; missing: string[] };
}

export interface ModelOptions {
  /** The real machine, already `.provide()`d with fakes for its effects. */
  machine: AnyStateMachine;
  input?: unknown;
  /** Every event to try in each state, including synthetic ones (xstate.after…, xstate.done.actor…). */
  events: EventsOption;
  /** Bounds the state space: two snapshots with the same serialisation are one vertex. */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  /**
   * 'transitions' (default): the shortest path to every state, each extended by every event that
   * state can take, so every transition is walked at least once. 'shortest' and 'simple' are the
   * plain generators of xstate/graph.
   */
  strategy?: 'transitions' | 'shortest' | 'simple';
  limit?: number;
  /** Share one tracker between models of the same machine (e.g. different inputs) to report them together. */
  coverage?: CoverageTracker;
}

export interface ReplayHooks {
  /** Runs an event against the live actor; defaults to send, or advancing the clock for `after` events. */
  execute?: (actor: AnyActorRef, event: AnyEvent, clock: SimulatedClock) => void | Promise<void>;
  /** Extra assertions after each step (the rendered UI, the fakes' calls). */
  check?: (actor: AnyActorRef, step: ReplayStep) => void | Promise<void>;
}

export const defaultSerialize = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: stripRefs(snapshot.context) });

function stripRefs(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null, (_key, v: unknown) => {
      if (typeof v === 'bigint') return `${v}n`;
      if (v && typeof v === 'object' && 'sessionId' in v && 'send' in v) return '[actor]';
      return v;
    }),
  );
}

export function describeEvent(event: AnyEvent): string {
  const { type, ...rest } = event;
  const payload = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  return `${type}${payload}`;
}

export function generatePaths(options: ModelOptions): ModelPath[] {
  const serialize = options.serializeState ?? defaultSerialize;
  const traversal = {
    events: options.events as never,
    input: options.input as never,
    serializeState: serialize as never,
    ...(options.limit ? { limit: options.limit } : {}),
  };
  const generate = options.strategy === 'simple' ? getSimplePaths : getShortestPaths;
  const generated = generate(options.machine, traversal) as unknown as Array<{
    state: AnyMachineSnapshot;
    steps: ReplayStep[];
  }>;
  // The first step of a generated path is the initial state reached by xstate.init.
  const base = generated.map((path) => ({
    final: path.state,
    steps: path.steps.filter((step) => step.event.type !== 'xstate.init'),
  }));
  const paths: ReplayStep[][] = [];
  if (options.strategy === 'shortest' || options.strategy === 'simple') {
    paths.push(...base.map((path) => path.steps));
  } else {
    const seen = new Set<string>();
    for (const path of base) {
      const events = typeof options.events === 'function' ? options.events(path.final) : options.events;
      let extended = false;
      for (const event of events) {
        if (!path.final.can(event)) continue;
        const key = `${serialize(path.final)} ${describeEvent(event)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const next = getNextSnapshot(options.machine, path.final, event) as AnyMachineSnapshot;
        paths.push([...path.steps, { event, state: next }]);
        extended = true;
      }
      if (!extended) paths.push(path.steps);
    }
  }
  return paths.map((steps) => ({
    description: steps.length ? steps.map((s) => describeEvent(s.event)).join(' → ') : '(initial state)',
    steps,
  }));
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

function transitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of allStateNodes(machine.root)) {
    for (const [eventType, list] of node.transitions) {
      list.forEach((_t: unknown, index: number) => keys.push(`${node.id} on ${eventType} #${index}`));
    }
    (node.always ?? []).forEach((_t: unknown, index: number) => keys.push(`${node.id} always #${index}`));
  }
  return keys;
}

interface FiredTransition {
  source: AnyStateNode;
  eventType: string;
}

function keyOfFired(transition: FiredTransition): string {
  const { source, eventType } = transition;
  if (eventType === '') {
    return `${source.id} always #${(source.always ?? []).indexOf(transition as never)}`;
  }
  const list = source.transitions.get(eventType) ?? [];
  return `${source.id} on ${eventType} #${list.indexOf(transition as never)}`;
}

const AFTER_EVENT = /^xstate\.after\.(.+?)\.(.+)$/;

function delayOf(machine: AnyStateMachine, eventType: string): number | null {
  const match = AFTER_EVENT.exec(eventType);
  if (!match?.[1]) return null;
  const ref = match[1];
  if (/^\d+$/.test(ref)) return Number(ref);
  const delay = (machine.implementations.delays as Record<string, unknown>)[ref];
  if (typeof delay === 'number') return delay;
  throw new Error(`delay "${ref}" is not a number; give the test an execute hook for ${eventType}`);
}

/** Counts which of a machine's states and transitions the replayed paths went through. */
export class CoverageTracker {
  private readonly coveredStates = new Set<string>();
  private readonly coveredTransitions = new Set<string>();

  constructor(private readonly machine: AnyStateMachine) {}

  recordTransition(transition: FiredTransition): void {
    this.coveredTransitions.add(keyOfFired(transition));
    // A transient state (one left at once by `always`) is never in a settled snapshot.
    this.coveredStates.add(transition.source.id);
  }

  recordStates(snapshot: AnyMachineSnapshot): void {
    const nodes = (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
    for (const node of nodes) this.coveredStates.add(node.id);
  }

  report(): CoverageReport {
    const stateIds = allStateNodes(this.machine.root).map((node) => node.id);
    const transitions = transitionKeys(this.machine);
    return {
      machine: this.machine.id,
      states: {
        covered: stateIds.filter((id) => this.coveredStates.has(id)).length,
        total: stateIds.length,
        missing: stateIds.filter((id) => !this.coveredStates.has(id)),
      },
      transitions: {
        covered: transitions.filter((key) => this.coveredTransitions.has(key)).length,
        total: transitions.length,
        missing: transitions.filter((key) => !this.coveredTransitions.has(key)),
      },
    };
  }
}

export class PathModel {
  readonly paths: ModelPath[];
  private readonly tracker: CoverageTracker;

  constructor(private readonly options: ModelOptions) {
    this.paths = generatePaths(options);
    this.tracker = options.coverage ?? new CoverageTracker(options.machine);
  }

  /** Replays one path against a live actor and fails on the first step whose state differs. */
  async replay(path: ModelPath, hooks: ReplayHooks = {}): Promise<void> {
    const { machine } = this.options;
    const serialize = this.options.serializeState ?? defaultSerialize;
    const clock = new SimulatedClock();
    const inspect = (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return;
      const fired = (event as unknown as { _transitions: FiredTransition[] })._transitions;
      for (const transition of fired) this.tracker.recordTransition(transition);
      this.tracker.recordStates(event.snapshot as AnyMachineSnapshot);
    };
    const actor = createActor(machine, { input: this.options.input as never, clock, inspect });
    actor.start();
    this.tracker.recordStates(actor.getSnapshot());
    try {
      for (const step of path.steps) {
        if (hooks.execute) await hooks.execute(actor, step.event, clock);
        else {
          const delay = delayOf(machine, step.event.type);
          if (delay === null) actor.send(step.event);
          else clock.increment(delay);
        }
        const actual = serialize(actor.getSnapshot());
        const expected = serialize(step.state);
        if (actual !== expected) {
          throw new Error(
            `path "${path.description}" diverged at ${describeEvent(step.event)}:\n  expected ${expected}\n  actual   ${actual}`,
          );
        }
        this.tracker.recordStates(actor.getSnapshot());
        await hooks.check?.(actor, step);
      }
    } finally {
      actor.stop();
    }
  }

  coverage(): CoverageReport {
    return this.tracker.report();
  }
}

export function formatCoverage(report: CoverageReport): string {
  const pct = (a: number, b: number) => (b === 0 ? 100 : Math.round((a / b) * 100));
  return `${report.machine}: states ${report.states.covered}/${report.states.total} (${pct(report.states.covered, report.states.total)}%), transitions ${report.transitions.covered}/${report.transitions.total} (${pct(report.transitions.covered, report.transitions.total)}%)`;
}

/**
 * Replays every generated path of a machine's models, then requires that together they reached every
 * state and took every transition of the chart.
 */
export function replaysCoverTheChart(
  cases: ReadonlyArray<readonly [string, PathModel, ModelPath]>,
  coverage: CoverageTracker,
  hooks: ReplayHooks = {},
): void {
  it.each(cases)('replays %s', async (_name, model, path) => {
    await model.replay(path, hooks);
  });
  afterAll(() => {
    const report = coverage.report();
    console.log(formatCoverage(report), `(${cases.length} paths)`);
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  });
}

/**
 * The two ways an invoked loader of the chart ends, as a model offers them: done with `output`, or
 * failed. `path` is the invoking state's id (the machine's id first); the actor is its first invoke.
 */
export const doneOrFailed = (path: string, output: unknown) => [
  { type: `xstate.done.actor.0.${path}`, output },
  { type: `xstate.error.actor.0.${path}`, error: new Error('x') },
];
