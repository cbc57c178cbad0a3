import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { chromiumExecutable } from '../support/chromium';
import { freePort, spawnServer, waitForHealth } from '../support/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    chromium: string | null;
  }
}

/**
 * Builds nothing itself (npm test builds first): starts the real server as its own process on the
 * built SPA with a fresh data directory, the way `npm start` does.
 */
export default async function setup(project: TestProject) {
  const chromium = chromiumExecutable();
  if (!chromium) {
    const message = 'e2e: no Chromium found at /usr/bin/chromium (apt-get install -y chromium); browser tests cannot run.';
    if (process.env.CI) throw new Error(message);
    console.warn(`\n*** ${message} They are SKIPPED. ***\n`);
  }
  if (!fs.existsSync(path.resolve('dist/index.html'))) {
    throw new Error('e2e: dist/index.html is missing; run `npm run build` first (npm test does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = await spawnServer({
    port,
    dataDir,
    env: { LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl, TOKEN_TEST_HOOKS: '1', INSPECTOR: '1',
      // Every browser here signs up from 127.0.0.1: the per-address limits would stop the suite, not an attacker.
      RATE_LIMIT_SIGNUP_PER_ADDRESS: '10000', RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: '10000', RATE_LIMIT_RESEND_CONFIRMATION_PER_ADDRESS: '10000',
      // The lockout walk (first-visit) plays its intruder from an address of its own through X-Forwarded-For,
      // as a proxy on this machine would send it, so the other browsers' sign-ins are not locked out.
      TRUST_PROXY: 'loopback',
    },
  });
  // Not up after 30 s: the browser tests go on and fail on their own (as they always did), with the server's log above.
  await waitForHealth(baseUrl, 30_000);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('chromium', chromium);
  return async () => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
