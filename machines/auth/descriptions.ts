import type { StateDescriptions } from '../shared/descriptions';

/**
 * What each state of the auth machine (./machine.ts) means, for a designer: the generated docs and the inspector
 * show them (machines/catalog.ts attaches them). Kept beside the chart rather than in it: the chart is
 * on the first page, these are not (machines/shared/descriptions.ts).
 */
export const authDescriptions: StateDescriptions = {
  restoring: 'Start-up: deciding from the stored values whether the visitor is still signed in (docs/product.md §4).',
  'restoring.readingStorage': 'Reading authToken, refreshToken, sessionId and user from browser storage.',
  'restoring.refreshing': 'The stored access token has expired: one refresh attempt decides; failure logs out silently.',
  'signedOut.ready': 'A visitor. The Auth modal shows the Log in or Sign up form, whichever tab is chosen.',
  'signedOut.loggingIn': 'User name (or e-mail) and password are with the server.',
  'signedOut.awaitingMfaCode': 'The password was right and two-factor is on: the modal asks for the 6-digit code.',
  'signedOut.verifyingMfaCode': 'The credentials and the code are with the server.',
  'signedOut.registering': 'A new account is being created; the server signs the player in at once.',
  'signedOut.forgotPassword': 'The forgot-password step: the modal asks for the e-mail address to send a reset link to.',
  'signedOut.requestingReset': 'Asking the server to mail a reset link.',
  'signedOut.resetRequested': 'Told the visitor to look for the reset link in their mail (the same answer whether or not the address exists).',
  'signedIn.active': 'A signed-in player; requests carry the bearer token.',
  'signedIn.welcoming': 'Just signed up: a welcome panel points to the next steps (confirm the e-mail, claim demo funds) until the player dismisses it or opens the Cashier from it.',
  'signedIn.endingSession': 'Log Out: ending the session on the server first (its tokens stop working); any answer completes the logout.',
};
