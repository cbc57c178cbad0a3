import type { SessionTokens, User } from '../../src/core/accounts/session';

/**
 * What the auth actor announces to the root app actor (sendParent), which forwards it to the
 * app-wide actors that care (modals, tokenRefresh; later wallet, live, betsFeed).
 */
export type AuthAnnouncement =
  | { type: 'auth.loggedIn'; user: User; tokens: SessionTokens }
  | { type: 'auth.loggedOut' };

/** What the token refresh coordinator announces; the root forwards it to auth. */
export type TokenAnnouncement =
  | { type: 'tokens.renewed'; tokens: SessionTokens }
  /** The refresh failed or was refused: the session is over (silent logout). */
  | { type: 'tokens.expired' };
