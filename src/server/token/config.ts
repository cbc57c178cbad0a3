import { decimalToUnits } from '../../core/money';
import type { MiningLevel } from '../../core/token/mining';

/**
 * The token economy's configuration (docs/token.md explains it for players). Every figure has an
 * environment override, listed in README's configuration table.
 */
export interface TokenDetailsConfig {
  tokenName: string;
  tokenSymbol: string;
  chainName: string;
  contractAddress: string;
}

export interface TokenConfig {
  details: TokenDetailsConfig;
  /** Base units of ACC that can ever exist. */
  maxSupply: bigint;
  /** The mining levels, levelNumber 1..n, supply per level in base units, difficulty in dollars per ACC. */
  levels: MiningLevel[];
  /** Share of each bet's expected house edge (wager × edge) that goes to the rewards pool. */
  rewardsShare: number;
  /** Share of an unlocked amount that is burned. */
  unlockFee: number;
  /** Share of each rewards pool paid to stakers at 00:00 UTC (docs/product.md §9: 2%). */
  dailyPayoutShare: number;
  /** Enables POST /token/run-daily-payout (end-to-end tests and operations). */
  testHooks: boolean;
}

const COIN = 100_000_000n;

/** [supply in ACC, difficulty in dollars per ACC]: 20 levels, 100,000,000 ACC, difficulty rising. */
const DEFAULT_LEVEL_TABLE: ReadonlyArray<readonly [number, number]> = [
  [500_000, 10],
  [1_000_000, 12],
  [1_500_000, 14],
  [2_000_000, 17],
  [2_500_000, 20],
  [3_000_000, 24],
  [3_500_000, 28],
  [4_000_000, 33],
  [4_500_000, 39],
  [5_000_000, 46],
  [5_500_000, 54],
  [6_000_000, 63],
  [6_500_000, 74],
  [7_000_000, 87],
  [7_500_000, 102],
  [8_000_000, 120],
  [8_500_000, 140],
  [9_000_000, 165],
  [6_000_000, 195],
  [8_500_000, 230],
];

export const DEFAULT_MINING_LEVELS: MiningLevel[] = DEFAULT_LEVEL_TABLE.map(([supply, difficulty], index) => ({
  levelNumber: index + 1,
  supply: BigInt(supply) * COIN,
  difficulty,
}));

export const DEFAULT_TOKEN_DETAILS: TokenDetailsConfig = {
  tokenName: 'ACC Token',
  tokenSymbol: 'ACC',
  chainName: 'Ethereum',
  contractAddress: '0x0000000000000000000000000000000000000acc',
};

export const DEFAULT_TOKEN_CONFIG: TokenConfig = {
  details: DEFAULT_TOKEN_DETAILS,
  maxSupply: 100_000_000n * COIN,
  levels: DEFAULT_MINING_LEVELS,
  rewardsShare: 0.2,
  unlockFee: 0.01,
  dailyPayoutShare: 0.02,
  testHooks: false,
};

function fraction(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new Error(`${name} must be a number from 0 to 1, got "${raw}"`);
  return value;
}

function coins(name: string, raw: unknown): bigint {
  try {
    const units = decimalToUnits(raw as number | string);
    if (units <= 0n) throw new RangeError('not positive');
    return units;
  } catch {
    throw new Error(`${name} must be a positive number of ACC with at most 8 decimals, got ${JSON.stringify(raw)}`);
  }
}

/** `[{"supply": 1000, "difficulty": 10}, …]` in ACC and dollars per ACC; level numbers follow the order. */
export function parseMiningLevels(raw: string | undefined): MiningLevel[] {
  if (!raw) return DEFAULT_MINING_LEVELS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`TOKEN_MINING_LEVELS must be JSON, got "${raw}"`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('TOKEN_MINING_LEVELS must be a non-empty JSON array');
  return parsed.map((entry: unknown, index) => {
    const where = `TOKEN_MINING_LEVELS[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} must be an object like {"supply": 1000, "difficulty": 10}`);
    const { supply, difficulty } = entry as { supply?: unknown; difficulty?: unknown };
    if (typeof difficulty !== 'number' || !Number.isFinite(difficulty) || difficulty <= 0) throw new Error(`${where}.difficulty must be a positive number`);
    return { levelNumber: index + 1, supply: coins(`${where}.supply`, supply), difficulty };
  });
}

export function loadTokenConfig(env: NodeJS.ProcessEnv): TokenConfig {
  const levels = parseMiningLevels(env.TOKEN_MINING_LEVELS);
  const levelTotal = levels.reduce((sum, level) => sum + level.supply, 0n);
  const maxSupply = env.TOKEN_MAX_SUPPLY ? coins('TOKEN_MAX_SUPPLY', env.TOKEN_MAX_SUPPLY) : env.TOKEN_MINING_LEVELS ? levelTotal : DEFAULT_TOKEN_CONFIG.maxSupply;
  const contractAddress = env.TOKEN_CONTRACT_ADDRESS?.trim();
  if (contractAddress && !/^0x[0-9a-fA-F]{40}$/.test(contractAddress)) throw new Error(`TOKEN_CONTRACT_ADDRESS must be 0x and 40 hex digits, got "${contractAddress}"`);
  return {
    details: {
      ...DEFAULT_TOKEN_DETAILS,
      ...(env.TOKEN_CHAIN_NAME ? { chainName: env.TOKEN_CHAIN_NAME } : {}),
      ...(contractAddress ? { contractAddress } : {}),
    },
    maxSupply,
    levels,
    rewardsShare: fraction('TOKEN_REWARDS_SHARE', env.TOKEN_REWARDS_SHARE, DEFAULT_TOKEN_CONFIG.rewardsShare),
    unlockFee: fraction('TOKEN_UNLOCK_FEE', env.TOKEN_UNLOCK_FEE, DEFAULT_TOKEN_CONFIG.unlockFee),
    dailyPayoutShare: DEFAULT_TOKEN_CONFIG.dailyPayoutShare,
    testHooks: /^(1|true|yes|on)$/i.test(env.TOKEN_TEST_HOOKS ?? ''),
  };
}
