import { Type } from 'typebox';
import type { Static } from 'typebox';
import { REALITY_CHECK_MINUTES } from '../accounts/preferences';
import { refusals, routeGroup } from './common';

/** The player's preferences (issue 20: shortcuts, instant mode, reality checks) and the session summary the reality check shows. */

const auth = routeGroup('auth');
const casino = routeGroup('casino');

// Spelled out (a mapped list loses the literal types); the unit tests hold it equal to REALITY_CHECK_MINUTES.
export const RealityCheckMinutes = Type.Union(
  [Type.Literal(0), Type.Literal(15), Type.Literal(30), Type.Literal(60), Type.Literal(120)],
  { description: `Minutes between reality checks: ${REALITY_CHECK_MINUTES.join(', ')} (0: off).` },
);

export const PlayerPreferences = Type.Object({
  keyboardShortcuts: Type.Boolean({ description: "The games' keyboard shortcuts work." }),
  instantMode: Type.Boolean({ description: 'The games skip their animations (always false where the operator turned instant mode off).' }),
  realityCheckMinutes: RealityCheckMinutes,
});
export type PlayerPreferences = Static<typeof PlayerPreferences>;

export const PreferencesReply = Type.Object({
  preferences: PlayerPreferences,
  instantModeAllowed: Type.Boolean({ description: 'Whether this casino offers instant mode (INSTANT_MODE); when not, the setting is hidden and the games animate.' }),
});

export const getPreferences = auth.get('get-preferences', "The player's preferences: keyboard shortcuts, instant mode, reality check interval.", {
  auth: true,
  response: { 200: PreferencesReply, ...refusals(401) },
});

export const setPreferences = auth.post('set-preferences', "Changes some of the player's preferences; the others stay as they were.", {
  auth: true,
  body: Type.Partial(PlayerPreferences, { additionalProperties: false }),
  response: { 200: PreferencesReply, ...refusals(400, 401, 409) },
});

export const SessionResult = Type.Object({
  currency: Type.String(),
  bets: Type.Integer(),
  wagered: Type.String({ description: 'Coins staked this session, an exact decimal string.' }),
  profit: Type.String({ description: 'Paid out less staked this session, signed, an exact decimal string.' }),
});
export type SessionResult = Static<typeof SessionResult>;

export const SessionSummary = Type.Object({
  startedAt: Type.String({ description: 'When this session began (sign-in), ISO 8601.' }),
  now: Type.String({ description: "The server's time of the answer, ISO 8601: time played is now less startedAt." }),
  results: Type.Array(SessionResult, { description: 'One entry per currency bet in this session, by symbol.' }),
});
export type SessionSummary = Static<typeof SessionSummary>;

export const getSessionSummary = casino.get('get-session-summary', "This session's start and net result per currency played: what a reality check shows.", {
  auth: true,
  response: { 200: SessionSummary, ...refusals(401) },
});

export const preferencesRoutes = [getPreferences, setPreferences, getSessionSummary] as const;
