/**
 * Enforces the import rules of docs/architecture.md: src/core imports only itself; machines import core
 * and machines; src/app imports core, machines and app; src/server imports core and server. Also keeps
 * effects out of the pure rooms, and inside src/app keeps each feature's files from importing another
 * feature's (bulletproof-react's rule). Exits 1 with one line per violation.
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
  core: /^(node:|react|react-dom|xstate|@xstate\/|fastify|@fastify\/|better-sqlite3|kysely|pg$|ofetch|@microsoft\/signalr|ws$|qrcode|@tanstack\/)/,
  machines: /^(node:|react|react-dom|@xstate\/react|fastify|@fastify\/|better-sqlite3|kysely|pg$|ofetch|@microsoft\/signalr|ws$|qrcode|@tanstack\/)/,
  app: /^(node:|fastify|@fastify\/|better-sqlite3|kysely|pg$|ws$|nodemailer|@node-rs\/)/,
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

/**
 * Inside src/app, each folder of components/ is a feature, except the shared ones (anyone may import
 * them, they import no feature) and the frame (the shell and the modal host place features on the
 * page, as routes do). Routes compose features; features never import a route; a route folder never
 * imports another; the app-wide layers (actors, adapters, api, inspector) import no component or route,
 * so shared code flows one way.
 */
const SHARED_COMPONENTS = new Set(['ui', 'forms', 'cards', 'game']);
const FRAME_COMPONENTS = new Set(['shell', 'modals']);
const APP_LAYERS = new Set(['actors', 'adapters', 'api', 'inspector']);

type AppPart =
  | { kind: 'feature' | 'shared' | 'frame' | 'route' | 'layer'; name: string }
  | { kind: 'top'; name: string };

function appPartOf(file: string): AppPart {
  const [top = '', name = '', ...rest] = path.relative(rooms.app, file).split(path.sep);
  if (top === 'components' && name) {
    if (SHARED_COMPONENTS.has(name)) return { kind: 'shared', name };
    if (FRAME_COMPONENTS.has(name)) return { kind: 'frame', name };
    return { kind: 'feature', name };
  }
  if (top === 'routes') return { kind: 'route', name: rest.length > 0 ? name : '' };
  if (APP_LAYERS.has(top)) return { kind: 'layer', name: top };
  return { kind: 'top', name: top };
}

/** Why an import from one src/app file to another breaks the feature rule, or null. */
function featureProblem(from: string, to: string): string | null {
  const a = appPartOf(from);
  const b = appPartOf(to);
  const target = b.kind === 'route' ? 'routes' : `${b.kind} ${b.name}`;
  if (a.kind === 'feature' && (b.kind === 'feature' || b.kind === 'frame') && b.name !== a.name) {
    return `feature ${a.name} may not import ${target} (move what both use to a shared folder)`;
  }
  if (a.kind === 'shared' && (b.kind === 'feature' || b.kind === 'frame')) return `shared ${a.name} may not import ${target}`;
  if ((a.kind === 'feature' || a.kind === 'shared' || a.kind === 'frame') && b.kind === 'route') {
    return `${a.kind} ${a.name} may not import routes`;
  }
  if (a.kind === 'route' && b.kind === 'route' && a.name && b.name && a.name !== b.name) {
    return `route folder ${a.name} may not import route folder ${b.name}`;
  }
  if (a.kind === 'layer' && ['feature', 'shared', 'frame', 'route'].includes(b.kind)) {
    return `${a.name} may not import ${target}`;
  }
  return null;
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
        } else if (room === 'app' && targetRoom === 'app') {
          const problem = featureProblem(file, target);
          if (problem) problems.push(`${where}: ${problem}`);
        }
      } else if (forbiddenPackages[room]?.test(spec)) {
        problems.push(`${where}: ${room} must stay free of this package`);
      }
    }
  }
}

if (problems.length) {
  console.error(`Import rules of docs/architecture.md broken (${problems.length}):`);
  for (const line of problems) console.error(`  ${line}`);
  process.exit(1);
}
console.log('import rules: ok');
