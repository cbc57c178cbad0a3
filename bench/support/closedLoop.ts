/** What the benchmarks share (a folder of its own: bench/run.ts runs every file of bench/ as a benchmark). */

export interface Figures {
  bets: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
  /** Answers over the phase and its warm-up (successes and errors), and the CPU time (user + system) of the placing process over the same time. */
  answers?: number;
  cpuMs?: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * One loop per client, each placing bets back to back until the phase ends (`phaseMs` after
 * `warmupMs` of warm-up, whose bets are not counted); `placeOne` answers whether the bet was accepted.
 */
export async function closedLoop<P>(clients: P[], placeOne: (client: P) => Promise<boolean>, warmupMs: number, phaseMs: number): Promise<Figures> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const measureFrom = started + warmupMs;
  const end = measureFrom + phaseMs;
  const latenciesMs: number[] = [];
  let errors = 0;
  let answers = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await placeOne(client);
        const t1 = performance.now();
        answers += 1;
        if (t0 < measureFrom) continue;
        if (ok) latenciesMs.push(t1 - t0);
        else errors += 1;
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return { bets: latenciesMs.length, errors, seconds: (performance.now() - measureFrom) / 1000, latenciesMs, answers, cpuMs: (used.user + used.system) / 1000 };
}
