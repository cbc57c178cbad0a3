import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise, getInitialMicrosteps, getMicrosteps, getNextSnapshot, getStateNodes, SimulatedClock } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import type { StatePath, Step, TestParam } from 'xstate/graph';

/**
 * Model-based path tests with an oracle in every state.
 *
 * A machine's path spec (tests/machines/<name>.paths.ts) says, once: which events a person or the
 * system can cause (per variant: a visitor, a player, …), how each is performed on the system under
 * test (send it, click it, answer the pending request, advance the clock), and what must be true in
 * every state of the chart (the selectors a screen renders, the requests the fakes received, the
 * events other actors got). xstate/graph's TestModel generates the paths from the chart and runs
 * each one: after every step the live actor must be in the state the path reached, and every
 * oracle of that state must hold. A state without an oracle fails the coverage report.
 *
 * Paths are sized for coverage: the shortest path to each state of the chart, and for each
 * transition the shortest path that takes it; a path that is the prefix of another is dropped.
 */

export type AnyEvent = EventObject & Record<string, unknown>;
type Events = readonly AnyEvent[] | ((snapshot: AnyMachineSnapshot) => readonly AnyEvent[]);

/** One way into the chart: its input and the events offered in each state. */
export interface Variant {
  name: string;
  input?: unknown;
  events: Events;
  /** Two snapshots with the same serialisation are one vertex of the model (default: value and context). */
  serializeState?: (snapshot: AnyMachineSnapshot) => string;
  limit?: number;
  /**
   * Choose this variant's paths for its own coverage, as if it were the only one (the report still
   * counts all variants together): for screens, where each variant draws a different page.
   */
  ownCoverage?: boolean;
}

/** What a path learns as it goes, for the oracles: the events performed so far, in order. */
export interface World {
  variant: Variant;
  clock: SimulatedClock;
  performed: AnyEvent[];
  /** The state the path says the system is in now. */
  expected: AnyMachineSnapshot;
}

/** The system under test for one path: a live actor with fakes, or a rendered screen. */
export interface Sut {
  /** The live snapshot of the actor under test. */
  snapshot(): AnyMachineSnapshot;
  /** Causes an event the way the system under test takes it (default performer). */
  send(event: AnyEvent): void | Promise<void>;
  effects?: FakeEffects;
  stop?(): void | Promise<void>;
}

export interface Oracle<S extends Sut> {
  /** What holds in this state, in words (printed by `npm run paths`). */
  asserts: string;
  check: (sut: S, world: World) => void | Promise<void>;
}

export interface PathSpec<S extends Sut = Sut> {
  /** The machine's name in machines/catalog.ts. */
  name: string;
  /** The real chart the paths are generated from (its effects need not be provided). */
  machine: AnyStateMachine;
  variants: readonly Variant[];
  start: (world: World) => S | Promise<S>;
  /** How an event type is performed, where sending it (or the default for done/error/after) is not right. */
  perform?: Record<string, (sut: S, event: AnyEvent, world: World) => void | Promise<void>>;
  /** Keyed by state node id ('#mines.round.idle'); every state node of the chart needs one. */
  states: Record<string, Oracle<S>>;
  /** Transitions (as the coverage report names them) no path can take, with the reason. */
  unreachable?: Record<string, string>;
}

export interface GeneratedPath {
  variant: Variant;
  description: string;
  path: StatePath<AnyMachineSnapshot, AnyEvent>;
}

/** Lets the promises of fakes settle and the actor take what they sent. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export const describeEvent = (event: AnyEvent): string => {
  const { type, ...rest } = event;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v))}` : type;
};

export const defaultSerialize = (snapshot: AnyMachineSnapshot): string =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context }, (_key, v: unknown) => {
    if (typeof v === 'bigint') return `${v}n`;
    if (v && typeof v === 'object' && 'sessionId' in v && 'send' in v) return '[actor]';
    return v;
  });

// ---------------------------------------------------------------------------------------------
// The chart: its states and transitions, from the machine's public definition.

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allStateNodes)];
}

/** A state left at once by an `always` branch without a guard: no snapshot ever settles in it. */
const isTransient = (node: AnyStateNode) => (node.always ?? []).some((t) => !t.guard && (t.target ?? []).length > 0);

export function chartOf(machine: AnyStateMachine) {
  const nodes = allStateNodes(machine.root);
  const transient = nodes.filter(isTransient).map((node) => `#${node.id}`);
  // The states a snapshot rests in: each needs an oracle (a compound state's own is optional, it holds in all its children).
  const resting = nodes.filter((node) => node.type === 'atomic' || node.type === 'final').filter((node) => !isTransient(node)).map((node) => `#${node.id}`);
  const transitions: string[] = [];
  for (const node of nodes) {
    for (const [eventType, list] of node.transitions) list.forEach((_t, i) => transitions.push(transitionKey(node, eventType, i)));
    (node.always ?? []).forEach((_t, i) => transitions.push(transitionKey(node, 'always', i)));
  }
  return { states: nodes.map((node) => `#${node.id}`), transitions, transient, resting };
}

const transitionKey = (source: AnyStateNode, eventType: string, index: number) =>
  eventType === 'always' ? `#${source.id} always #${index}` : `#${source.id} on ${eventType} #${index}`;

const keyOf = (t: AnyTransitionDefinition) => transitionKey(t.source, t.eventType, (t.source.transitions.get(t.eventType) ?? []).indexOf(t));

export const activeStateIds = (snapshot: AnyMachineSnapshot): string[] => [
  ...new Set(getStateNodes(snapshot.machine.root, snapshot.value).map((node) => `#${node.id}`)),
];

/** The eventless transitions taken between two microsteps: those whose target became active. */
function eventlessBetween(before: AnyMachineSnapshot, after: AnyMachineSnapshot): { transitions: string[]; states: string[] } {
  const wasActive = new Set(activeStateIds(before));
  const isActive = new Set(activeStateIds(after));
  const transitions: string[] = [];
  const states: string[] = [];
  for (const node of getStateNodes(before.machine.root, before.value)) {
    const index = (node.always ?? []).findIndex((t) => (t.target ?? []).length > 0 && (t.target ?? []).every((target) => isActive.has(`#${target.id}`) && !wasActive.has(`#${target.id}`)));
    if (index >= 0) {
      transitions.push(transitionKey(node, 'always', index));
      states.push(`#${node.id}`);
    }
  }
  return { transitions, states };
}

/** What one step of a path goes through: the transitions it takes and every state it enters (transient ones too). */
function stepCoverage(machine: AnyStateMachine, from: AnyMachineSnapshot | null, event: AnyEvent, input: unknown) {
  const transitions = new Set<string>();
  const states = new Set<string>();
  const steps = from ? getMicrosteps(machine, from as never, event as never) : getInitialMicrosteps(machine, input as never);
  const micro = steps.map(([s]) => s as AnyMachineSnapshot);
  if (from) for (const t of machine.getTransitionData(from as never, event as never)) transitions.add(keyOf(t as AnyTransitionDefinition));
  micro.forEach((snapshot, i) => {
    for (const id of activeStateIds(snapshot)) states.add(id);
    if (i > 0) {
      const eventless = eventlessBetween(micro[i - 1]!, snapshot);
      eventless.transitions.forEach((t) => transitions.add(t));
    }
    // An event the chart raised for itself (xstate's `raise`) is taken in this same step, from this snapshot on.
    for (const action of steps[i]![1] as Array<{ type: string; params?: { event?: EventObject; delay?: unknown } }>) {
      if (action.type !== 'xstate.raise' || !action.params?.event || action.params.delay !== undefined) continue;
      for (const t of machine.getTransitionData(snapshot as never, action.params.event as never)) transitions.add(keyOf(t as AnyTransitionDefinition));
    }
  });
  return { transitions, states };
}

// ---------------------------------------------------------------------------------------------
// Paths.

const eventsIn = (variant: Variant, snapshot: AnyMachineSnapshot): AnyEvent[] =>
  snapshot.status !== 'active' ? [] : (typeof variant.events === 'function' ? variant.events(snapshot) : variant.events).filter((event) => snapshot.can(event));

function testModelOf(machine: AnyStateMachine, variant: Variant) {
  const serialize = variant.serializeState ?? defaultSerialize;
  return new TestModel<AnyMachineSnapshot, AnyEvent, unknown>(machine as never, {
    events: (snapshot) => eventsIn(variant, snapshot),
    serializeState: (snapshot) => serialize(snapshot),
    input: variant.input,
    ...(variant.limit ? { limit: variant.limit } : {}),
    // '#id' matches when that state node is active; 'sync' is every step's check that the live actor is there too.
    stateMatcher: (snapshot, key) => key === 'sync' || activeStateIds(snapshot).includes(key),
  });
}

const withoutInit = (path: StatePath<AnyMachineSnapshot, AnyEvent>) => path.steps.filter((step) => step.event.type !== 'xstate.init');

export const pathDescription = (variant: Variant, path: StatePath<AnyMachineSnapshot, AnyEvent>): string => {
  const events = withoutInit(path).map((step) => describeEvent(step.event));
  return `${variant.name}: ${events.length ? events.join(' → ') : '(initial state)'}`;
};

export interface CoverageReport {
  machine: string;
  variants: number;
  paths: number;
  states: { total: number; reached: string[]; missing: string[] };
  transitions: { total: number; taken: string[]; missing: string[] };
  /** States a snapshot can rest in (atomic, not transient) with no oracle in the spec. */
  unasserted: string[];
  /** Transient states: never settled in, so no oracle can run there. */
  transient: string[];
  /** How many states a snapshot can rest in, and how many oracles the spec has (compound states' included). */
  resting: number;
  oracles: number;
}

/**
 * The paths of a spec: per variant, the shortest path to every state of the chart, then for every
 * transition not yet taken the shortest path that takes it; prefixes of longer paths dropped.
 */
export function generatePaths<S extends Sut>(spec: Pick<PathSpec<S>, 'machine' | 'variants' | 'name' | 'states' | 'unreachable'>): { paths: GeneratedPath[]; coverage: CoverageReport } {
  const { machine } = spec;
  const chart = chartOf(machine);
  const reached = new Set<string>();
  const taken = new Set<string>();
  const paths: GeneratedPath[] = [];
  for (const variant of spec.variants) {
    const model = testModelOf(machine, variant);
    const vertices = model.getShortestPaths({ allowDuplicatePaths: true }).sort((a, b) => a.steps.length - b.steps.length);
    const selected: Array<StatePath<AnyMachineSnapshot, AnyEvent>> = [];
    const seenTransitions = variant.ownCoverage ? new Set<string>() : taken;
    const seenStates = variant.ownCoverage ? new Set<string>() : reached;
    const cover = (path: StatePath<AnyMachineSnapshot, AnyEvent>) => {
      let previous: AnyMachineSnapshot | null = null;
      for (const step of path.steps) {
        const { transitions, states } = stepCoverage(machine, previous, step.event, variant.input);
        transitions.forEach((t) => (taken.add(t), seenTransitions.add(t)));
        states.forEach((s) => (reached.add(s), seenStates.add(s)));
        previous = step.state;
      }
    };
    const choose = (path: StatePath<AnyMachineSnapshot, AnyEvent>) => {
      selected.push(path);
      cover(path);
    };
    const addsCoverage = (fired: { transitions: Set<string>; states: Set<string> }) =>
      [...fired.transitions].some((t) => !seenTransitions.has(t)) || [...fired.states].some((s) => !seenStates.has(s));
    // The shortest path to each state first (with the transitions its last step takes) ...
    for (const vertex of vertices) {
      const steps = withoutInit(vertex);
      const last = steps.at(-1);
      const before = steps.length > 1 ? steps.at(-2)!.state : vertex.steps[0]!.state;
      if (addsCoverage(last ? stepCoverage(machine, before, last.event, variant.input) : stepCoverage(machine, null, { type: 'xstate.init' }, variant.input))) choose(vertex);
    }
    // ... then one step further, for each transition still not taken.
    for (const vertex of vertices) {
      for (const event of eventsIn(variant, vertex.state)) {
        if (!addsCoverage(stepCoverage(machine, vertex.state, event, variant.input))) continue;
        const next = getNextSnapshot(machine, vertex.state as never, event as never) as AnyMachineSnapshot;
        choose({ state: next, steps: [...vertex.steps, { event, state: next }], weight: vertex.weight + 1 });
      }
    }
    // A path whose steps begin another selected path adds nothing that path does not check.
    const keyOfPath = (path: StatePath<AnyMachineSnapshot, AnyEvent>) => withoutInit(path).map((s) => describeEvent(s.event));
    const keys = selected.map(keyOfPath);
    selected.forEach((path, i) => {
      const key = keys[i]!;
      const isPrefix = keys.some((other, j) => j !== i && other.length > key.length && key.every((e, k) => other[k] === e));
      const isDuplicate = keys.some((other, j) => j < i && other.length === key.length && key.every((e, k) => other[k] === e));
      if (!isPrefix && !isDuplicate) paths.push({ variant, description: pathDescription(variant, path), path });
    });
  }
  const excused = new Set(Object.keys(spec.unreachable ?? {}));
  return {
    paths,
    coverage: {
      machine: spec.name,
      variants: spec.variants.length,
      paths: paths.length,
      states: { total: chart.states.length, reached: [...reached], missing: chart.states.filter((s) => !reached.has(s)) },
      transitions: { total: chart.transitions.length, taken: [...taken], missing: chart.transitions.filter((t) => !taken.has(t) && !excused.has(t)) },
      unasserted: chart.resting.filter((s) => !spec.states[s]),
      transient: chart.transient,
      resting: chart.resting.length,
      oracles: Object.keys(spec.states).length,
    },
  };
}

/** The oracles that hold in a state, most general first (the machine's root, then down). */
export const oraclesFor = <S extends Sut>(spec: PathSpec<S>, snapshot: AnyMachineSnapshot) =>
  activeStateIds(snapshot)
    .sort((a, b) => a.length - b.length)
    .flatMap((id) => (spec.states[id] ? [[id, spec.states[id]] as const] : []));

// ---------------------------------------------------------------------------------------------
// Performing events on the system under test.

const AFTER_EVENT = /^xstate\.after\.(.+?)\.(.+)$/;
const DONE_EVENT = /^xstate\.done\.actor\.(.+)$/;
const ERROR_EVENT = /^xstate\.error\.actor\.(.+)$/;

function delayOf(machine: AnyStateMachine, eventType: string): number | null {
  const match = AFTER_EVENT.exec(eventType);
  if (!match?.[1]) return null;
  const ref = match[1];
  if (/^\d+$/.test(ref)) return Number(ref);
  const delay = (machine.implementations.delays as Record<string, unknown>)[ref];
  if (typeof delay === 'number') return delay;
  throw new Error(`delay "${ref}" is not a number; give the spec a performer for ${eventType}`);
}

async function performDefault(machine: AnyStateMachine, sut: Sut, event: AnyEvent, world: World): Promise<void> {
  const delay = delayOf(machine, event.type);
  const done = DONE_EVENT.exec(event.type)?.[1];
  const failed = ERROR_EVENT.exec(event.type)?.[1];
  if (delay !== null) world.clock.increment(delay);
  else if (done !== undefined) requireEffects(sut, event).resolve(done, event['output']);
  else if (failed !== undefined) requireEffects(sut, event).reject(failed, event['error']);
  else await sut.send(event);
  await settle();
}

function requireEffects(sut: Sut, event: AnyEvent): FakeEffects {
  if (!sut.effects) throw new Error(`${event.type}: the system under test has no fake effects to answer it`);
  return sut.effects;
}

interface PendingCall {
  input: unknown;
  self: AnyActorRef;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Fakes for a machine's effect actors and actions: every call is recorded with its input, and an
 * actor's call stays pending until the path answers it (`xstate.done.actor.<id>` resolves it,
 * `xstate.error.actor.<id>` rejects it). Answering a call the machine never made fails the path.
 */
export class FakeEffects {
  readonly calls: Record<string, unknown[]> = {};
  private readonly pending = new Map<string, PendingCall[]>();

  /** `aliases` maps an invoke id to the actor it invokes, where they differ. */
  constructor(private readonly aliases: Record<string, string> = {}) {}

  callsOf<T = unknown>(name: string): T[] {
    return (this.calls[name] ?? []) as T[];
  }

  actor<TOutput = unknown, TInput = unknown>(name: string) {
    return fromPromise<TOutput, TInput>(({ input, self }) => {
      this.record(name, input);
      return new Promise<TOutput>((resolve, reject) => {
        const list = this.pending.get(name) ?? [];
        list.push({ input, self, resolve: resolve as (output: unknown) => void, reject });
        this.pending.set(name, list);
      });
    });
  }

  actors<N extends string>(names: readonly N[]): Record<N, ReturnType<FakeEffects['actor']>> {
    return Object.fromEntries(names.map((name) => [name, this.actor(name)])) as Record<N, ReturnType<FakeEffects['actor']>>;
  }

  action(name: string) {
    return (_args: unknown, params: unknown) => this.record(name, params);
  }

  actions<N extends string>(names: readonly N[]): Record<N, (args: unknown, params: unknown) => void> {
    return Object.fromEntries(names.map((name) => [name, this.action(name)])) as Record<N, (args: unknown, params: unknown) => void>;
  }

  record(name: string, value: unknown): void {
    (this.calls[name] ??= []).push(value);
  }

  /** The call of `id` still waiting for an answer (with the input it was made with), if any. */
  waiting(id: string): { input: unknown } | undefined {
    const call = this.live(id);
    return call && { input: call.input };
  }

  resolve(id: string, output: unknown): void {
    this.answer(id, (call) => call.resolve(output));
  }

  reject(id: string, error: unknown): void {
    this.answer(id, (call) => call.reject(error));
  }

  private live(id: string): PendingCall | undefined {
    const list = this.pending.get(this.aliases[id] ?? id) ?? [];
    return [...list].reverse().find((call) => call.self.getSnapshot().status === 'active');
  }

  private answer(id: string, settleCall: (call: PendingCall) => void): void {
    const call = this.live(id);
    if (!call) throw new Error(`no ${id} call is waiting for an answer: the machine never made it, or stopped it`);
    const list = this.pending.get(this.aliases[id] ?? id)!;
    list.splice(list.indexOf(call), 1);
    settleCall(call);
  }
}

// ---------------------------------------------------------------------------------------------
// The test file of a machine.

export function formatCoverage(report: CoverageReport): string {
  const reached = report.states.total - report.states.missing.length;
  const taken = report.transitions.total - report.transitions.missing.length;
  const asserted = report.resting - report.unasserted.length;
  return `${report.machine}: states ${reached}/${report.states.total} reached; resting states ${asserted}/${report.resting} with an oracle (${report.oracles} oracles); transitions ${taken}/${report.transitions.total} taken; ${report.paths} paths from ${report.variants} variant(s)`;
}

/** Runs one generated path against a fresh system under test. */
export async function runPath<S extends Sut>(spec: PathSpec<S>, generated: GeneratedPath, ran?: Set<string>): Promise<void> {
  const { variant, path } = generated;
  const initial = path.steps[0]!.state;
  const world: World = { variant, clock: new SimulatedClock(), performed: [], expected: initial };
  const sut = await spec.start(world);
  await settle();
  const model = testModelOf(spec.machine, variant);
  const events: Record<string, (step: Step<AnyMachineSnapshot, AnyEvent>) => Promise<void>> = {};
  for (const step of path.steps) {
    if (step.event.type === 'xstate.init') continue;
    events[step.event.type] = async ({ event, state }) => {
      world.performed.push(event);
      world.expected = state;
      const perform = spec.perform?.[event.type];
      if (perform) {
        await perform(sut, event, world);
        await settle();
      } else await performDefault(spec.machine, sut, event, world);
    };
  }
  const states: Record<string, (snapshot: AnyMachineSnapshot) => Promise<void>> = {
    sync: async (expected) => {
      expect(sut.snapshot().value, 'the live actor is in the state the path reached').toEqual(expected.value);
    },
  };
  for (const [id, oracle] of Object.entries(spec.states)) {
    states[id] = async () => {
      ran?.add(id);
      await oracle.check(sut, world);
    };
  }
  try {
    await model.testPath(path, { events, states } as TestParam<AnyMachineSnapshot, AnyEvent>);
  } finally {
    await sut.stop?.();
  }
}

/**
 * The test file of one machine: a `paths: <name>` block with one test per generated path, and the
 * coverage report (states reached and asserted, transitions taken), which fails on any gap.
 */
export function pathSuite<S extends Sut>(spec: PathSpec<S>): void {
  const { paths, coverage } = generatePaths(spec);
  const ran = new Set<string>();
  describe(`paths: ${spec.name}`, () => {
    it.each(paths.map((p) => [p.description, p] as const))('%s', async (_description, generated) => {
      await runPath(spec, generated, ran);
    });
  });
  describe(`${spec.name} path coverage`, () => {
    afterAll(() => console.log(formatCoverage(coverage)));
    it('reaches every state, takes every transition and has an oracle for every state', () => {
      expect(coverage.states.missing, 'states no path reaches').toEqual([]);
      expect(coverage.transitions.missing, 'transitions no path takes').toEqual([]);
      expect(coverage.unasserted, 'states without an oracle').toEqual([]);
      const chart = chartOf(spec.machine);
      const stale = Object.keys(spec.states).filter((id) => !chart.states.includes(id) || chart.transient.includes(id));
      expect(stale, 'oracles for states the chart does not have, or transient ones no snapshot settles in').toEqual([]);
      const idle = Object.keys(spec.states).filter((id) => !ran.has(id));
      expect(idle, 'oracles no path ran').toEqual([]);
    });
  });
}
