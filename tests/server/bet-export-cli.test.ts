import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';
import { verifyCli } from '../support/verifyCli';

/**
 * Issue 23: `npm run verify -- --file bets.jsonl` on a file the real server exported: the summary,
 * exit code 0 when every revealed bet matches, 1 when a line was tampered with, 2 for a file it
 * cannot read or parse.
 */

describe('verify --file', () => {
  let server: TestServer;
  let dir: string;
  let player: Player;
  let jsonl: string;
  let csv: string;

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body as Record<string, unknown>;
  };
  const download = async (format: string) =>
    (await fetch(`${server.url}/api/casino/export-bets?format=${format}`, { headers: { authorization: `Bearer ${player.token}` } })).text();

  beforeAll(async () => {
    server = await startTestServer();
    dir = await mkdtemp(join(tmpdir(), 'verify-file-'));
    player = await fundedPlayer(server);
    for (const chance of [10, 50, 90]) await ok(player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance, target: 'over' }));
    await ok(player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }));
    await ok(player.call('GET', '/casino/get-seed'));
    await ok(player.call('POST', '/casino/rotate-seed', { clientSeed: 'cli-test' }));
    await ok(player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'under' }));
    jsonl = await download('jsonl');
    csv = await download('csv');
  }, 30_000);
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, text: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  }

  it('checks every revealed bet of a real export and exits 0 when all match (JSON lines and CSV)', async () => {
    for (const [name, text] of [['bets.jsonl', jsonl], ['bets.csv', csv]] as const) {
      const { code, stdout } = await verifyCli(['--file', await file(name, text)]);
      expect(stdout).toBe('4 bets checked: 4 matched, 0 did not.\n1 bet awaits a seed reveal.\n');
      expect(code).toBe(0);
    }
  }, 30_000);

  it('exits 1 and names the bet whose line was tampered with', async () => {
    const lines = jsonl.trimEnd().split('\n');
    const bet = JSON.parse(lines[1]!) as { id: number; payout: number; multiplier: number; outcome: { roll: number } };
    // A loss turned into a win in the record: the payout and multiplier no longer follow the seeds.
    const tampered = { ...bet, payout: 2, multiplier: 2 };
    lines[1] = JSON.stringify(tampered);
    const { code, stdout } = await verifyCli(['--file', await file('tampered.jsonl', `${lines.join('\n')}\n`)]);
    expect(code).toBe(1);
    const [headline, mismatch, awaiting] = stdout.trimEnd().split('\n');
    expect(headline).toBe('4 bets checked: 3 matched, 1 did not.');
    expect(mismatch).toMatch(new RegExp(`^Bet ${bet.id} \\(line 2\\): payout 2 recorded, the rules pay `));
    expect(awaiting).toBe('1 bet awaits a seed reveal.');
  }, 30_000);

  it('exits 1 when a revealed seed does not hash to the hash shown before the bet', async () => {
    const lines = jsonl.trimEnd().split('\n');
    const bet = JSON.parse(lines[0]!) as { serverSeed: string };
    lines[0] = JSON.stringify({ ...bet, serverSeed: `${bet.serverSeed.slice(0, 63)}${bet.serverSeed.endsWith('0') ? '1' : '0'}` });
    const { code, stdout } = await verifyCli(['--file', await file('seed.jsonl', lines.join('\n'))]);
    expect(code).toBe(1);
    expect(stdout).toContain('(line 1): the server seed does not hash to the seed hash shown before the bet');
  }, 30_000);

  it('exits 2 for a file it cannot read or parse, naming the line', async () => {
    const missing = await verifyCli(['--file', join(dir, 'none.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot read');
    const broken = await verifyCli(['--file', await file('broken.jsonl', `${jsonl.split('\n')[0]}\n{"id": 5,\n`)]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe(`verify: cannot read ${join(dir, 'broken.jsonl')}: line 2: not JSON\n`);
    const other = await verifyCli(['--file', await file('notes.txt', 'hello\n')]);
    expect(other.code).toBe(2);
  }, 30_000);
});
