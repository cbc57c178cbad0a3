import type { StateDescriptions } from '../shared/descriptions';

/**
 * What each state of the modal stack (./machine.ts) means, for a designer: the generated docs and the inspector
 * show them (machines/catalog.ts attaches them). Kept beside the chart rather than in it: the chart is
 * on the first page, these are not (machines/shared/descriptions.ts).
 */
export const modalStackDescriptions: StateDescriptions = {
  closed: 'No modal is on screen; the page scrolls and takes input as usual.',
  open: 'One or more modals are stacked over the page, the last one on top; the page body is marked modal-open.',
};
