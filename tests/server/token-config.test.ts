import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_CONFIG, loadTokenConfig } from '../../src/server/token/config';

describe('token configuration', () => {
  it('should default to 20 levels of rising difficulty that add up to the max supply', () => {
    const config = loadTokenConfig({});
    expect(config).toEqual(DEFAULT_TOKEN_CONFIG);
    expect(config.levels).toHaveLength(20);
    expect(config.levels.map((l) => l.levelNumber)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    config.levels.slice(1).forEach((level, i) => expect(level.difficulty).toBeGreaterThan(config.levels[i]!.difficulty));
    expect(config.levels.reduce((sum, l) => sum + l.supply, 0n)).toBe(config.maxSupply);
    expect(config).toMatchObject({ rewardsShare: 0.2, unlockFee: 0.01, dailyPayoutShare: 0.02, testHooks: false });
  });

  it('should read the environment overrides', () => {
    const config = loadTokenConfig({
      TOKEN_MINING_LEVELS: '[{"supply": 1.5, "difficulty": 2}, {"supply": "3", "difficulty": 5}]',
      TOKEN_REWARDS_SHARE: '0.5',
      TOKEN_UNLOCK_FEE: '0.02',
      TOKEN_TEST_HOOKS: '1',
      TOKEN_CONTRACT_ADDRESS: '0x' + 'ab'.repeat(20),
      TOKEN_CHAIN_NAME: 'Base',
    });
    expect(config.levels).toEqual([
      { levelNumber: 1, supply: 150_000_000n, difficulty: 2 },
      { levelNumber: 2, supply: 300_000_000n, difficulty: 5 },
    ]);
    expect(config.maxSupply).toBe(450_000_000n);
    expect(config).toMatchObject({ rewardsShare: 0.5, unlockFee: 0.02, testHooks: true, details: { chainName: 'Base' } });
    expect(loadTokenConfig({ TOKEN_MAX_SUPPLY: '1000' }).maxSupply).toBe(100_000_000_000n);
  });

  it.each([
    [{ TOKEN_MINING_LEVELS: 'nope' }, /must be JSON/],
    [{ TOKEN_MINING_LEVELS: '[]' }, /non-empty/],
    [{ TOKEN_MINING_LEVELS: '[{"supply": 1, "difficulty": 0}]' }, /difficulty must be a positive number/],
    [{ TOKEN_MINING_LEVELS: '[{"supply": -1, "difficulty": 1}]' }, /supply must be a positive number/],
    [{ TOKEN_REWARDS_SHARE: '1.5' }, /from 0 to 1/],
    [{ TOKEN_UNLOCK_FEE: 'x' }, /from 0 to 1/],
    [{ TOKEN_MAX_SUPPLY: '0' }, /positive/],
    [{ TOKEN_CONTRACT_ADDRESS: '0x12' }, /40 hex/],
  ])('should refuse %j with a message that names the variable', (env, message) => {
    expect(() => loadTokenConfig(env)).toThrow(message);
  });
});
