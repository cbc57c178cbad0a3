import { and, not, or, stateIn } from 'xstate';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * Turns a machine's own definition into Mermaid state diagrams a designer can read: one diagram per
 * region of a parallel machine (plus an overview of the regions), edges labelled with the event and
 * the guard in words, and everything that would clutter the drawing (descriptions, invoked actors,
 * tags, transitions that keep the state) in a table under it. The docs generator and the in-app
 * inspector draw from this same source, so what a designer reads offline is what the app runs.
 */

export type Direction = 'TB' | 'LR';

export interface StateRow {
  /** Path inside the machine, e.g. `bet.placing`. */
  state: string;
  description: string;
  invokes: string[];
  tags: string[];
  /** Events handled without leaving the state (or re-entering it), with their guards in words. */
  stays: string[];
}

export interface Diagram {
  /** File stem and key: `dice` for the whole (or the overview), `dice.round` for a region. */
  key: string;
  title: string;
  /** The state node the diagram draws the inside of (the root, or a region). */
  nodeId: string;
  direction: Direction;
  source: string;
  rows: StateRow[];
  /** Transitions declared on the drawn node itself: they apply in any state inside it. */
  anyState: string[];
}

/**
 * Per-diagram layout choices, picked so that every rendered diagram stays within the width budget
 * (2,000 px) a test checks. Unlisted diagrams are drawn top to bottom.
 */
const DIRECTIONS: Record<string, Direction> = {};

/**
 * How many levels of states a diagram opens (2 unless listed): busy regions open one level and
 * draw each state that has states of its own as a separate diagram, to stay within the budget.
 */
const OPEN_LEVELS: Record<string, number> = { 'mines.game': 1, 'blackjack.round': 1, auth: 1 };

/** The Mermaid settings of the committed pictures and of the inspector: text labels keep an SVG readable outside a browser. */
export const MERMAID_CONFIG = {
  startOnLoad: false,
  securityLevel: 'strict',
  theme: 'default',
  htmlLabels: false,
  flowchart: { htmlLabels: false },
  state: { useMaxWidth: false },
  fontFamily: 'Arial, Helvetica, sans-serif',
} as const;

export const mermaidId = (stateNodeId: string) => `s_${stateNodeId.replace(/[^a-zA-Z0-9_]/g, '_')}`;

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();

const checkOf = (make: () => unknown) => (make() as { check?: unknown }).check;
const AND = checkOf(() => and([]));
const OR = checkOf(() => or([]));
const NOT = checkOf(() => not(() => true));
const STATE_IN = checkOf(() => stateIn('x'));

function stateValueWords(value: unknown): string {
  if (typeof value === 'string') return value.replace(/^#/, '').split('.').slice(1).join('.') || value;
  return JSON.stringify(value);
}

/** A guard as a designer would say it: `isNewCurrency` → "new currency", `canAct(hit)` → "can act (hit)". */
export function guardWords(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return words(guard).replace(/^is /, '');
  if (typeof guard === 'function') {
    const g = guard as { check?: unknown; guards?: unknown[]; stateValue?: unknown };
    if (g.check === STATE_IN) return `in ${stateValueWords(g.stateValue)}`;
    if (g.check === AND && g.guards) return g.guards.map(guardWords).join(' and ');
    if (g.check === OR && g.guards) return g.guards.map(guardWords).join(' or ');
    if (g.check === NOT && g.guards?.[0] !== undefined) return `not ${guardWords(g.guards[0])}`;
    return 'condition';
  }
  if (typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    const name = words(type);
    const values = params && typeof params === 'object' ? Object.values(params as Record<string, unknown>).map(String) : [];
    if (name.startsWith('is ') && values.length === 1) return `${name.slice(3)} is ${values[0]}`;
    return values.length ? `${name.replace(/^is /, '')} (${values.join(', ')})` : name.replace(/^is /, '');
  }
  return 'condition';
}

function invokeSrc(node: AnyStateNode, actorId: string): string {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) {
    const inv = ((n.invoke ?? []) as Array<{ id: string; src: unknown }>).find((i) => i.id === actorId);
    if (inv) return typeof inv.src === 'string' ? inv.src : inv.id;
  }
  return actorId.split('.').pop() ?? actorId;
}

function eventWords(machine: AnyStateMachine, node: AnyStateNode, eventType: string): string {
  if (eventType === '') return 'at once';
  const after = /^xstate\.after\.(.+?)\.(.+)$/.exec(eventType);
  if (after?.[1]) {
    const ref = after[1];
    const value = (machine.implementations.delays as Record<string, unknown>)[ref];
    if (typeof value === 'number') return `after ${value / 1000} s`;
    return /^\d+$/.test(ref) ? `after ${Number(ref) / 1000} s` : `after ${words(ref)}`;
  }
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (done?.[2]) return `${invokeSrc(node, done[2])} ${done[1] === 'done' ? 'done' : 'failed'}`;
  const stateDone = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (stateDone?.[1]) return `${stateDone[1].split('.').pop()} finished`;
  return eventType;
}

/** Mermaid treats `:` `;` `#` `{}` and quotes specially in labels. */
const label = (text: string) => text.replace(/"/g, "'").replace(/[:;#{}<>]/g, ' ').replace(/\s+/g, ' ').trim();

type Transition = { target?: readonly AnyStateNode[]; guard?: unknown; reenter?: boolean };

function transitionsOf(node: AnyStateNode): Array<[string, Transition]> {
  const out: Array<[string, Transition]> = [];
  for (const [eventType, list] of (node.transitions as Map<string, Transition[]>).entries()) for (const t of list) out.push([eventType, t]);
  for (const t of (node.always ?? []) as Transition[]) out.push(['', t]);
  return out;
}

const childrenOf = (node: AnyStateNode) => Object.values(node.states as Record<string, AnyStateNode>);
const isInside = (node: AnyStateNode, ancestor: AnyStateNode) => {
  for (let n: AnyStateNode | undefined = node; n; n = n.parent) if (n === ancestor) return true;
  return false;
};
const relPath = (node: AnyStateNode, from: AnyStateNode) => node.path.slice(from.path.length).join('.');

function transitionText(machine: AnyStateMachine, node: AnyStateNode, eventType: string, t: Transition): string {
  const guard = guardWords(t.guard);
  return `${eventWords(machine, node, eventType)}${guard ? ` if ${guard}` : ''}`;
}

/** Draws the inside of `top` (a compound state); a parallel state inside is drawn closed and listed in `nested`. */
function drawInside(machine: AnyStateMachine, key: string, title: string, top: AnyStateNode, nested: AnyStateNode[]): Diagram {
  const direction = DIRECTIONS[key] ?? 'TB';
  const lines = ['stateDiagram-v2', `  direction ${direction}`];
  const rows: StateRow[] = [];
  const anyState: string[] = [];
  // A state two levels down that has states of its own is drawn closed, with a diagram of its own:
  // arrows crossing several frames are what made the old charts unreadable (and too wide).
  const closed = (node: AnyStateNode) =>
    node !== top && (node.type === 'parallel' || (childrenOf(node).length > 0 && node.path.length - top.path.length >= (OPEN_LEVELS[key] ?? 2)));

  const drawChildren = (node: AnyStateNode, indent: string) => {
    const initial = (node.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0];
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial.id)}`);
    for (const child of childrenOf(node)) drawNode(child, indent);
  };

  const drawNode = (node: AnyStateNode, indent: string) => {
    const id = mermaidId(node.id);
    if (closed(node)) {
      // Mermaid cannot lay out regions nested in a composite state either: each gets a diagram of its own.
      const inside = node.type === 'parallel' ? `${childrenOf(node).length} regions side by side` : `${childrenOf(node).length} states inside`;
      lines.push(`${indent}state "${label(node.key)} - ${inside}" as ${id}`);
      nested.push(node);
    } else {
      lines.push(`${indent}state "${label(node.key)}" as ${id}`);
      if (childrenOf(node).length) {
        lines.push(`${indent}state ${id} {`);
        drawChildren(node, `${indent}  `);
        lines.push(`${indent}}`);
      }
    }
    if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
    rows.push({
      state: relPath(node, machine.root),
      description: node.description ?? '',
      invokes: ((node.invoke ?? []) as Array<{ id: string; src: unknown }>).map((i) => (typeof i.src === 'string' ? i.src : i.id)),
      tags: [...(node.tags ?? [])],
      stays: [],
    });
  };
  drawChildren(top, '  ');

  /** Where an arrow into `target` ends in this drawing: the closed parallel state that holds it, if any. */
  const drawnAs = (target: AnyStateNode): AnyStateNode => {
    let shown = target;
    for (let n: AnyStateNode | undefined = target; n && n !== top; n = n.parent) if (closed(n)) shown = n;
    return shown;
  };

  // Edges: one per source and target, its events joined, so parallel arrows do not pile up.
  const edges = new Map<string, string[]>();
  /** Arrows leaving a closed state from anywhere inside it start at its box. */
  const visitClosed = (box: AnyStateNode, node: AnyStateNode) => {
    for (const [eventType, t] of transitionsOf(node)) {
      for (const target of t.target ?? []) {
        if (isInside(target, box) || !isInside(target, top)) continue;
        const edge = `${mermaidId(box.id)} --> ${mermaidId(drawnAs(target).id)}`;
        edges.set(edge, [...(edges.get(edge) ?? []), label(transitionText(machine, node, eventType, t))]);
      }
    }
    childrenOf(node).forEach((child) => visitClosed(box, child));
  };
  const visit = (node: AnyStateNode) => {
    if (closed(node)) {
      visitClosed(node, node);
      return;
    }
    for (const [eventType, t] of transitionsOf(node)) {
      const text = transitionText(machine, node, eventType, t);
      const targets = t.target ?? [];
      if (node === top) {
        anyState.push(targets.length ? `${text} → ${targets.map((x) => relPath(x, machine.root)).join(', ')}` : text);
        continue;
      }
      const row = rows.find((r) => r.state === relPath(node, machine.root));
      if (targets.length === 0) {
        row?.stays.push(text);
        continue;
      }
      for (const target of targets) {
        const shown = isInside(target, top) ? drawnAs(target) : null;
        if (target === node) row?.stays.push(`${text} (re-enters)`);
        else if (!shown || shown === node) row?.stays.push(`${text} → ${relPath(target, machine.root)}`);
        else {
          const edge = `${mermaidId(node.id)} --> ${mermaidId(shown.id)}`;
          edges.set(edge, [...(edges.get(edge) ?? []), label(text)]);
        }
      }
    }
    childrenOf(node).forEach(visit);
  };
  visit(top);
  for (const [edge, texts] of edges) lines.push(`  ${edge} : ${[...new Set(texts)].join('<br/>')}`);

  return { key, title, nodeId: top.id, direction, source: lines.join('\n'), rows, anyState };
}

/** The regions of a parallel state side by side, each with its size and first state: a map to the region diagrams. */
function drawOverview(machine: AnyStateMachine, key: string, title: string, parallel: AnyStateNode): Diagram {
  const direction = DIRECTIONS[key] ?? 'LR';
  const lines = ['stateDiagram-v2', `  direction ${direction}`];
  const id = mermaidId(parallel.id);
  lines.push(`  state "${label(parallel === machine.root ? key : parallel.key)} - regions run side by side" as ${id}`, `  state ${id} {`);
  const regions = childrenOf(parallel);
  regions.forEach((region, i) => {
    const initial = (region.initial as { target?: readonly AnyStateNode[] } | undefined)?.target?.[0];
    const inside = region.type === 'parallel' ? `${childrenOf(region).length} regions` : `${childrenOf(region).length} states, starts ${initial ? label(initial.key) : '-'}`;
    lines.push(`    state "${label(region.key)} - ${inside}" as ${mermaidId(region.id)}`);
    if (i < regions.length - 1) lines.push('    --');
  });
  lines.push('  }');
  const anyState = transitionsOf(parallel).map(([eventType, t]) => {
    const text = transitionText(machine, parallel, eventType, t);
    return t.target?.length ? `${text} → ${t.target.map((x) => relPath(x, machine.root)).join(', ')}` : text;
  });
  const rows: StateRow[] = regions.map((region) => ({
    state: relPath(region, machine.root),
    description: region.description ?? `See ${key}.${region.key}.`,
    invokes: ((region.invoke ?? []) as Array<{ id: string; src: unknown }>).map((i) => (typeof i.src === 'string' ? i.src : i.id)),
    tags: [...(region.tags ?? [])],
    stays: [],
  }));
  return { key, title, nodeId: parallel.id, direction, source: lines.join('\n'), rows, anyState };
}

function diagramsOf(machine: AnyStateMachine, node: AnyStateNode, key: string, title: string): Diagram[] {
  if (node.type === 'parallel') {
    return [
      drawOverview(machine, key, title, node),
      ...childrenOf(node).flatMap((region) => diagramsOf(machine, region, `${key}.${region.key}`, `Region ${relPath(region, machine.root)}`)),
    ];
  }
  const nested: AnyStateNode[] = [];
  const diagram = drawInside(machine, key, title, node, nested);
  return [
    diagram,
    ...nested.flatMap((p) => diagramsOf(machine, p, `${key}.${relPath(p, node)}`, `${p.type === 'parallel' ? 'Parallel state' : 'State'} ${relPath(p, machine.root)}`)),
  ];
}

/**
 * Every diagram of one machine: the whole machine, or an overview and one diagram per region of each
 * parallel state (Mermaid cannot lay out regions inside one another).
 */
export function machineDiagrams(name: string, machine: AnyStateMachine): Diagram[] {
  return diagramsOf(machine, machine.root, name, machine.root.type === 'parallel' ? 'Overview' : 'Chart');
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(diagram: Diagram): string[] {
  const out = ['| State | What it means | Invokes | Tags | Handled without changing state |', '| --- | --- | --- | --- | --- |'];
  for (const row of diagram.rows) {
    out.push(
      `| \`${row.state}\` | ${cell(row.description)} | ${row.invokes.map((i) => `\`${i}\``).join(', ')} | ${row.tags.map((t) => `\`${t}\``).join(', ')} | ${row.stays.map(cell).join('; ')} |`,
    );
  }
  return out;
}

export function machineDoc(name: string, machine: AnyStateMachine): string {
  const invoked = ((machine.root.invoke ?? []) as Array<{ id: string; systemId?: string; src: unknown }>).map(
    (inv) => `- \`${inv.id}\`${inv.systemId ? ` (systemId \`${inv.systemId}\`)` : ''}: ${typeof inv.src === 'string' ? inv.src : 'inline actor'}`,
  );
  const diagrams = machineDiagrams(name, machine);
  const parts = [
    `# Statechart: ${name}`,
    '',
    `Generated by \`npm run docs:statecharts\` from \`machines/\` (machine id \`${machine.id}\`). Do not edit by hand;`,
    'a test fails when this file or its SVG pictures are stale. Each picture opens in any browser; the',
    'in-app inspector draws the same charts live (see README).',
    '',
    ...(invoked.length ? ['Invoked actors:', '', ...invoked, ''] : []),
  ];
  for (const diagram of diagrams) {
    parts.push(
      `## ${diagram.title}`,
      '',
      `![${diagram.key}](${diagram.key}.svg)`,
      '',
      '```mermaid',
      diagram.source,
      '```',
      '',
    );
    if (diagram.anyState.length) {
      parts.push(diagram.key === name ? 'Handled in every state:' : 'Handled in any state of this region:', '', ...diagram.anyState.map((t) => `- ${t}`), '');
    }
    parts.push(...table(diagram), '');
  }
  return parts.join('\n');
}

/** The machine as the JSON definition that xstate's createMachine and the Stately visualizer read. */
export function machineJson(machine: AnyStateMachine): string {
  return JSON.stringify(machine.toJSON(), (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value), 2);
}
