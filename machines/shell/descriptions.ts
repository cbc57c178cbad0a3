import type { StateDescriptions } from '../shared/descriptions';

/**
 * What each state of the shell machine (./machine.ts) means, for a designer: the generated docs and the inspector
 * show them (machines/catalog.ts attaches them). Kept beside the chart rather than in it: the chart is
 * on the first page, these are not (machines/shared/descriptions.ts).
 */
export const shellDescriptions: StateDescriptions = {
  'sidebar.choosing': 'Decides once at start-up: open on screens wider than 768 px, closed on smaller ones.',
  'sidebar.open': 'The menu is visible beside (desktop) or over (phone) the main area.',
  'sidebar.closed': 'The menu is hidden; the main area takes the full width.',
  'scroll.settled': 'Nothing to do until the next navigation.',
  'scroll.awaitingScroll': 'A navigation happened; the main area scrolls to the top once the new screen has rendered.',
};
