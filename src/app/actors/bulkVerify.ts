import { fromCallback } from 'xstate';
import { bulkVerifyMachine } from '../../../machines/bulkVerify/machine';
import type { BulkVerifyEvent, ChosenFile } from '../../../machines/bulkVerify/machine';
import { verifyExportStream } from '../../core/fairness/bulkVerify';
import { floatsAsync, sha256HexAsync } from '../../core/fairness/webcrypto';

/** Bets checked between two macrotasks: the page repaints (and the progress bar moves) in between. */
const CHUNK = 200;

class Stopped extends Error {}
/** The browser could not read the file (it moved, or permission went): not the verifier's failure. */
class ReadFailed extends Error {}

/**
 * The file's text as it is read, a piece at a time: File.stream() through TextDecoderStream, the
 * bytes counted as they come. Only the pieces in flight are held, never the whole text.
 */
async function* textOf(file: ChosenFile, counted: (bytes: number) => void, isStopped: () => boolean): AsyncGenerator<string, void, undefined> {
  let reader: ReadableStreamDefaultReader<string>;
  try {
    const bytes = file.stream().pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          counted(chunk.byteLength);
          controller.enqueue(chunk);
        },
      }),
    );
    reader = bytes.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
  } catch {
    throw new ReadFailed();
  }
  try {
    for (;;) {
      if (isStopped()) throw new Stopped();
      let piece: ReadableStreamReadResult<string>;
      try {
        piece = await reader.read();
      } catch {
        throw new ReadFailed();
      }
      if (piece.done) return;
      yield piece.value;
    }
  } finally {
    // Stopped, or the verifier gave up on a line: the rest of the file is not read.
    void reader.cancel().catch(() => undefined);
  }
}

/** /fairness: the dropped file read as a stream and verified by the core as its lines arrive, through WebCrypto. */
export function provideBulkVerify() {
  return bulkVerifyMachine.provide({
    actors: {
      verifyFile: fromCallback<BulkVerifyEvent, { file: ChosenFile }>(({ input, sendBack }) => {
        let stopped = false;
        let bytesRead = 0;
        const totalBytes = input.file.size;
        const pause = () =>
          new Promise<void>((resolve, reject) => {
            setTimeout(() => (stopped ? reject(new Stopped()) : resolve()), 0);
          });
        const pieces = textOf(
          input.file,
          (bytes) => {
            bytesRead += bytes;
          },
          () => stopped,
        );
        verifyExportStream(pieces, { sha256: sha256HexAsync, floats: floatsAsync }, { chunk: CHUNK, pause, onProgress: (bets) => sendBack({ type: 'verify.progress', bets, bytesRead, totalBytes }) }).then(
          (result) => {
            if (stopped) return;
            sendBack(result.ok ? { type: 'verify.done', summary: result.summary } : { type: 'verify.notExport', reason: result.error });
          },
          (error: unknown) => {
            if (stopped || error instanceof Stopped) return;
            sendBack(error instanceof ReadFailed ? { type: 'verify.unreadable' } : { type: 'verify.failed', message: (error as Error).message });
          },
        );
        return () => {
          stopped = true;
        };
      }),
    },
  });
}
