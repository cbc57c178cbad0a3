import { spawn } from 'node:child_process';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import net from 'node:net';
import { SERVER_ENTRY, buildServer } from '../../scripts/build-server.mjs';

/** A port nobody listens on right now, for a server started as its own process. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let built: Promise<void> | null = null;

/**
 * The server's bundle as `npm start` builds and runs it (scripts/build-server.mjs), built once per test
 * process from the current source, so the tests start the code production runs and not a stale build.
 */
function buildServerOnce(): Promise<void> {
  built ??= buildServer();
  return built;
}

/**
 * The casino's server as `npm start` runs it (dist-server/main.mjs, the bundle of src/server/main.ts),
 * on 127.0.0.1:`port` with `dataDir`, once the bundle is built.
 */
export async function spawnServer(options: { port: number; dataDir: string; env?: Record<string, string>; stdio?: StdioOptions }): Promise<ChildProcess> {
  await buildServerOnce();
  return spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    env: { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: options.dataDir, ...options.env },
    stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'],
  });
}

/** Whether `url`/api/health answered 200 before `timeoutMs` ran out (asked every `intervalMs`). */
export async function waitForHealth(url: string, timeoutMs: number, intervalMs = 200): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // Refused while the server is still starting: ask again.
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return false;
}
