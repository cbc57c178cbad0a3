/**
 * Where a page's main-thread time goes on a slow phone: loads a route of a built casino in Chromium at
 * 4x CPU slowdown, records a trace and a CPU profile, and prints every task over 50 ms with the
 * functions that took its time (inclusive, by name). Build unminified to read names:
 *   npx vite build --minify false --outDir /tmp/dist-unmin
 *   npx tsx scripts/page-profile.ts /tmp/dist-unmin /dice [/staking ...]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, spawnServer, waitForHealth } from '../tests/support/serverProcess';
import { chromiumArgs, chromiumExecutable } from '../tests/support/chromium';

const [staticDir = 'dist', ...routes] = process.argv.slice(2);
const v = (key: string) => !/^(?:RouterCore|StateMachine|Actor|StateNode) /.test(key);
const KINDS = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'RunMicrotasks', 'EventDispatch', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING', 'ParseAuthorStyleSheet', 'XHRReadyStateChange', 'ResourceReceivedData']);
const SLOWDOWN = Number(process.env.SLOWDOWN ?? 4);
// At 1x, a task counts as Lighthouse's simulated phone would count it: 4 times longer.
const LH_SCALE = SLOWDOWN === 1 ? 4 : 1;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-profile-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = await spawnServer({ port, dataDir, env: { STATIC_DIR: staticDir, PUBLIC_URL: url, LOG_LEVEL: 'warn' } });

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number; args?: Record<string, unknown> }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }

try {
  if (!(await waitForHealth(url, 60_000, 250))) throw new Error('no server');
  const browser = await chromium.launch({ executablePath: chromiumExecutable() ?? undefined, args: chromiumArgs });
  const list = routes.length ? routes : ['/', '/dice', '/staking'];
  for (const route of Array.from({ length: Number(process.env.RUNS ?? 1) }, () => list).flat()) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => void events.push(...(data.value as unknown as TraceEvent[])));
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(`${url}${route}`, { waitUntil: 'load' });
    await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 6000));
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] } };
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    const nav = events.find((e) => e.name === 'navigationStart' && (e.args?.data as { isLoadingMainFrame?: boolean } | undefined)?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
    const start = nav?.ts ?? 0;
    const renderer = events.find((e) => e.name === 'TracingStartedInBrowser' || e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain');
    const mainTid = events.filter((e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain').map((e) => e.tid);
    void renderer;
    // By the thread's own time (tdur) unless WALL is set: on a shared machine the wall time includes
    // the time other processes held the core, which Lighthouse would count but which says nothing of the page.
    const cost = (task: TraceEvent) => (process.env.WALL ? task.dur : (task.tdur ?? task.dur)) ?? 0;
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && mainTid.includes(e.tid) && cost(e) > (process.env.MIN_MS ? Number(process.env.MIN_MS) * 1000 : 50_000 / LH_SCALE) && e.ts >= start);
    // Profile samples with absolute times, and each node's parent, to attribute inclusive time by function.
    const parent = new Map<number, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    let t = profile.startTime;
    const samples = profile.samples.map((id, i) => ((t += profile.timeDeltas[i] ?? 0), { id, t }));
    const fcpAt = fcp ? ((fcp.ts - start) / 1000).toFixed(0) : '?';
    // Blocking time as Lighthouse's phone would count it (each task's excess over 50 ms), over the whole
    // load and after the first paint.
    const blocking = (list: TraceEvent[]) => list.reduce((sum, task) => sum + Math.max(0, (cost(task) * LH_SCALE) / 1000 - 50), 0);
    const afterPaint = tasks.filter((task) => fcp && task.ts >= fcp.ts);
    const longest = Math.max(0, ...tasks.map((task) => (cost(task) * LH_SCALE) / 1000));
    const total = tasks.reduce((sum, task) => sum + (cost(task) * LH_SCALE) / 1000, 0);
    console.log(`\n=== ${route}  FCP ${fcpAt} ms  long tasks ${tasks.length}  blocking ${blocking(tasks).toFixed(0)} ms, after FCP ${blocking(afterPaint).toFixed(0)} ms, longest ${longest.toFixed(0)} ms, long tasks' total ${total.toFixed(0)} ms (as at 4x)`);
    if (process.env.QUIET) {
      await context.close();
      continue;
    }
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const inclusive = new Map<string, number>();
      let prev = task.ts;
      for (const s of samples) {
        if (s.t < task.ts || s.t > end) continue;
        const dt = s.t - prev;
        prev = s.t;
        const seen = new Set<string>();
        for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
          const frame = byId.get(id)!.callFrame;
          if (frame.functionName.startsWith('(')) continue;
          const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
          if (seen.has(key)) continue;
          seen.add(key);
          inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
        }
      }
      const top = [...inclusive].sort((a, b) => b[1] - a[1]).filter(([, v]) => v > (task.dur ?? 0) * 0.08).slice(0, Number(process.env.TOP ?? 18));
      // What kind of work the task was (script, style, layout, parsing, garbage collection), from the trace.
      const kinds = new Map<string, number>();
      for (const e of events) {
        if (e.tid !== task.tid || e.ph !== 'X' || e.ts < task.ts || e.ts >= end || e === task) continue;
        if (!KINDS.has(e.name) && !process.env.ALL_KINDS) continue;
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
      }
      const kindText = [...kinds].sort((a, b) => b[1] - a[1]).map(([k, d]) => `${k} ${(d / 1000).toFixed(0)}`).join(', ');
      console.log(`-- task at ${((task.ts - start) / 1000).toFixed(0)} ms, ${((task.dur ?? 0) / 1000).toFixed(0)} ms (thread ${(cost(task) / 1000).toFixed(0)} ms): ${kindText}`);
      for (const [key, v] of top) console.log(`   ${(v / 1000).toFixed(0).padStart(5)} ms  ${key}`);
      // The app's own functions and hooks (components are capitalised), whatever React called them from.
      const own = [...inclusive].filter(([key]) => /^(?:[A-Z]\w*|use\w+) /.test(key) && v(key)).sort((a, b) => b[1] - a[1]).slice(0, 14);
      if (own.length) console.log(`   own: ${own.map(([key, v]) => `${key.split(' ')[0]} ${(v / 1000).toFixed(0)}`).join(', ')}`);
    }
    await context.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
