import { spawn } from 'node:child_process';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import net from 'node:net';

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

/** The casino's server as `npm start` runs it (src/server/main.ts), on 127.0.0.1:`port` with `dataDir`. */
export function spawnServer(options: { port: number; dataDir: string; env?: Record<string, string>; stdio?: StdioOptions }): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
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
