import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMailer } from '../../src/server/auth/mailer';
import type { Mailer } from '../../src/server/auth/mailer';
import { mails, register, resetMailTo } from '../support/auth';
import { startTestServer, tempDir } from '../support/server';
import type { TestServer } from '../support/server';

const MAIL_MS = 150;

/**
 * A mail adapter that does its slow work before handing back its promise, as the .eml writer does
 * on a slow disk: if forgot-password mailed (or wrote) before answering, the answer would wait.
 */
function slowMailer(dataDir: string): Mailer {
  const files = fileMailer(dataDir, 'ACC Casino <no-reply@localhost>', { info: () => undefined } as never);
  return {
    send: (mail) => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, MAIL_MS);
      return files.send(mail);
    },
  };
}

/**
 * The client runs on its own thread: the server shares this test's thread, so work the server does
 * after answering would otherwise delay the test reading the answer and hide the difference.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, email }) => {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await response.text();
  parentPort.postMessage({ status: response.status, ms: performance.now() - started });
});
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('forgot-password answer time', () => {
  let server: TestServer;
  let client: Worker;
  beforeAll(async () => {
    const dataDir = tempDir();
    server = await startTestServer({ dataDir }, undefined, { mailer: slowMailer(dataDir) });
    client = new Worker(CLIENT, { eval: true });
  });
  afterAll(async () => {
    await client.terminate();
    await server.close();
  });

  async function timed(email: string): Promise<number> {
    client.postMessage({ url: `${server.url}/api/auth/forgot-password`, email });
    const [answer] = (await once(client, 'message')) as [{ status: number; ms: number }];
    expect(answer.status).toBe(200);
    return answer.ms;
  }

  it('should answer a known and an unknown address in the same time, well under the mail time, and still mail the known one', async () => {
    const account = await register(server);
    // The sign-up's confirmation mail goes through the same slow adapter; let it pass first.
    await new Promise((resolve) => setTimeout(resolve, MAIL_MS * 2));
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const before = mails(server).length;
      known.push(await timed(account.user.email));
      // Wait for the mail written after the answer, so it does not slow the next measurement.
      for (let waited = 0; mails(server).length === before && waited < 5000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(mails(server).length).toBe(before + 1);
      unknown.push(await timed(`ghost${i}@example.com`));
    }
    expect(median(known)).toBeLessThan(MAIL_MS / 2);
    expect(median(unknown)).toBeLessThan(MAIL_MS / 2);
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(MAIL_MS / 3);
    const mail = await resetMailTo(server, account.user.email);
    expect(mail.headers.subject).toBe('Reset your ACC Casino password');
    expect(mails(server).filter((m) => m.headers.to?.startsWith('ghost'))).toHaveLength(0);
  });
});
