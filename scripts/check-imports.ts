/**
 * Enforces the import table of DESIGN.md: src/core imports only itself; machines import core and
 * machines; src/app imports core, machines and app; src/server imports core and server. Also keeps
 * effects out of the pure rooms. Exits 1 with one line per violation.
 */
import fs from 'node:fs';
import path from 'node:path';

type Room = 'core' | 'machines' | 'app' | 'server';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > -1 && process.argv[rootArg + 1] ? path.resolve(process.argv[rootArg + 1]!) : process.cwd();
const rooms: Record<Room, string> = {
  core: path.join(root, 'src/core'),
  machines: path.join(root, 'machines'),
  app: path.join(root, 'src/app'),
  server: path.join(root, 'src/server'),
};

const mayImport: Record<Room, Room[]> = {
  core: ['core'],
  machines: ['core', 'machines'],
  app: ['core', 'machines', 'app'],
  server: ['core', 'server'],
};

/** Packages a pure room must not touch: machines name their effects, core is shared by both sides. */
const forbiddenPackages: Partial<Record<Room, RegExp>> = {
  core: /^(node:|react|react-dom|xstate|@xstate\/|fastify|@fastify\/|better-sqlite3|ofetch|@microsoft\/signalr|ws$|qrcode|@tanstack\/)/,
  machines: /^(node:|react|react-dom|@xstate\/react|fastify|@fastify\/|better-sqlite3|ofetch|@microsoft\/signalr|ws$|qrcode|@tanstack\/)/,
  app: /^(node:|fastify|@fastify\/|better-sqlite3|ws$|nodemailer|@node-rs\/)/,
};

function roomOf(file: string): Room | null {
  for (const [room, dir] of Object.entries(rooms) as Array<[Room, string]>) {
    if (file === dir || file.startsWith(dir + path.sep)) return room;
  }
  return null;
}

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.(ts|tsx|mts)$/.test(entry.name)) yield full;
  }
}

const IMPORT = /(?:^|\s)(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

const problems: string[] = [];
for (const [room, dir] of Object.entries(rooms) as Array<[Room, string]>) {
  for (const file of sourceFiles(dir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec) continue;
      const where = `${path.relative(root, file)}: imports "${spec}"`;
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec);
        const targetRoom = roomOf(target);
        if (targetRoom === null) {
          problems.push(`${where} from outside the four rooms`);
        } else if (!mayImport[room].includes(targetRoom)) {
          problems.push(`${where}: ${room} may not import ${targetRoom}`);
        }
      } else if (forbiddenPackages[room]?.test(spec)) {
        problems.push(`${where}: ${room} must stay free of this package`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Import rules of DESIGN.md broken (${problems.length}):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log('import rules: ok');
