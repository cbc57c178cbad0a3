import { Type } from 'typebox';
import type { Static, TArray, TSchema } from 'typebox';
import { PageQuery } from './casino';
import { refusals, routeGroup, WireAmount } from './common';

/**
 * The token economy: ACC mining, staking, rewards, burns and the bankroll pools (docs/token.md).
 * Amounts are coins (ACC for mining and staking, the pool's currency for rewards and bankroll
 * figures); dates are ISO 8601 UTC. Public reads add the player's own figures with a bearer token.
 */

export const TokenDetails = Type.Object({
  tokenName: Type.String(),
  tokenSymbol: Type.String(),
  chainName: Type.String(),
  contractAddress: Type.String(),
  maxSupply: Type.Number(),
  totalSupply: Type.Number({ description: 'Mined less burned.' }),
  circulatingSupply: Type.Number({ description: 'totalSupply less locked.' }),
  price: Type.Number({ description: 'The ACC exchange rate in dollars.' }),
  marketCap: Type.Number({ description: 'circulatingSupply × price, floored to the cent.' }),
  totalTokensMined: Type.Number(),
  totalBurned: Type.Number(),
  totalLocked: Type.Number(),
  miningLevelNumber: Type.Integer(),
  miningDifficulty: Type.Number({ description: 'Dollars wagered per ACC at the current level.' }),
});
export type TokenDetails = Static<typeof TokenDetails>;

export const MiningLevel = Type.Object({
  levelNumber: Type.Integer(),
  supply: Type.Number({ description: 'What the level mines (not cumulative).' }),
  difficulty: Type.Number(),
});
export type MiningLevel = Static<typeof MiningLevel>;

export const MiningProgress = Type.Object({
  maxSupply: Type.Number(),
  totalMined: Type.Number(),
  unmined: Type.Number(),
  levelNumber: Type.Integer(),
  difficulty: Type.Number(),
  levelSupply: Type.Number(),
  minedInLevel: Type.Number(),
  remainingInLevel: Type.Number(),
  exhausted: Type.Boolean({ description: 'Everything is mined: nothing more will be.' }),
});
export type MiningProgress = Static<typeof MiningProgress>;

export const MiningData = Type.Object({ miningLevels: Type.Array(MiningLevel), mining: MiningProgress });
export type MiningData = Static<typeof MiningData>;

export const PayoutTotals = Type.Object({ currency: Type.String(), total: Type.Number(), claimed: Type.Number() });
export type PayoutTotals = Static<typeof PayoutTotals>;

export const StakingPageData = Type.Object({
  pools: Type.Array(Type.Object({ currency: Type.String(), totalStaked: Type.Number({ description: "The currency's rewards pool." }) })),
  totalLocked: Type.Number(),
  userTotalStaked: Type.Number({ description: "The caller's locked ACC (0 for a visitor)." }),
  stakingPayouts: Type.Array(PayoutTotals, { description: "The caller's rewards per bettable currency ([] for a visitor)." }),
  dailyPayoutShare: Type.Number(),
  unlockFee: Type.Number(),
  nextPayoutAt: Type.String(),
});
export type StakingPageData = Static<typeof StakingPageData>;

export const HistoryItem = Type.Object({ id: Type.Integer(), date: Type.String(), amount: Type.Number(), currency: Type.String() });
export type HistoryItem = Static<typeof HistoryItem>;
export const PayoutHistoryItem = Type.Object({ ...HistoryItem.properties, stakers: Type.Integer() });
export type PayoutHistoryItem = Static<typeof PayoutHistoryItem>;
export const StakingHistoryItem = Type.Object({
  ...HistoryItem.properties,
  amount: Type.Number({ description: 'Above 0 for a lock; below 0 for an unlock (what left the stake, fee included).' }),
  type: Type.Union([Type.Literal('lock'), Type.Literal('unlock')]),
  fee: Type.Number(),
});
export type StakingHistoryItem = Static<typeof StakingHistoryItem>;

export const ClaimResult = Type.Object({
  walletBalances: Type.Array(Type.Object({ currency: Type.String(), balance: Type.Number() })),
  stakingPayouts: Type.Array(PayoutTotals),
  claimed: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number() })),
});
export type ClaimResult = Static<typeof ClaimResult>;

const StakingFigures = {
  balance: Type.Number({ description: 'The ACC wallet after the change.' }),
  totalLocked: Type.Number(),
  userTotalStaked: Type.Number(),
};
export const LockResult = Type.Object({ amount: Type.Number(), ...StakingFigures });
export type LockResult = Static<typeof LockResult>;
export const UnlockResult = Type.Object({
  amount: Type.Number(),
  fee: Type.Number({ description: 'Burned.' }),
  received: Type.Number(),
  ...StakingFigures,
  totalBurned: Type.Number(),
});
export type UnlockResult = Static<typeof UnlockResult>;

export const Pool = Type.Object({
  currency: Type.String(),
  totalStaked: Type.Number({ description: "The pool's value: the house bankroll of the currency, investors' money included." }),
  totalProfit: Type.Number(),
  wagerVolume: Type.Number(),
});
export type Pool = Static<typeof Pool>;

export const Position = Type.Object({
  currency: Type.String(),
  currentInvestment: Type.Number(),
  principal: Type.Number(),
  shareOfTotalBankroll: Type.Number({ description: 'The fraction (0–1) of the pool’s shares held.' }),
});
export type Position = Static<typeof Position>;

export const BankrollData = Type.Object({ pools: Type.Array(Pool), playerInvestments: Type.Array(Position) });
export type BankrollData = Static<typeof BankrollData>;

export const PositionChange = Type.Object({ currency: Type.String(), amount: Type.Number(), balance: Type.Number(), pool: Pool, position: Position });
export type PositionChange = Static<typeof PositionChange>;

export const PayoutRun = Type.Object({
  ran: Type.Boolean(),
  runKey: Type.Union([Type.String(), Type.Null()]),
  payouts: Type.Array(Type.Object({ currency: Type.String(), amount: Type.Number(), stakers: Type.Integer() })),
});
export type PayoutRun = Static<typeof PayoutRun>;

const NoBody = Type.Object({}, { additionalProperties: false, nullable: true, description: 'No body, or `{}`.' });
const AmountBody = Type.Object({ amount: WireAmount }, { additionalProperties: false });
const LiquidityBody = Type.Object({ currency: Type.String({ minLength: 1, maxLength: 16 }), amount: WireAmount }, { additionalProperties: false });
const token = routeGroup('token');

export const getTokenDetails = token.get('get-token-details', 'The ACC token: supply, price, burns, locks and the mining level.', {
  auth: false,
  response: { 200: Type.Object({ tokenDetails: TokenDetails }) },
});

export const getMiningLevels = token.get('get-mining-levels', 'The mining levels and how far mining has come.', { auth: false, response: { 200: MiningData } });

export const getStakingPageData = token.get('get-staking-page-data', "The rewards pools, the stakes and the caller's rewards.", {
  auth: false,
  response: { 200: StakingPageData },
});

/** A page of a history, newest first: public unless `auth`. */
const historyPage = <const N extends string, const K extends string, const S extends TSchema>(name: N, summary: string, key: K, item: S, auth: boolean) =>
  token.get(name, summary, {
    auth,
    querystring: PageQuery,
    response: { 200: Type.Object({ [key]: Type.Array(item) } as Record<K, TArray<S>>), ...refusals(400, ...(auth ? [401] : [])) },
  });

export const getBurnHistory = historyPage('get-burn-history', 'Unlock fees burned, newest first, one page at a time.', 'burnHistory', HistoryItem, false);
export const getPayoutHistory = historyPage(
  'get-payout-history',
  'What each daily payout paid per currency, newest first, one page at a time.',
  'payoutHistory',
  PayoutHistoryItem,
  false,
);
export const getStakingHistory = historyPage(
  'get-staking-history',
  "The caller's locks and unlocks, newest first, one page at a time.",
  'stakingHistory',
  StakingHistoryItem,
  true,
);

export const claimRewards = token.post('claim-rewards', 'Moves every available reward to the wallet.', {
  auth: true,
  body: NoBody,
  response: { 200: ClaimResult, ...refusals(400, 401) },
});

export const getBankrollPageData = token.get('get-bankroll-page-data', "Every bettable currency's bankroll pool and the caller's positions.", {
  auth: false,
  response: { 200: BankrollData },
});

/** A signed-in change of the caller's money: each answers 400 and 401 refusals. */
const change = <const N extends string, const B extends TSchema, const R extends TSchema>(name: N, summary: string, body: B, reply: R) =>
  token.post(name, summary, { auth: true, body, response: { 200: reply, ...refusals(400, 401) } });

export const lock = change('lock', 'Moves ACC from the wallet to the stake.', AmountBody, LockResult);
export const unlock = change('unlock', 'Takes ACC out of the stake; the unlock fee is burned.', AmountBody, UnlockResult);
export const addLiquidity = change('add-liquidity', "Moves coins from the wallet into the currency's bankroll pool for shares.", LiquidityBody, PositionChange);
export const removeLiquidity = change(
  'remove-liquidity',
  'Takes an amount, or "all", out of the player’s position; only the pool’s free part can leave.',
  LiquidityBody,
  PositionChange,
);

export const runDailyPayout = token.post(
  'run-daily-payout',
  'Test and operations hook, only with TOKEN_TEST_HOOKS=1: `{ at }` runs that day’s payout, no body an extra one now.',
  {
    auth: false,
    body: Type.Object({ at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })) }, { additionalProperties: false, nullable: true }),
    response: { 200: PayoutRun, ...refusals(400) },
  },
);

export const tokenRoutes = [
  getTokenDetails,
  getMiningLevels,
  getStakingPageData,
  getBurnHistory,
  getPayoutHistory,
  getStakingHistory,
  claimRewards,
  getBankrollPageData,
  lock,
  unlock,
  addLiquidity,
  removeLiquidity,
  runDailyPayout,
] as const;
