import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { bulkVerifyMachine } from '../../machines/bulkVerify/machine';
import type { BulkVerifyEvent, ChosenFile } from '../../machines/bulkVerify/machine';
import { selectStage, selectSummaryLines } from '../../machines/bulkVerify/selectors';
import type { ReadBet } from '../../src/core/fairness/betExport';
import { verifyBets } from '../../src/core/fairness/bulkVerify';
import { floatsAsync, sha256HexAsync } from '../../src/core/fairness/webcrypto';
import { pathSuite } from '../support/pathTesting';
import { bulkVerifyPaths, FILES } from './bulkVerify.paths';

describe('bulk verification with the real verifier', () => {
  /** The browser's effects as src/app provides them (WebCrypto, chunks), with the file's text given. */
  const withFile = (text: string) =>
    bulkVerifyMachine.provide({
      actors: {
        readFile: fromPromise(async () => text),
        verifyBets: fromCallback<BulkVerifyEvent, { bets: readonly ReadBet[] }>(({ input, sendBack }) => {
          void verifyBets(input.bets, { sha256: sha256HexAsync, floats: floatsAsync }, { chunk: 1, onProgress: (done, total) => sendBack({ type: 'verify.progress', done, total }) }).then((summary) =>
            sendBack({ type: 'verify.done', summary }),
          );
        }),
      },
    });

  it("should check docs/fairness.md's worked example and count the bet whose seed still plays", async () => {
    const actor = createActor(withFile(FILES.export)).start();
    actor.send({ type: 'user.fileChosen', file: { name: 'bets.jsonl' } as unknown as ChosenFile });
    await waitFor(actor, (s) => selectStage(s) === 'done');
    expect(selectSummaryLines(actor.getSnapshot())).toEqual({ headline: '1 bet checked: 1 matched, 0 did not.', mismatches: [], awaiting: '1 bet awaits a seed reveal.' });
  });

  it('should name a tampered line', async () => {
    const tampered = FILES.export.replace('"payout":0', '"payout":2');
    const actor = createActor(withFile(tampered)).start();
    actor.send({ type: 'user.fileChosen', file: { name: 'bets.jsonl' } as unknown as ChosenFile });
    await waitFor(actor, (s) => selectStage(s) === 'done');
    const lines = selectSummaryLines(actor.getSnapshot())!;
    expect(lines.headline).toBe('1 bet checked: 0 matched, 1 did not.');
    expect(lines.mismatches[0]).toMatch(/^Bet 7 \(line 1\): payout 2 recorded, the rules pay 0; multiplier 0 recorded, payout ÷ wager is 2\.$/);
  });
});

pathSuite(bulkVerifyPaths);
