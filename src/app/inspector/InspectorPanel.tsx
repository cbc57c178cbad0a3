import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { EventObject } from 'xstate';
import type { Mermaid } from 'mermaid';
import { machineCatalog } from '../../../machines/catalog';
import { APP_WIDE_IDS } from '../../../machines/shared/system';
import { SCREEN_IDS } from '../../../machines/shared/screens';
import { MERMAID_CONFIG, machineDiagrams, machineJson, mermaidId } from './diagram';
import type { Diagram } from './diagram';
import { payloadText } from './recorder';
import type { Recorder, TrackedActor } from './recorder';
import { replayable, startReplay } from './replay';
import type { Replay } from './replay';
import styles from './inspector.module.css';


let mermaidReady: Promise<Mermaid> | null = null;
/** Mermaid is bundled from node_modules and loaded when the first chart is drawn: no network needed. */
function loadMermaid(): Promise<Mermaid> {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ ...MERMAID_CONFIG });
    return mermaid;
  });
  return mermaidReady;
}

let renderQueue: Promise<unknown> = Promise.resolve();
let renderCount = 0;
/** Mermaid renders one chart at a time. */
function renderChart(source: string): Promise<string> {
  const next = renderQueue.then(async () => {
    const mermaid = await loadMermaid();
    renderCount += 1;
    return (await mermaid.render(`inspector_chart_${renderCount}`, source)).svg;
  });
  renderQueue = next.catch(() => undefined);
  return next;
}

/** Marks the boxes of the active states in a drawn chart. */
function highlight(holder: HTMLElement, diagram: Diagram, activeIds: string[]) {
  const active = new Map(activeIds.map((id) => [mermaidId(id), id]));
  for (const g of holder.querySelectorAll<SVGGElement>('g[id*="-state-"]')) {
    const match = /-state-(.+)-\d+$/.exec(g.id);
    const id = match?.[1] ? active.get(match[1]) : undefined;
    if (id && id !== diagram.nodeId) {
      g.setAttribute('data-active', 'true');
      g.setAttribute('data-state', id.split('.').slice(1).join('.'));
    } else {
      g.removeAttribute('data-active');
      g.removeAttribute('data-state');
    }
  }
}

/**
 * Mermaid measures a chart in a scratch element that the app's styles reach, so its box can come out
 * smaller than the drawing: the frame is fitted to what was actually drawn.
 */
function fitToDrawing(holder: HTMLElement) {
  const svg = holder.querySelector('svg');
  if (!svg) return;
  const box = svg.getBBox();
  if (!box.width || !box.height) return;
  const pad = 8;
  svg.setAttribute('viewBox', `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`);
  svg.setAttribute('width', String(Math.ceil(box.width + 2 * pad)));
  svg.removeAttribute('height');
  svg.style.maxWidth = '100%';
}

function Chart({ diagram, activeIds }: { diagram: Diagram; activeIds: string[] }) {
  const holder = useRef<HTMLDivElement>(null);
  const [svg, setSvg] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    renderChart(diagram.source).then(
      (drawn) => live && setSvg(drawn),
      (failure: unknown) => live && setError(String((failure as Error)?.message ?? failure)),
    );
    return () => {
      live = false;
    };
  }, [diagram.source]);
  useEffect(() => {
    if (holder.current && svg) fitToDrawing(holder.current);
  }, [svg]);
  useEffect(() => {
    if (holder.current && svg) highlight(holder.current, diagram, activeIds);
  }, [svg, diagram, activeIds]);
  return (
    <figure className={styles.chart} aria-label={`Chart ${diagram.key}`}>
      <figcaption>{diagram.title}</figcaption>
      {error ? <p role="alert">Mermaid could not draw this chart: {error}</p> : null}
      {/* Mermaid's own output, rendered with securityLevel strict from our generated source. */}
      {svg ? <div ref={holder} className={styles.svg} dangerouslySetInnerHTML={{ __html: svg }} /> : <p>Drawing…</p>}
    </figure>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function EventLine({ event, after }: { event: EventObject | null; after: string[] }) {
  const payload = event ? payloadText(event) : '';
  return (
    <>
      <code className={styles.eventType}>{event ? event.type : '(start)'}</code>
      {payload ? <code className={styles.payload}>{payload}</code> : null}
      <span className={styles.after}>→ {after.join(', ')}</span>
    </>
  );
}

function ReplayView({ actor, onState }: { actor: TrackedActor; onState: (ids: string[] | null) => void }) {
  const machine = machineCatalog[actor.machine];
  // The events as recorded when the replay opened; the live actor may go on meanwhile.
  const [recorded] = useState(() => actor.events.map((e) => e.event).filter(replayable));
  const [replay, setReplay] = useState<Replay | null>(null);
  const [, setStep] = useState(0);
  useEffect(() => {
    if (!machine) return;
    const started = startReplay(machine, actor.input);
    setReplay(started);
    onState(started.activeIds());
    return () => {
      started.stop();
      onState(null);
    };
  }, [machine, actor, onState]);
  if (!replay) return null;
  const done = replay.steps.length - 1;
  const next = () => {
    const event = recorded[done];
    if (!event) return;
    replay.send(event);
    onState(replay.activeIds());
    setStep(done + 1);
  };
  return (
    <section className={styles.replay} aria-label="Replay">
      <h3>Replay of {recorded.length} recorded events</h3>
      <p role="status" aria-label="Replay step">
        Step {done} of {recorded.length}
      </p>
      <button type="button" onClick={next} disabled={done >= recorded.length}>
        Next event
      </button>
      <ol className={styles.events}>
        {replay.steps.map((step, i) => (
          <li key={i}>
            <EventLine event={step.event} after={step.after} />
          </li>
        ))}
      </ol>
    </section>
  );
}

// Not a page's screen either: the live statistics panel's and the preferences' (reality checks) actors run
// beside every page of a signed-in player.
const APP_WIDE_SYSTEM_IDS = new Set<string>([...Object.values(APP_WIDE_IDS), SCREEN_IDS.stats, SCREEN_IDS.preferences]);

export function InspectorPanel({ recorder, initiallyOpen }: { recorder: Recorder; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  useSyncExternalStore(recorder.subscribe, recorder.version);
  const actors = recorder.list();
  const runningNames = new Set(actors.filter((a) => !a.stopped).map((a) => a.machine));
  const [machineName, setMachineName] = useState<string | null>(null);
  // Until the designer picks one: the newest running screen actor, else the app. The app-wide actors are
  // not screens (the live link and the feed start after the first paint, so they may be newer than one).
  const newest = [...actors].reverse().find((a) => !a.stopped && a.machine !== 'app' && !APP_WIDE_SYSTEM_IDS.has((a.ref as { systemId?: string }).systemId ?? ''));
  const selected = machineName ?? newest?.machine ?? 'app';
  const live = [...actors].reverse().find((a) => a.machine === selected && !a.stopped) ?? [...actors].reverse().find((a) => a.machine === selected);
  const machine = machineCatalog[selected];
  const diagrams = useMemo(() => (machine ? machineDiagrams(selected, machine) : []), [machine, selected]);
  const [replaying, setReplaying] = useState(false);
  const [replayIds, setReplayIds] = useState<string[] | null>(null);
  useEffect(() => setReplaying(false), [selected]);

  useEffect(() => {
    const toggle = (event: KeyboardEvent) => {
      if (event.altKey && event.shiftKey && event.code === 'KeyI') setOpen((was) => !was);
    };
    window.addEventListener('keydown', toggle);
    return () => window.removeEventListener('keydown', toggle);
  }, []);

  if (!open) {
    return (
      <button type="button" className={styles.opener} onClick={() => setOpen(true)}>
        Statecharts
      </button>
    );
  }
  const activeIds = replaying && replayIds ? replayIds : (live?.activeIds ?? []);
  return (
    <aside className={styles.panel} aria-label="Statechart inspector">
      <header className={styles.header}>
        <h2>Statechart inspector</h2>
        <button type="button" onClick={() => setOpen(false)} aria-label="Close inspector">
          ×
        </button>
      </header>
      <div className={styles.toolbar}>
        <label>
          Machine{' '}
          <select value={selected} onChange={(e) => setMachineName(e.target.value)}>
            {Object.keys(machineCatalog).map((name) => (
              <option key={name} value={name}>
                {name}
                {runningNames.has(name) ? ' (running)' : ''}
              </option>
            ))}
          </select>
        </label>
        {machine ? (
          <button type="button" onClick={() => download(selected, machineJson(machine))}>
            Download JSON
          </button>
        ) : null}
        {live && live.events.length > 1 ? (
          <button type="button" onClick={() => setReplaying((was) => !was)} aria-pressed={replaying}>
            {replaying ? 'End replay' : 'Replay recorded events'}
          </button>
        ) : null}
      </div>
      <p role="status" aria-label="Current state" className={styles.current}>
        {live
          ? `${live.stopped ? 'Stopped' : 'Live'} ${selected} actor: ${live.active.join(', ') || '(no state)'}`
          : `No ${selected} actor has run in this tab; the chart shows the machine only.`}
      </p>
      {replaying && live ? <ReplayView key={live.sessionId} actor={live} onState={setReplayIds} /> : null}
      {diagrams.map((diagram) => (
        <Chart key={diagram.key} diagram={diagram} activeIds={activeIds} />
      ))}
      {live ? (
        <section aria-label="Events">
          <h3>Events of the {selected} actor, newest first</h3>
          <ol className={styles.events} aria-label={`Events of ${selected}`}>
            {[...live.events].reverse().map((recorded) => (
              <li key={recorded.seq}>
                <EventLine event={recorded.event} after={recorded.after} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </aside>
  );
}
