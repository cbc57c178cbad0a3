/**
 * Bulk verification on the /fairness page (issue 23 "Every bet, downloadable and verifiable offline
 * in bulk"): the player drops the bets download (or picks it with the file button, on a phone), the
 * page reads it, recomputes every bet whose server seed is revealed in this browser, and shows the
 * summary the CLI prints (`npm run verify -- --file`): how many were checked, how many matched,
 * which did not, and how many await a reveal.
 *
 * Receives
 *   user.fileChosen { file }   (dropped on the zone or picked with the button)
 *   user.dragEnter / user.dragLeave   (a file is held over the zone: it lights up)
 *   user.reset                 (Verify another file: back to the empty zone)
 *   verify.progress { done, total } / verify.done { summary } / verify.failed { message }
 *                              (from the verifyBets effect, as it works through the bets in chunks)
 * Sends nothing to other actors.
 * Actors src/app provides
 *   readFile:   fromPromise<string, { file: Blob }>   the file's text
 *   verifyBets: fromCallback<{ bets }>                 the core's verifyBets through WebCrypto, a chunk
 *               at a time between macrotasks (the page stays responsive), sending the verify.* events
 */
import { assign, fromCallback, setup } from 'xstate';
import { parseBetExport } from '../../src/core/fairness/betExport';
import type { ReadBet } from '../../src/core/fairness/betExport';
import type { BulkSummary } from '../../src/core/fairness/bulkVerify';
import { effectActor } from '../shared/effects';

export type { BulkSummary };

/** A file as the page hands it over: its name and its bytes (a File is one). */
export interface ChosenFile extends Blob {
  readonly name: string;
}

export interface BulkVerifyContext {
  fileName: string | null;
  /** The bets read from the file, while they are verified. */
  bets: readonly ReadBet[];
  progress: { done: number; total: number };
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
  | { type: 'verify.progress'; done: number; total: number }
  | { type: 'verify.done'; summary: BulkSummary }
  | { type: 'verify.failed'; message: string };

export const BULK_MESSAGES = {
  unreadable: (name: string) => `Cannot read ${name}: the browser could not open the file.`,
  notExport: (name: string, reason: string) => `Cannot read ${name}: ${reason}.`,
  failed: 'This browser could not compute the checks (it needs WebCrypto, on https or localhost).',
} as const;

/** The verifyBets effect: sends verify.progress, then verify.done or verify.failed. */
const callbackEffect = <TInput>(name: string) =>
  fromCallback<BulkVerifyEvent, TInput>(() => {
    throw new Error(`${name} is an effect provided by src/app (or by a test's fake)`);
  });

const dragTransitions = {
  'user.dragEnter': { actions: 'lightZone' },
  'user.dragLeave': { actions: 'dimZone' },
} as const;

const chooseFile = { target: '#bulkVerify.reading', actions: 'takeFile' } as const;

export const bulkVerifyMachine = setup({
  types: {
    context: {} as BulkVerifyContext,
    events: {} as BulkVerifyEvent,
  },
  actors: {
    readFile: effectActor<string, { file: ChosenFile }>('readFile'),
    verifyBets: callbackEffect<{ bets: readonly ReadBet[] }>('verifyBets'),
  },
  guards: {
    notAnExport: ({ context }) => context.error !== null,
  },
  actions: {
    takeFile: assign(({ event }) => ({
      fileName: event.type === 'user.fileChosen' ? event.file.name : null,
      dragOver: false,
      summary: null,
      error: null,
      bets: [],
      progress: { done: 0, total: 0 },
    })),
    lightZone: assign({ dragOver: true }),
    dimZone: assign({ dragOver: false }),
  },
}).createMachine({
  id: 'bulkVerify',
  context: { fileName: null, bets: [], progress: { done: 0, total: 0 }, summary: null, error: null, dragOver: false },
  initial: 'idle',
  states: {
    idle: {
      description: 'The drop zone and the Choose file button; it lights up while a file is held over it.',
      on: { 'user.fileChosen': chooseFile, ...dragTransitions },
    },
    reading: {
      description: "The file is read and its lines parsed as the bets download; 'Reading <file>…'.",
      tags: ['busy'],
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ event }) => ({ file: (event as Extract<BulkVerifyEvent, { type: 'user.fileChosen' }>).file }),
        onDone: [
          {
            target: 'checking',
            actions: assign(({ context, event }) => {
              const parsed = parseBetExport(event.output);
              return parsed.ok
                ? { bets: parsed.bets, progress: { done: 0, total: parsed.bets.length } }
                : { error: BULK_MESSAGES.notExport(context.fileName ?? 'the file', parsed.error) };
            }),
          },
        ],
        onError: { target: 'failed', actions: assign(({ context }) => ({ error: BULK_MESSAGES.unreadable(context.fileName ?? 'the file') })) },
      },
    },
    checking: {
      description: 'Whether the text was a bets download (transient).',
      always: [{ guard: 'notAnExport', target: 'failed' }, { target: 'verifying' }],
    },
    verifying: {
      description: "Every revealed bet is recomputed in this browser, a chunk at a time: 'Checked n of N bets' with a progress bar.",
      tags: ['busy'],
      invoke: { id: 'verifyBets', src: 'verifyBets', input: ({ context }) => ({ bets: context.bets }) },
      on: {
        'verify.progress': { actions: assign({ progress: ({ event }) => ({ done: event.done, total: event.total }) }) },
        'verify.done': { target: 'done', actions: assign({ summary: ({ event }) => event.summary, bets: [] }) },
        'verify.failed': { target: 'failed', actions: assign({ error: BULK_MESSAGES.failed, bets: [] }) },
      },
    },
    done: {
      description: 'The summary: checked, matched, each bet that did not match and why, and how many await a reveal. Another file may be dropped.',
      on: { 'user.fileChosen': chooseFile, 'user.reset': { target: 'idle', actions: assign({ summary: null, fileName: null }) }, ...dragTransitions },
    },
    failed: {
      description: 'Why the file could not be verified (not a bets download, naming the line; unreadable). Another file may be dropped.',
      tags: ['alert'],
      on: { 'user.fileChosen': chooseFile, 'user.reset': { target: 'idle', actions: assign({ error: null, fileName: null }) }, ...dragTransitions },
    },
  },
});
