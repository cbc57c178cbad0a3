import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import {
  VERIFIABLE_GAMES,
  isVerifiableGame,
  verifierFor,
  verifyOutcome,
  verifyOutcomeAsync,
} from '../../src/core/fairness/verify';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { verifyCli } from '../support/verifyCli';

const SEEDS = {
  serverSeed: 'b6c5e8e1f7a0a9d4c3b2a1908f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4',
  clientSeed: 'Kx9fQ2mZ7rLp0aT4vW1y',
  nonce: 0,
};
const stream = createFloatStream(nodeHmacSha256, SEEDS.serverSeed, SEEDS.clientSeed, SEEDS.nonce);

describe('verifier registry', () => {
  it('knows the four games and nothing else', () => {
    expect([...VERIFIABLE_GAMES].sort()).toEqual(['baccarat', 'blackjack', 'dice', 'mines']);
    expect(isVerifiableGame('dice')).toBe(true);
    expect(isVerifiableGame('plinko')).toBe(false);
    expect(isVerifiableGame('toString')).toBe(false);
  });

  it('verifies dice with and without a bet', () => {
    expect(verifyOutcome('dice', stream.at, {})).toEqual({ roll: 97.03 });
    expect(verifyOutcome('dice', stream.at, { chance: 2.98, target: 'over' })).toEqual({ roll: 97.03, win: true, multiplier: 33.2215 });
    expect(verifyOutcome('dice', stream.at, { chance: 2.97, target: 'over' })).toMatchObject({ win: false });
  });

  it('verifies mines', () => {
    expect(verifyOutcome('mines', stream.at, { mines: 3 }).mineTiles).toEqual([0, 6, 24]);
    expect(verifyOutcome('mines', stream.at, { mines: 3 }).tileOrder).toHaveLength(25);
  });

  it('parses untrusted parameters with clear errors', () => {
    expect(verifierFor('mines').parseParams({ mines: '3' })).toEqual({ ok: true, params: { mines: 3 } });
    expect(verifierFor('mines').parseParams({ mines: '25' })).toEqual({ ok: false, error: 'mines must be an integer 1..24' });
    expect(verifierFor('mines').parseParams({})).toMatchObject({ ok: false });
    expect(verifierFor('mines').parseParams({ mines: '3.5' })).toMatchObject({ ok: false });
    expect(verifierFor('dice').parseParams({})).toEqual({ ok: true, params: {} });
    expect(verifierFor('dice').parseParams({ chance: '49.5', target: 'under' })).toEqual({ ok: true, params: { chance: 49.5, target: 'under' } });
    expect(verifierFor('dice').parseParams({ chance: '49.5' })).toMatchObject({ ok: false });
    expect(verifierFor('dice').parseParams({ chance: '99', target: 'under' })).toMatchObject({ ok: false });
    expect(verifierFor('dice').parseParams({ chance: '50', target: 'sideways' })).toMatchObject({ ok: false });
  });

  it('gives the same outcome through WebCrypto (the browser path)', async () => {
    for (const game of VERIFIABLE_GAMES) {
      const params = { dice: { chance: 50, target: 'under' as const }, mines: { mines: 7 }, blackjack: { cards: 9 }, baccarat: {} }[game];
      const result = await verifyOutcomeAsync(game, SEEDS, params);
      expect(result.outcome).toEqual(verifyOutcome(game, stream.at, params as never));
      expect(result.floats).toEqual(stream.take(verifierFor(game).floatsNeeded(params as never)));
    }
  });
});

// The CLI runs in a child process, which never sees Stryker's active mutant: under mutation testing
// these tests could kill nothing and only cost time.
describe.skipIf(process.env.MUTATION_RUN === '1')('verify CLI', () => {
  const seedArgs = ['--server-seed', SEEDS.serverSeed, '--client-seed', SEEDS.clientSeed, '--nonce', '0'];

  it('prints the mines board, the floats and the seed hash as JSON', async () => {
    const { code, stdout } = await verifyCli(['--game', 'mines', ...seedArgs, '--mines', '3']);
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as Record<string, unknown>;
    expect(result).toMatchObject({
      game: 'mines',
      serverSeedHash: '3567316dc4ed608b145627a7ca8415a4fe2d7756ff2a692dd547117dda8b47b7',
      nonce: 0,
      outcome: { mineTiles: [0, 6, 24] },
    });
    expect(result.floats).toEqual(stream.take(24));
  }, 15_000);

  it('prints the dice roll', async () => {
    const { code, stdout } = await verifyCli(['--game', 'dice', ...seedArgs, '--chance', '49.5', '--target', 'over']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ floats: [0.9702366136480123], outcome: { roll: 97.03, win: true, multiplier: 2 } });
  }, 15_000);

  it('exits with 2 and a message on stderr for bad arguments', async () => {
    const unknown = await verifyCli(['--game', 'plinko', ...seedArgs]);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('unknown game "plinko"; verifiable games: dice, mines');
    const badMines = await verifyCli(['--game', 'mines', ...seedArgs, '--mines', '0']);
    expect(badMines.code).toBe(2);
    expect(badMines.stderr).toContain('mines must be an integer 1..24');
    const badSeed = await verifyCli(['--game', 'dice', '--server-seed', 'nope', '--client-seed', 'c', '--nonce', '1']);
    expect(badSeed.code).toBe(2);
    expect(badSeed.stderr).toContain('--server-seed must be');
  }, 15_000);
});
