import type { AnyStateMachine } from 'xstate';

/**
 * What each state means, by its path in the machine (`restoring.refreshing`), for a machine of the
 * first page. Their descriptions are kept out of the chart itself: every byte of a first-page machine
 * is in the JavaScript every visitor downloads before the page paints (1.3 KB gzipped for the five of
 * them), and only a designer reads them.
 */
export type StateDescriptions = Readonly<Record<string, string>>;

/**
 * Gives the machine's states their descriptions, where the generated docs, the designers' inspector
 * (its tables and JSON export read `node.description`, like `machine.toJSON()`) and the tests read
 * them: machines/catalog.ts calls it. It writes on the machine's own state nodes, so the running app's
 * machine is described too once the catalog is loaded (as the inspector does); a description changes
 * no behaviour. A path that names no state throws, so a renamed state cannot leave its text behind.
 */
export function withDescriptions<TMachine extends AnyStateMachine>(machine: TMachine, descriptions: StateDescriptions): TMachine {
  for (const [path, text] of Object.entries(descriptions)) {
    machine.getStateNodeById(`${machine.id}.${path}`).description = text;
  }
  return machine;
}
