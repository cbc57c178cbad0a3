import { Type } from 'typebox';
import type { Static, TSchema } from 'typebox';
import { refusals, routeGroup } from './common';

/**
 * The account routes under /auth. Bodies are strict (no extra fields, no coercion) and every string
 * is bounded, so a request is refused with a 400 before any password is hashed. The rules a schema
 * cannot say in words (user name grammar, common passwords) are checked by src/server/auth/rules.ts.
 */

export const AUTH_LIMITS = {
  userName: 20,
  login: 254,
  email: 254,
  password: 128,
  mfaCode: 6,
  token: 128,
  sessionId: 64,
} as const;

const str = (maxLength: number, minLength?: number) => Type.String(minLength === undefined ? { maxLength } : { minLength, maxLength });

/** A body that must be an object with exactly these fields (the optional ones may be left out). */
const strictBody = <P extends Record<string, TSchema>>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** Calls without input still refuse a body that carries fields; no body at all is fine. */
export const NoBody = Type.Object({}, { additionalProperties: false, nullable: true, description: 'No body, or `{}`.' });

export const User = Type.Object(
  {
    id: Type.Integer(),
    userName: Type.String(),
    dateJoined: Type.String({ description: 'ISO 8601.' }),
    email: Type.String(),
    emailConfirmed: Type.Boolean(),
    tfaEnabled: Type.Boolean(),
  },
  { description: 'A player account as the player sees it.' },
);
export type User = Static<typeof User>;

export const SignedIn = Type.Object({ user: User, jwt: Type.String(), refreshToken: Type.String(), sessionId: Type.String() });
export type SignedIn = Static<typeof SignedIn>;

export const Success = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type Success = Static<typeof Success>;

export const MfaKey = Type.Object({
  mfaKey: Type.String({ description: 'Base32 key.' }),
  uri: Type.String({ description: 'otpauth://totp/ACC%20Casino:<userName>?secret=..&issuer=ACC%20Casino' }),
});
export type MfaKey = Static<typeof MfaKey>;

export const RefreshReply = Type.Object({ status: Type.Integer(), jwt: Type.String(), refreshToken: Type.String() });
export type RefreshReply = Static<typeof RefreshReply>;

const auth = routeGroup('auth');

export const register = auth.post('register', 'Creates an account and signs it in at once; a confirmation mail is sent.', {
  auth: false,
  body: strictBody({ userName: str(AUTH_LIMITS.userName), email: str(AUTH_LIMITS.email), password: str(AUTH_LIMITS.password) }),
  response: { 200: SignedIn, ...refusals(400, 409, 429) },
});

export const login = auth.post('login', 'Opens a session; userName may be the e-mail address, mfaCode is needed when two-factor is on.', {
  auth: false,
  body: strictBody({
    userName: str(AUTH_LIMITS.login, 1),
    password: str(AUTH_LIMITS.password, 1),
    mfaCode: Type.Optional(str(AUTH_LIMITS.mfaCode)),
  }),
  response: { 200: SignedIn, ...refusals(400, 401, 429) },
});

export const refreshToken = auth.post('refresh-token', 'Spends a refresh token for a new access token and refresh token.', {
  auth: false,
  body: strictBody({ refreshToken: str(AUTH_LIMITS.token, 1) }),
  response: { 200: RefreshReply, ...refusals(400, 401) },
});

export const endSession = auth.post('end-session', "Ends one of the caller's sessions and closes its hub connections.", {
  auth: true,
  body: strictBody({ sessionId: str(AUTH_LIMITS.sessionId, 1) }),
  response: { 200: Success, ...refusals(400, 401, 404) },
});

export const SessionEntry = Type.Object(
  {
    sessionId: Type.String(),
    device: Type.String({ description: 'Browser and system in words ("Chrome on Windows"); "Unknown device" for sessions from before this was recorded.' }),
    ipAddress: Type.Union([Type.String(), Type.Null()], { description: 'The address it signed in from; null if not recorded.' }),
    startedAt: Type.String({ description: 'ISO 8601: the sign-in.' }),
    lastActiveAt: Type.String({ description: 'ISO 8601: the last token refresh (or the sign-in).' }),
    current: Type.Boolean({ description: 'The session this call was made with.' }),
  },
  { description: 'One open session of the player, as the account page shows it.' },
);
export type SessionEntry = Static<typeof SessionEntry>;

export const getSessions = auth.get('get-sessions', "The caller's open sessions, the most recently active first; the caller's own is marked current.", {
  auth: true,
  response: { 200: Type.Object({ sessions: Type.Array(SessionEntry) }), ...refusals(401) },
});

export const endOtherSessions = auth.post('end-other-sessions', "Ends every session of the caller but the one this call was made with, and closes their hub connections.", {
  auth: true,
  body: NoBody,
  response: { 200: Type.Object({ success: Type.Boolean(), message: Type.String(), ended: Type.Integer({ description: 'How many sessions ended.' }) }), ...refusals(400, 401) },
});

export const confirmEmail = auth.post('confirm-email', 'Confirms the e-mail address with the mailed link; userId may be a numeric string.', {
  auth: false,
  body: strictBody({ userId: Type.Union([Type.Integer(), Type.String({ maxLength: 15 })]), token: str(AUTH_LIMITS.token, 1) }),
  response: { 200: Success, ...refusals(400) },
});

export const resendConfirmation = auth.post('resend-confirmation', 'Mails a new confirmation link (at most one a minute).', {
  auth: true,
  body: NoBody,
  response: { 200: Success, ...refusals(400, 401, 409, 429) },
});

export const forgotPassword = auth.post('forgot-password', 'Mails a reset link to the address if it has an account; the answer is the same either way.', {
  auth: false,
  body: strictBody({ email: str(AUTH_LIMITS.email, 1) }),
  response: { 200: Success, ...refusals(400, 429) },
});

export const resetPassword = auth.post('reset-password', "Sets a new password with the mailed link's token and ends every session of the player.", {
  auth: false,
  body: strictBody({ email: str(AUTH_LIMITS.email, 1), token: str(AUTH_LIMITS.token, 1), password: str(AUTH_LIMITS.password) }),
  response: { 200: Success, ...refusals(400) },
});

export const changePassword = auth.post('change-password', "Changes the password (and the code when two-factor is on); the player's other sessions end.", {
  auth: true,
  body: strictBody({
    oldPassword: str(AUTH_LIMITS.password, 1),
    newPassword: str(AUTH_LIMITS.password),
    mfaCode: Type.Optional(str(AUTH_LIMITS.mfaCode)),
  }),
  response: { 200: Success, ...refusals(400, 401, 403, 409, 429) },
});

export const getMfaKey = auth.get('get-mfa-key', 'While two-factor is off: the key offered for the next enable.', {
  auth: true,
  response: { 200: MfaKey, ...refusals(401, 409) },
});

export const enableMfa = auth.post('enable-mfa', 'Turns two-factor on with a code from the offered key.', {
  auth: true,
  body: strictBody({ mfaCode: str(AUTH_LIMITS.mfaCode, 1) }),
  response: { 200: Type.Object({ success: Type.Boolean(), message: Type.String(), user: User }), ...refusals(400, 401, 403, 409, 429) },
});

export const disableMfa = auth.post('disable-mfa', 'Turns two-factor off with a code from the active key; answers the key offered for the next enable.', {
  auth: true,
  body: strictBody({ mfaCode: str(AUTH_LIMITS.mfaCode, 1) }),
  response: { 200: MfaKey, ...refusals(400, 401, 403, 409, 429) },
});

export const me = auth.get('me', 'The signed-in player.', {
  auth: true,
  response: { 200: Type.Object({ user: User }), ...refusals(401) },
});

export const authRoutes = [register, login, refreshToken, endSession, getSessions, endOtherSessions, confirmEmail, resendConfirmation, forgotPassword, resetPassword, changePassword, getMfaKey, enableMfa, disableMfa, me] as const;
