import type { StateDescriptions } from '../shared/descriptions';

/**
 * What each state of the token refresh machine (./machine.ts) means, for a designer: the generated docs and the inspector
 * show them (machines/catalog.ts attaches them). Kept beside the chart rather than in it: the chart is
 * on the first page, these are not (machines/shared/descriptions.ts).
 */
export const tokenRefreshDescriptions: StateDescriptions = {
  signedOut: 'No session: requests go out without authorization, and a 401 is final.',
  ready: 'Requests carry the current access token; nothing is being refreshed.',
  refreshing: 'One refresh call is under way; every request that hits 401 meanwhile waits for its result.',
};
