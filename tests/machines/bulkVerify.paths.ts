import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { bulkVerifyMachine, BULK_MESSAGES } from '../../machines/bulkVerify/machine';
import type { BulkSummary, BulkVerifyEvent, ChosenFile } from '../../machines/bulkVerify/machine';
import { selectAllMatched, selectDragOver, selectError, selectFileName, selectIsBusy, selectPercentRead, selectProgress, selectStage, selectSummaryLines } from '../../machines/bulkVerify/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The /fairness page's bulk verifier. The oracles read what the page shows (the stage, the file's
 * name, the progress, the summary in the CLI's words, the error) and what was asked of the browser
 * (the file read, the bets handed to the verifier), against `bulkFacts`, kept from the performed
 * events with the page's rules written out here.
 */

const HASH = 'b14ebc2510c9b27ec843ae98686260cc691338edf2db0a2d625fa50a1f4ebba7';
const SEED = '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea';
const line = (id: number, serverSeed: string | null) =>
  JSON.stringify({ id, gameName: 'Dice', playerName: 'alice', wager: 1, currency: 'USDT', multiplier: 0, payout: 0, outcome: { roll: 70.61, chance: 49.5, target: 'under', win: false }, seedHash: HASH, clientSeed: 'abc', nonce: 1, serverSeed, createdAt: '2026-11-27T01:00:00.000Z' });

export const FILES = {
  export: `${line(7, SEED)}\n${line(9, null)}\n`,
  notExport: 'hello\n',
  brokenLine: `${line(7, SEED)}\n{"id":\n`,
} as const;

export const SUMMARIES = {
  matched: { total: 2, checked: 1, matched: 1, mismatches: [], awaitingReveal: 1 },
  mismatched: { total: 2, checked: 1, matched: 0, mismatches: [{ id: 7, line: 1, reasons: ['payout 2 recorded, the rules pay 0'] }], awaitingReveal: 1 },
} satisfies Record<string, BulkSummary>;

const SIZE = 200;
const file = (name: string) => ({ name, size: SIZE }) as unknown as ChosenFile;
const e = (event: Record<string, unknown>) => event as AnyEvent;

const events = [
  e({ type: 'user.fileChosen', file: file('bets.jsonl') }),
  e({ type: 'user.dragEnter' }),
  e({ type: 'user.dragLeave' }),
  e({ type: 'user.reset' }),
  e({ type: 'verify.progress', bets: 1, bytesRead: 150, totalBytes: SIZE }),
  ...Object.values(SUMMARIES).map((summary) => e({ type: 'verify.done', summary })),
  e({ type: 'verify.notExport', reason: 'line 2: not JSON' }),
  e({ type: 'verify.unreadable' }),
  e({ type: 'verify.failed', message: 'no WebCrypto' }),
];

type Stage = 'idle' | 'verifying' | 'done' | 'failed';

/** The page as the path left it, from the performed events alone. */
export function bulkFacts(world: World) {
  let stage: Stage = 'idle';
  let fileName: string | null = null;
  let dragOver = false;
  let error: string | null = null;
  let summary: BulkSummary | null = null;
  let progress = { bets: 0, bytesRead: 0, totalBytes: 0 };
  /** The files handed to the verifier, in order. */
  const verified: string[] = [];
  for (const event of world.performed) {
    if (event.type === 'user.fileChosen') {
      stage = 'verifying';
      fileName = (event.file as ChosenFile).name;
      verified.push(fileName);
      dragOver = false;
      error = null;
      summary = null;
      progress = { bets: 0, bytesRead: 0, totalBytes: SIZE };
    } else if (event.type === 'user.dragEnter') dragOver = true;
    else if (event.type === 'user.dragLeave') dragOver = false;
    else if (event.type === 'user.reset') {
      stage = 'idle';
      fileName = null;
      error = null;
      summary = null;
    } else if (event.type === 'verify.progress') progress = { bets: 1, bytesRead: 150, totalBytes: SIZE };
    else if (event.type === 'verify.done') {
      stage = 'done';
      summary = event.summary as BulkSummary;
    } else if (event.type === 'verify.notExport') {
      stage = 'failed';
      error = 'Cannot read bets.jsonl: line 2: not JSON.';
    } else if (event.type === 'verify.unreadable') {
      stage = 'failed';
      error = 'Cannot read bets.jsonl: the browser could not open the file.';
    } else if (event.type === 'verify.failed') {
      stage = 'failed';
      error = BULK_MESSAGES.failed;
    }
  }
  return { stage, fileName, dragOver, error, summary, progress, verified };
}

export interface BulkSut extends Sut {
  effects: FakeEffects;
  /** The verifier while it runs (stopped as soon as its stage is left: no more of the file is read). */
  running: string[];
}

const at = (sut: BulkSut, stage: Stage) => expect(selectStage(sut.snapshot() as never), `the page is ${stage}`).toBe(stage);
const canChoose = (sut: BulkSut) => sut.snapshot().can({ type: 'user.fileChosen', file: file('x.jsonl') });

export const bulkVerifyPaths: PathSpec<BulkSut> = {
  name: 'bulkVerify',
  machine: bulkVerifyMachine,
  variants: [{ name: 'a player with a bets download', events }],
  start(world) {
    const effects = new FakeEffects();
    const running: string[] = [];
    const machine = bulkVerifyMachine.provide({
      actors: {
        // The verifier answers with the verify.* events the path performs; this records what it was given.
        verifyFile: fromCallback<BulkVerifyEvent, { file: ChosenFile }>(({ input }) => {
          effects.record('verifyFile', input.file.name);
          running.push('verifyFile');
          return () => void running.pop();
        }),
      },
    });
    const system = runInSystem(machine, { clock: world.clock });
    return {
      effects,
      running,
      snapshot: () => system.actor.getSnapshot(),
      send: (event) => system.actor.send(event as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#bulkVerify': {
      asserts: 'each chosen file went to the streaming verifier once, in order, which runs only while verifying; the zone is lit exactly while a file is held over it',
      check(sut, world) {
        const f = bulkFacts(world);
        expect(sut.effects.callsOf('verifyFile')).toEqual(f.verified);
        expect(sut.running, 'the file is read only while it is being verified').toEqual(f.stage === 'verifying' ? ['verifyFile'] : []);
        expect(selectDragOver(sut.snapshot() as never)).toBe(f.dragOver);
      },
    },
    '#bulkVerify.idle': {
      asserts: "the empty drop zone and 'Choose file'; no file, no summary, no message",
      check(sut) {
        at(sut, 'idle');
        expect(selectFileName(sut.snapshot() as never)).toBeNull();
        expect(selectSummaryLines(sut.snapshot() as never)).toBeNull();
        expect(selectError(sut.snapshot() as never)).toBeNull();
        expect(canChoose(sut)).toBe(true);
      },
    },
    '#bulkVerify.verifying': {
      asserts: "'Reading bets.jsonl…', then 'Checked n bets · p% of bets.jsonl read…' with the bar by bytes read: the file is being read and verified; busy, another file is not taken",
      check(sut, world) {
        const f = bulkFacts(world);
        at(sut, 'verifying');
        expect(selectFileName(sut.snapshot() as never)).toBe(f.fileName);
        expect(selectProgress(sut.snapshot() as never)).toEqual(f.progress);
        expect(selectPercentRead(sut.snapshot() as never)).toBe(f.progress.bytesRead === 0 ? 0 : 75);
        expect(selectIsBusy(sut.snapshot() as never)).toBe(true);
        expect(canChoose(sut)).toBe(false);
      },
    },
    '#bulkVerify.done': {
      asserts: "the CLI's summary: 'n bets checked: m matched, k did not.', each mismatch named with its line and why, 'n bets await a seed reveal.'; another file may be dropped",
      check(sut, world) {
        const f = bulkFacts(world);
        at(sut, 'done');
        const lines = selectSummaryLines(sut.snapshot() as never);
        if (f.summary === SUMMARIES.matched) {
          expect(lines).toEqual({ headline: '1 bet checked: 1 matched, 0 did not.', mismatches: [], awaiting: '1 bet awaits a seed reveal.' });
          expect(selectAllMatched(sut.snapshot() as never)).toBe(true);
        } else {
          expect(lines).toEqual({ headline: '1 bet checked: 0 matched, 1 did not.', mismatches: ['Bet 7 (line 1): payout 2 recorded, the rules pay 0.'], awaiting: '1 bet awaits a seed reveal.' });
          expect(selectAllMatched(sut.snapshot() as never)).toBe(false);
        }
        expect(selectIsBusy(sut.snapshot() as never)).toBe(false);
        expect(canChoose(sut)).toBe(true);
      },
    },
    '#bulkVerify.failed': {
      asserts: 'the reason in words (not a bets download, naming the line; unreadable; no WebCrypto); no summary; another file may be dropped',
      check(sut, world) {
        at(sut, 'failed');
        expect(selectError(sut.snapshot() as never)).toBe(bulkFacts(world).error);
        expect(selectSummaryLines(sut.snapshot() as never)).toBeNull();
        expect(canChoose(sut)).toBe(true);
      },
    },
  },
};
