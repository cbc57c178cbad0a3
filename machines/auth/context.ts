/** The auth machine's types, context and pure helpers, beside its chart (machine.ts), which re-exports them. */
import type { SessionTokens, SignInResult, User } from '../../src/core/accounts/session';
import type { FieldErrors } from '../../src/core/accounts/validation';
import type { TokenAnnouncement } from './announcements';

/** The stored browser values of a session (docs/product.md §3): authToken, refreshToken, sessionId, user. */
export interface StoredSession {
  accessToken: string | null;
  refreshToken: string | null;
  sessionId: string | null;
  user: User | null;
}

export interface StoredSessionReading {
  stored: StoredSession;
  /** The clock, read with the storage, so the machine itself stays pure. */
  nowSeconds: number;
}

export interface Credentials {
  userName: string;
  password: string;
  mfaCode?: string;
}

export interface AuthContext {
  user: User | null;
  tokens: SessionTokens | null;
  sessionId: string | null;
  /** Kept between the password and the two-factor code step, and forgotten as soon as either ends. */
  pendingLogin: Credentials | null;
  fieldErrors: FieldErrors;
  formError: string | null;
}

export type AuthEvent =
  | { type: 'user.login'; userName: string; password: string }
  | { type: 'user.submitMfaCode'; code: string }
  | { type: 'user.register'; userName: string; email: string; password: string }
  | { type: 'user.forgotPassword' }
  | { type: 'user.requestPasswordReset'; email: string }
  /** A tab switch or a Back button: leave a step of the Auth modal and clear its messages. */
  | { type: 'user.backToForms' }
  | { type: 'user.logout' }
  /** The security page switched two-factor on or off. */
  | { type: 'security.twoFactorChanged'; enabled: boolean }
  | { type: 'user.dismissWelcome' }
  /** The /confirm-email page confirmed this user's address (in this browser, maybe another tab's session). */
  | { type: 'security.emailConfirmed'; userId: string }
  /** The live hub closed this session's link because the server ended the session (from another device, say). */
  | { type: 'session.ended' }
  | TokenAnnouncement;

export const signedOutContext = {
  user: null,
  tokens: null,
  sessionId: null,
  pendingLogin: null,
  fieldErrors: {},
  formError: null,
} satisfies AuthContext;

export const sessionOf = (output: SignInResult) => ({
  user: output.user,
  tokens: { accessToken: output.jwt, refreshToken: output.refreshToken },
  sessionId: output.sessionId,
});

export type StoreSessionParams = { user: User; tokens: SessionTokens; sessionId: string | null };
