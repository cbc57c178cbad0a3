/**
 * A throwaway PostgreSQL cluster for the tests: initdb in a temporary directory, pg_ctl start on a
 * free port (Unix socket in the same directory), one database `casino`; `stop()` removes it all.
 * Debian's binaries live in /usr/lib/postgresql/<major>/bin (PG_BIN overrides). initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` user Debian's package creates.
 *
 * `npx tsx scripts/postgres.mjs` (or node) starts one and prints its URL until Ctrl-C.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The directory of initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function postgresBin() {
  if (process.env.PG_BIN) return fs.existsSync(path.join(process.env.PG_BIN, 'initdb')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs
    .readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = path.join(root, major, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster; resolves with `{ url, stop }`. `durable: true` keeps PostgreSQL's defaults
 * (fsync, synchronous_commit), for benchmarks; the tests' cluster skips them.
 */
export async function startPostgres({ durable = false } = {}) {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const run = (command, args) => {
    const file = path.join(bin, command);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', file, ...args], { encoding: 'utf8' })
      : spawnSync(file, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
    return result.stdout;
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'casino', '-E', 'UTF8', '--no-instructions']);
  // Throwaway: no fsync (the tests prove logic, not the disk); enough connections for several
  // servers with their pools side by side.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=400${fast}`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  const createdb = spawnSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'casino', 'casino'], { encoding: 'utf8' });
  if (createdb.status !== 0) throw new Error(`createdb failed: ${createdb.stderr}`);
  let stopped = false;
  return {
    url: `postgres://casino@127.0.0.1:${port}/casino`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startPostgres();
  console.log(cluster.url);
  const stop = () => {
    cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  setInterval(() => {}, 1 << 30);
}
