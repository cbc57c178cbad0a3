/**
 * How the build groups the code the lazy routes share (vite.config.ts `codeSplitting.groups`).
 *
 * Left to itself, rolldown puts each module that several lazy chunks share into a chunk per set of
 * sharers: with eighteen routes, ten modals and the frame's lazy parts, /dice came as 24 files of 1 to 4
 * KB and 5 stylesheets. A browser on a slow link pays a round trip for each (HTTP/1.1 gives it six
 * connections), and Lighthouse counts each before the largest paint. Here what the game and token
 * routes share goes into a few chunks, by who shares it:
 * - `shared`: what the game and token routes share with each other or with what every page loads after
 *   its first paint (the frame's lazy parts, the wallet, the live feed, the API client): money, units, selectors,
 *   currency icons, the screen adapter;
 * - `games`: what only game routes share (with each other, or with a modal or page that shows games:
 *   the bet panel, the autobet, the game kit);
 * - `token`: what only token routes share (or with their modals);
 * - one chunk per game (`dice`, `mines`, ...): what that game's route shares only with pages and modals
 *   that are not routes of a family (its machine, which the bet page and the Seed modal replay).
 * Anything else stays where rolldown puts it: a module one lazy chunk reaches stays in that chunk, and
 * what only modals, parts or other pages share keeps rolldown's chunks (no game or token route waits for it).
 *
 * A group takes the modules it captures with their imports (rolldown's default), so the groups go from
 * the widest sharers to the narrowest: an import is shared at least as widely as its importer, so a
 * wider group has always taken it first, and no chunk of the parts or the wallet imports a family's chunk.
 */
import type { CodeSplittingGroup } from 'rolldown';

const GAME_ROUTE = /\/src\/app\/routes\/games\/(\w+)Page\.tsx$/;
const TOKEN_ROUTE = /\/src\/app\/routes\/token\/\w+Page\.tsx$|\/src\/app\/components\/token\/TokenActionModals\.tsx$/;
/** The lazy chunks every page fetches after its first paint: the frame's parts, the wallet, the live feed, the API client. */
const EVERY_PAGE = /\/src\/app\/(?:components\/shell\/(?:SignedInMenus|Welcome)|components\/modals\/ModalHost|actors\/(?:wallet|liveFeed)|api\/client)\.tsx?$/;
/** The app's own code: a library keeps rolldown's chunks (one only a modal needs stays with it). */
const APP_CODE = /\/(?:src|machines)\//;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/** The lazy chunks' entry modules (targets of a dynamic import) that reach `id` through static imports. */
function lazyEntriesOf(id: string, graph: ModuleGraph): string[] {
  const entries: string[] = [];
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length) {
    const current = queue.pop()!;
    const info = graph.getModuleInfo(current);
    if (!info) continue;
    if (info.dynamicImporters.length > 0) entries.push(current);
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return entries;
}

/** The chunk a module goes to, or null to leave it to rolldown. */
function chunkOf(id: string, graph: ModuleGraph): string | null {
  if (!APP_CODE.test(id) || id.includes('/node_modules/')) return null;
  const entries = lazyEntriesOf(id, graph);
  if (entries.length < 2) return null;
  const games = [...new Set(entries.flatMap((entry) => GAME_ROUTE.exec(entry)?.[1] ?? []))];
  const token = entries.some((entry) => TOKEN_ROUTE.test(entry));
  if (games.length === 0 && !token) return null;
  if ((games.length > 0 && token) || entries.some((entry) => EVERY_PAGE.test(entry))) return 'shared';
  if (token) return 'token';
  return games.length > 1 ? 'games' : games[0]!.toLowerCase();
}

/** The groups after the first page's, the widest sharers first. */
export function routeChunkGroups(): CodeSplittingGroup[] {
  const cache = new Map<string, string | null>();
  const group = (priority: number, accept: (chunk: string) => boolean): CodeSplittingGroup => ({
    name: (id, ctx) => {
      if (!cache.has(id)) cache.set(id, chunkOf(id, ctx));
      const chunk = cache.get(id)!;
      return chunk !== null && accept(chunk) ? chunk : null;
    },
    priority,
  });
  return [
    group(3, (chunk) => chunk === 'shared'),
    group(2, (chunk) => chunk === 'games' || chunk === 'token'),
    group(1, () => true),
  ];
}
