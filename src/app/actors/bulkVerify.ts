import { fromCallback, fromPromise } from 'xstate';
import { bulkVerifyMachine } from '../../../machines/bulkVerify/machine';
import type { BulkVerifyEvent } from '../../../machines/bulkVerify/machine';
import type { ReadBet } from '../../core/fairness/betExport';
import { verifyBets } from '../../core/fairness/bulkVerify';
import { floatsAsync, sha256HexAsync } from '../../core/fairness/webcrypto';

/** Bets checked between two macrotasks: the page repaints (and the progress bar moves) in between. */
const CHUNK = 200;

class Stopped extends Error {}

/** /fairness: the dropped file's text, and the core's bulk verifier through WebCrypto, a chunk at a time. */
export function provideBulkVerify() {
  return bulkVerifyMachine.provide({
    actors: {
      readFile: fromPromise(({ input }) => input.file.text()),
      verifyBets: fromCallback<BulkVerifyEvent, { bets: readonly ReadBet[] }>(({ input, sendBack }) => {
        let stopped = false;
        const pause = () =>
          new Promise<void>((resolve, reject) => {
            setTimeout(() => (stopped ? reject(new Stopped()) : resolve()), 0);
          });
        verifyBets(input.bets, { sha256: sha256HexAsync, floats: floatsAsync }, { chunk: CHUNK, pause, onProgress: (done, total) => sendBack({ type: 'verify.progress', done, total }) }).then(
          (summary) => {
            if (!stopped) sendBack({ type: 'verify.done', summary });
          },
          (error: unknown) => {
            if (!(error instanceof Stopped)) sendBack({ type: 'verify.failed', message: (error as Error).message });
          },
        );
        return () => {
          stopped = true;
        };
      }),
    },
  });
}
