import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ChosenFile } from '../../machines/bulkVerify/machine';
import { selectError, selectPercentRead, selectProgress, selectStage, selectSummary, selectSummaryLines } from '../../machines/bulkVerify/selectors';
import { provideBulkVerify } from '../../src/app/actors/bulkVerify';
import { pathSuite } from '../support/pathTesting';
import { bulkVerifyPaths, FILES } from './bulkVerify.paths';

/**
 * The page's verifier as src/app provides it (the file read as a stream through TextDecoderStream,
 * the core's verifier through WebCrypto, a chunk of 200 bets at a time), on files as the browser
 * hands them over.
 */
describe('bulk verification of a file read as a stream', () => {
  const verify = async (chosen: ChosenFile) => {
    const actor = createActor(provideBulkVerify()).start();
    const seen: Array<{ bets: number; bytesRead: number; percent: number }> = [];
    actor.subscribe((s) => {
      if (selectStage(s) === 'verifying') seen.push({ ...selectProgress(s), percent: selectPercentRead(s) });
    });
    actor.send({ type: 'user.fileChosen', file: chosen });
    const end = await waitFor(actor, (s) => selectStage(s) === 'done' || selectStage(s) === 'failed', { timeout: 20_000 });
    return { end, seen };
  };
  /** A File that cannot be read whole: only its stream works, as a huge file would have to be read. */
  const streamOnly = (text: string, name = 'bets.jsonl'): ChosenFile => {
    const file = new File([text], name);
    const refuse = () => Promise.reject(new Error('the verifier read the whole file into memory'));
    return Object.assign(file, { text: refuse, arrayBuffer: refuse, bytes: refuse });
  };

  it("should check docs/fairness.md's worked example and count the bet whose seed still plays", async () => {
    const { end } = await verify(streamOnly(FILES.export));
    expect(selectSummaryLines(end)).toEqual({ headline: '1 bet checked: 1 matched, 0 did not.', mismatches: [], awaiting: '1 bet awaits a seed reveal.' });
  });

  it('should name a tampered line', async () => {
    const { end } = await verify(streamOnly(FILES.export.replace('"payout":0', '"payout":2')));
    const lines = selectSummaryLines(end)!;
    expect(lines.headline).toBe('1 bet checked: 0 matched, 1 did not.');
    expect(lines.mismatches).toEqual(['Bet 7 (line 1): payout 2 recorded, the rules pay 0; multiplier 0 recorded, payout ÷ wager is 2.']);
  });

  it('should verify a long file as it is read, showing the bets checked and the share of the file read', async () => {
    // 1,000 lines with Windows line ends, the tampered bet on line 777: the summary names its line.
    const [revealed, awaiting] = FILES.export.split('\n');
    const lines = Array.from({ length: 1000 }, (_, i) => (i === 776 ? revealed!.replace('"payout":0', '"payout":2') : i % 2 === 0 ? revealed! : awaiting!));
    const text = `${lines.join('\r\n')}\r\n`;
    const { end, seen } = await verify(streamOnly(text));
    expect(selectSummary(end)).toMatchObject({ total: 1000, checked: 500, matched: 499, awaitingReveal: 500 });
    expect(selectSummaryLines(end)!.mismatches).toEqual(['Bet 7 (line 777): payout 2 recorded, the rules pay 0; multiplier 0 recorded, payout ÷ wager is 2.']);
    // Progress after each chunk of 200 bets, by bytes read: it only goes forward and ends with the whole file.
    expect(seen.map((p) => p.bets).filter((bets) => bets > 0)).toEqual([200, 400, 600, 800, 1000, 1000]);
    const bytes = seen.map((p) => p.bytesRead);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
    const size = new TextEncoder().encode(text).byteLength;
    expect(seen.at(-1)).toEqual({ bets: 1000, bytesRead: size, totalBytes: size, percent: 100 });
  });

  it('should say why a file is not a bets download, naming the line, in the words of the whole-file reader', async () => {
    const { end } = await verify(streamOnly(FILES.brokenLine));
    expect(selectError(end)).toBe('Cannot read bets.jsonl: line 2: not JSON.');
    expect(selectSummary(end)).toBeNull();
    const { end: other } = await verify(streamOnly('\uFEFFhello\n', 'notes.txt'));
    expect(selectError(other)).toBe('Cannot read notes.txt: line 1: this is not a bet export: expected JSON lines or the CSV of the bets download.');
  });

  it('should say the browser could not open a file whose reading fails', async () => {
    const broken = Object.assign(new File(['x'], 'gone.jsonl'), {
      stream: () =>
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.error(new Error('NotReadableError'));
          },
        }),
    });
    const { end } = await verify(broken);
    expect(selectError(end)).toBe('Cannot read gone.jsonl: the browser could not open the file.');
  });
});

pathSuite(bulkVerifyPaths);
