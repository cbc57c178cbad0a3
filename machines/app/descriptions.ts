import type { StateDescriptions } from '../shared/descriptions';

/**
 * What each state of the app machine (./machine.ts) means, for a designer: the generated docs and the inspector
 * show them (machines/catalog.ts attaches them). Kept beside the chart rather than in it: the chart is
 * on the first page, these are not (machines/shared/descriptions.ts).
 */
export const appDescriptions: StateDescriptions = {
  session: 'Who plays; auth news goes on to the app-wide actors.',
  'session.visitor': 'Nobody is signed in.',
  'session.preparingSeed': 'Fetches the seed pair, then offers a client seed made here.',
  'session.signedIn': 'A player is signed in.',
  wallet: "The wallet's machine, started once its logic has arrived after the first paint.",
  'wallet.waiting': 'Its logic loads once the first page has painted; the header balance, the games, the Cashier and the token pages wait for it.',
  'wallet.unavailable': 'Its chunk did not arrive (offline, or a new deploy replaced it): it is asked for again after 30 s.',
  'wallet.running': 'The wallet runs under its systemId.',
  liveFeed: 'The live link and the bets feed, started once their logic has arrived after the first paint.',
  'liveFeed.waiting': 'Their logic loads once the first page has painted; what they would hear meanwhile, they are told when they start.',
  'liveFeed.unavailable': 'Their chunk did not arrive (offline, or a new deploy replaced it): the rest of the app goes on without them, and it is asked for again after 30 s.',
  'liveFeed.running': 'The live link and the feed run under their systemIds.',
  screens: 'Screens on show, spawned on open, stopped on close; told of auth and wallet.',
  'screens.none': 'No screen actor runs.',
  'screens.open': 'Screen actors run.',
};
