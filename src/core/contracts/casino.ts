import { Type } from 'typebox';
import type { Static } from 'typebox';
import { CLIENT_SEED_MAX_LENGTH } from '../fairness/seeds';
import { refusals, routeGroup } from './common';

/** What every game shares: bet limits, the fairness seeds, the bets feed and one bet's detail. */

/**
 * `?before=<id>&limit=<n>` of the paged lists: newest first, rows with an id below `before`.
 * Query values arrive as strings and the server never coerces types, so digits are checked here.
 */
export const PageQuery = Type.Object(
  {
    before: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'The last id of the previous page.' })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: 'Rows per page, 1 to 100.' })),
  },
  { additionalProperties: false },
);
export type PageQuery = Static<typeof PageQuery>;

/** A name, not an enum on the wire: a row the server holds is answered as it is, never refused on the way out. */
export const GameName = Type.String({ description: 'Dice, Mines, Blackjack or Baccarat.' });

/** One settled bet, as the bets table and the hub's `bet` event show it. */
export const WireBet = Type.Object({
  id: Type.Integer(),
  gameName: GameName,
  playerName: Type.String(),
  wager: Type.Number(),
  currency: Type.String(),
  multiplier: Type.Number(),
  payout: Type.Number(),
});
export type WireBet = Static<typeof WireBet>;

export const BetDetail = Type.Object({
  ...WireBet.properties,
  outcome: Type.Unknown({
    description: "The round as played (dice: roll, chance, target, win; mines: minesCount, mines, gems in pick order, hitMine; blackjack: playerHands, dealerHand, outcomes; baccarat: playerHand, bankerHand, scores, winner, bets); null when the record lacks what drawing it needs.",
  }),
  seedHash: Type.Union([Type.String(), Type.Null()]),
  clientSeed: Type.Union([Type.String(), Type.Null()]),
  nonce: Type.Union([Type.Integer(), Type.Null()]),
  serverSeed: Type.Union([Type.String(), Type.Null()], {
    description: 'Only once revealed: a classic pair once rotated out, an instant-reveal seed once its bet settled (never while it plays or a round on it is open).',
  }),
  createdAt: Type.String(),
});
export type BetDetail = Static<typeof BetDetail>;

export const BetsLists = Type.Object({ latestBets: Type.Array(WireBet), myBets: Type.Array(WireBet), highrollerBets: Type.Array(WireBet) });
export type BetsLists = Static<typeof BetsLists>;

export const Limits = Type.Object({ minBet: Type.Number(), maxBet: Type.Number(), maxPayout: Type.Number() }, { description: 'In coins.' });
export type Limits = Static<typeof Limits>;

export const SeedMode = Type.Union([Type.Literal('classic'), Type.Literal('instant')], {
  description: 'classic: a seed pair revealed when rotated; instant: a hash chain, each bet’s server seed revealed as it settles.',
});
export type SeedMode = Static<typeof SeedMode>;

export const SeedState = Type.Object({
  mode: SeedMode,
  seedHash: Type.String({ description: 'The SHA-256 of the server seed the next bet uses (in instant reveal, while a round is open, that round’s).' }),
  nextHash: Type.String({ description: 'classic: the hash of the pair a rotation plays on with; instant: the same as seedHash.' }),
  nonce: Type.Integer(),
  clientSeed: Type.String(),
});
export type SeedState = Static<typeof SeedState>;

/** A pair rotated out: its server seed is public now. */
export const RevealedSeed = Type.Object({
  serverSeed: Type.String(),
  seedHash: Type.String(),
  clientSeed: Type.String(),
  nonce: Type.Integer({ description: 'Bets played with the pair: nonces 0 … nonce − 1.' }),
});
export type RevealedSeed = Static<typeof RevealedSeed>;

export const RotatedSeeds = Type.Object({ previous: RevealedSeed, ...SeedState.properties });
export type RotatedSeeds = Static<typeof RotatedSeeds>;

const ClientSeed = Type.String({ minLength: 1, maxLength: CLIENT_SEED_MAX_LENGTH });
const casino = routeGroup('casino');

export const getLimits = casino.get('get-limits', "A game's bet limits in a currency, in coins; maxPayout bounds a win's profit.", {
  auth: false,
  querystring: Type.Object(
    { game: Type.String({ maxLength: 32 }), currency: Type.String({ minLength: 1, maxLength: 16 }) },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ data: Type.Object({ limit: Limits }) }), ...refusals(400) },
});

export const getSeed = casino.get('get-seed', 'Shows the active and the next server seed hash; an offered client seed is adopted only under the rule of fairness.md.', {
  auth: true,
  querystring: Type.Object({ clientSeed: Type.Optional(ClientSeed) }, { additionalProperties: false }),
  response: { 200: SeedState, ...refusals(400, 401) },
});

export const rotateSeed = casino.post('rotate-seed', 'Reveals the active pair and plays on with the next server seed and the given client seed.', {
  auth: true,
  body: Type.Object({ clientSeed: ClientSeed }, { additionalProperties: false }),
  response: { 200: RotatedSeeds, ...refusals(400, 401, 409) },
});

export const setSeedMode = casino.post('set-seed-mode', 'Switches between classic seed pairs and instant reveal; refused while a game is open.', {
  auth: true,
  body: Type.Object({ mode: SeedMode }, { additionalProperties: false }),
  response: { 200: SeedState, ...refusals(400, 401, 409) },
});

export const setClientSeed = casino.post('set-client-seed', 'Instant reveal: the client seed of every bet from the next one on (classic mode changes it with rotate-seed).', {
  auth: true,
  body: Type.Object({ clientSeed: ClientSeed }, { additionalProperties: false }),
  response: { 200: SeedState, ...refusals(400, 401, 409) },
});

export const getSeedHistory = casino.get('get-seed-history', "The player's revealed seed pairs, newest first.", {
  auth: true,
  response: { 200: Type.Object({ seeds: Type.Array(Type.Object({ ...RevealedSeed.properties, revealedAt: Type.String() })) }), ...refusals(401) },
});

export const getBet = casino.get('get-bet', 'One bet with what it takes to verify it, for anyone: what the bets table shows, the game as played, and its seeds.', {
  auth: false,
  // Query strings are text: the one place a number is read from a string.
  querystring: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) }, { additionalProperties: false }),
  response: { 200: Type.Object({ bet: BetDetail }), ...refusals(400, 404) },
});

export const exportBets = casino.get(
  'export-bets',
  "Every bet the player ever made, oldest first, each in get-bet's shape: `format=jsonl` one JSON object a line, `format=csv` the same as CSV with a header row (outcome as JSON text). Streamed.",
  {
    auth: true,
    querystring: Type.Object({ format: Type.String({ maxLength: 16, description: 'jsonl or csv.' }) }, { additionalProperties: false }),
    response: { 200: Type.String({ description: 'JSON lines (application/x-ndjson) or CSV (text/csv).' }), ...refusals(400, 401) },
  },
);

export const getBets = casino.get('get-bets', 'The bets feed: everyone’s latest bets, the high rollers, and the player’s own when signed in.', {
  auth: false,
  querystring: PageQuery,
  response: { 200: BetsLists, ...refusals(400) },
});

export const StatsTotals = Type.Object({
  bets: Type.Integer(),
  wagered: Type.String({ description: 'Coins staked, an exact decimal string.' }),
  profit: Type.String({ description: 'Paid out less staked, signed, an exact decimal string.' }),
  wins: Type.Integer({ description: 'Bets that paid more than their stake.' }),
  losses: Type.Integer({ description: 'Bets that paid less than their stake (a bet paid back exactly is neither).' }),
});
export type StatsTotals = Static<typeof StatsTotals>;

export const PlayerStats = Type.Object({
  currency: Type.String(),
  session: StatsTotals,
  allTime: StatsTotals,
  recent: Type.Array(Type.String(), { description: "The profit of each of the player's last bets in the currency (at most 100), oldest first." }),
});
export type PlayerStats = Static<typeof PlayerStats>;

export const getStats = casino.get('get-stats', "The player's statistics in a currency: this session (since sign-in) and all time, and the profit of the last bets.", {
  auth: true,
  querystring: Type.Object({ currency: Type.String({ minLength: 1, maxLength: 16 }) }, { additionalProperties: false }),
  response: { 200: PlayerStats, ...refusals(400, 401) },
});

export const casinoRoutes = [getLimits, getSeed, rotateSeed, setSeedMode, setClientSeed, getSeedHistory, getBet, exportBets, getBets, getStats] as const;
