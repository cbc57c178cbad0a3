import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { betRecallMachine } from '../../machines/betRecall/machine';
import type { BetDetail, LoadedBet } from '../../machines/betRecall/machine';
import { selectCheck, selectFairness, selectPage } from '../../machines/betRecall/selectors';
import { sha256HexAsync } from '../../src/core/fairness/webcrypto';
import { verifyOutcomeAsync } from '../../src/core/fairness/verify';
import { pathSuite } from '../support/pathTesting';
import { betRecallPaths, RECALL_BETS } from './betRecall.paths';

describe('bet recall with the real verifier', () => {
  /** The browser's effects as src/app provides them, with the server's answer given. */
  const withBet = (bet: BetDetail) =>
    betRecallMachine.provide({
      actors: {
        loadBet: fromPromise(async (): Promise<LoadedBet> => ({ found: true, bet })),
        verify: fromPromise(async ({ input }) => ({
          serverSeedHash: await sha256HexAsync(input.serverSeed),
          outcome: (await verifyOutcomeAsync(input.request.game, input, input.request.params as never)).outcome,
        })),
      },
    });

  it("should verify docs/fairness.md's worked example in this browser: hash and roll both match", async () => {
    const actor = createActor(withBet(RECALL_BETS.revealed), { input: { betId: '42' } }).start();
    await waitFor(actor, (s) => selectFairness(s) === 'revealed');
    actor.send({ type: 'user.verify' });
    await waitFor(actor, (s) => selectFairness(s) !== 'verifying');
    expect(selectFairness(actor.getSnapshot())).toBe('matched');
    expect(selectCheck(actor.getSnapshot())).toEqual({ hashMatches: true, outcomeMatches: true, computed: 'roll 70.61' });
  });

  it('should find a forged roll and a seed that is not the one committed to', async () => {
    const forged = createActor(withBet({ ...RECALL_BETS.revealed, outcome: { roll: 12, chance: 49.5, target: 'under', win: true } }), { input: { betId: '42' } }).start();
    await waitFor(forged, (s) => selectFairness(s) === 'revealed');
    forged.send({ type: 'user.verify' });
    await waitFor(forged, (s) => selectFairness(s) === 'mismatched');
    expect(selectCheck(forged.getSnapshot())).toMatchObject({ hashMatches: true, outcomeMatches: false });

    const swapped = createActor(withBet({ ...RECALL_BETS.revealed, seedHash: 'f'.repeat(64) }), { input: { betId: '42' } }).start();
    await waitFor(swapped, (s) => selectFairness(s) === 'revealed');
    swapped.send({ type: 'user.verify' });
    await waitFor(swapped, (s) => selectFairness(s) === 'mismatched');
    expect(selectCheck(swapped.getSnapshot())).toMatchObject({ hashMatches: false, outcomeMatches: true });
  });

  it('should answer a malformed id without asking the server', () => {
    let asked = false;
    const machine = betRecallMachine.provide({ actors: { loadBet: fromPromise(async (): Promise<LoadedBet> => ((asked = true), { found: false })) } });
    const actor = createActor(machine, { input: { betId: '../etc' } }).start();
    expect(selectPage(actor.getSnapshot())).toBe('malformed');
    expect(asked).toBe(false);
  });
});

pathSuite(betRecallPaths);
