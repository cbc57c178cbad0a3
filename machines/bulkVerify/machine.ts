/**
 * Bulk verification on the /fairness page (issue 23 "Every bet, downloadable and verifiable offline
 * in bulk"): the player drops the bets download (or picks it with the file button, on a phone), the
 * page reads it as a stream, recomputes every bet whose server seed is revealed in this browser as
 * its lines arrive (a million-bet file never sits in memory as one text), and shows the summary the
 * CLI prints (`npm run verify -- --file`): how many were checked, how many matched, which did not,
 * and how many await a reveal.
 *
 * Receives
 *   user.fileChosen { file }   (dropped on the zone or picked with the button)
 *   user.dragEnter / user.dragLeave   (a file is held over the zone: it lights up)
 *   user.reset                 (Verify another file: back to the empty zone)
 *   verify.progress { bets, bytesRead, totalBytes }   (bets checked and bytes of the file read so far)
 *   verify.done { summary } / verify.notExport { reason } / verify.unreadable / verify.failed { message }
 *                              (from the verifyFile effect, as it works through the file)
 * Sends nothing to other actors.
 * Actors src/app provides
 *   verifyFile: fromCallback<{ file }>   the file read as a stream (File.stream() through
 *               TextDecoderStream), its lines read and verified by the core a chunk at a time
 *               between macrotasks (the page stays responsive), sending the verify.* events
 */
import { assign, fromCallback, setup } from 'xstate';
import type { BulkSummary } from '../../src/core/fairness/bulkVerify';

export type { BulkSummary };

/** A file as the page hands it over: its name and its bytes (a File is one). */
export interface ChosenFile extends Blob {
  readonly name: string;
}

export interface BulkProgress {
  /** Bets read so far (checked, or awaiting a reveal). */
  bets: number;
  bytesRead: number;
  totalBytes: number;
}

export interface BulkVerifyContext {
  fileName: string | null;
  progress: BulkProgress;
  summary: BulkSummary | null;
  /** Why the file could not be verified, in words. */
  error: string | null;
  /** A file is held over the drop zone. */
  dragOver: boolean;
}

export type BulkVerifyEvent =
  | { type: 'user.fileChosen'; file: ChosenFile }
  | { type: 'user.dragEnter' }
  | { type: 'user.dragLeave' }
  | { type: 'user.reset' }
  | ({ type: 'verify.progress' } & BulkProgress)
  | { type: 'verify.done'; summary: BulkSummary }
  | { type: 'verify.notExport'; reason: string }
  | { type: 'verify.unreadable' }
  | { type: 'verify.failed'; message: string };

export const BULK_MESSAGES = {
  unreadable: (name: string) => `Cannot read ${name}: the browser could not open the file.`,
  notExport: (name: string, reason: string) => `Cannot read ${name}: ${reason}.`,
  failed: 'This browser could not compute the checks (it needs WebCrypto, on https or localhost).',
} as const;

/** The verifyFile effect: sends verify.progress, then verify.done, verify.notExport, verify.unreadable or verify.failed. */
const callbackEffect = <TInput>(name: string) =>
  fromCallback<BulkVerifyEvent, TInput>(() => {
    throw new Error(`${name} is an effect provided by src/app (or by a test's fake)`);
  });

const dragTransitions = {
  'user.dragEnter': { actions: 'lightZone' },
  'user.dragLeave': { actions: 'dimZone' },
} as const;

const chooseFile = { target: '#bulkVerify.verifying', actions: 'takeFile' } as const;
const NO_PROGRESS: BulkProgress = { bets: 0, bytesRead: 0, totalBytes: 0 };

export const bulkVerifyMachine = setup({
  types: {
    context: {} as BulkVerifyContext,
    events: {} as BulkVerifyEvent,
  },
  actors: {
    verifyFile: callbackEffect<{ file: ChosenFile }>('verifyFile'),
  },
  actions: {
    takeFile: assign(({ event }) => ({
      fileName: event.type === 'user.fileChosen' ? event.file.name : null,
      dragOver: false,
      summary: null,
      error: null,
      progress: { ...NO_PROGRESS, totalBytes: event.type === 'user.fileChosen' ? event.file.size : 0 },
    })),
    lightZone: assign({ dragOver: true }),
    dimZone: assign({ dragOver: false }),
  },
}).createMachine({
  id: 'bulkVerify',
  context: { fileName: null, progress: NO_PROGRESS, summary: null, error: null, dragOver: false },
  initial: 'idle',
  states: {
    idle: {
      description: 'The drop zone and the Choose file button; it lights up while a file is held over it.',
      on: { 'user.fileChosen': chooseFile, ...dragTransitions },
    },
    verifying: {
      description:
        "The file is read as a stream and each revealed bet recomputed in this browser as its line arrives, a chunk at a time: 'Checked n bets · p% of <file> read' with a bar by bytes read.",
      tags: ['busy'],
      invoke: {
        id: 'verifyFile',
        src: 'verifyFile',
        input: ({ event }) => ({ file: (event as Extract<BulkVerifyEvent, { type: 'user.fileChosen' }>).file }),
      },
      on: {
        'verify.progress': { actions: assign({ progress: ({ event }) => ({ bets: event.bets, bytesRead: event.bytesRead, totalBytes: event.totalBytes }) }) },
        'verify.done': { target: 'done', actions: assign({ summary: ({ event }) => event.summary }) },
        'verify.notExport': { target: 'failed', actions: assign({ error: ({ context, event }) => BULK_MESSAGES.notExport(context.fileName ?? 'the file', event.reason) }) },
        'verify.unreadable': { target: 'failed', actions: assign({ error: ({ context }) => BULK_MESSAGES.unreadable(context.fileName ?? 'the file') }) },
        'verify.failed': { target: 'failed', actions: assign({ error: BULK_MESSAGES.failed }) },
      },
    },
    done: {
      description: 'The summary: checked, matched, each bet that did not match and why, and how many await a reveal. Another file may be dropped.',
      on: { 'user.fileChosen': chooseFile, 'user.reset': { target: 'idle', actions: assign({ summary: null, fileName: null }) }, ...dragTransitions },
    },
    failed: {
      description: 'Why the file could not be verified (not a bets download, naming the line; unreadable; no WebCrypto). Another file may be dropped.',
      tags: ['alert'],
      on: { 'user.fileChosen': chooseFile, 'user.reset': { target: 'idle', actions: assign({ error: null, fileName: null }) }, ...dragTransitions },
    },
  },
});
