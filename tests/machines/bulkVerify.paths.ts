import { expect } from 'vitest';
import { fromCallback } from 'xstate';
import { bulkVerifyMachine, BULK_MESSAGES } from '../../machines/bulkVerify/machine';
import type { BulkSummary, BulkVerifyEvent, ChosenFile } from '../../machines/bulkVerify/machine';
import { selectAllMatched, selectDragOver, selectError, selectFileName, selectIsBusy, selectProgress, selectStage, selectSummaryLines } from '../../machines/bulkVerify/selectors';
import type { ReadBet } from '../../src/core/fairness/betExport';
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

const file = (name: string) => ({ name }) as unknown as ChosenFile;
const e = (event: Record<string, unknown>) => event as AnyEvent;

const events = [
  e({ type: 'user.fileChosen', file: file('bets.jsonl') }),
  e({ type: 'user.dragEnter' }),
  e({ type: 'user.dragLeave' }),
  e({ type: 'user.reset' }),
  ...Object.values(FILES).map((output) => e({ type: 'xstate.done.actor.readFile', output })),
  e({ type: 'xstate.error.actor.readFile', error: new Error('NotReadableError') }),
  e({ type: 'verify.progress', done: 1, total: 2 }),
  ...Object.values(SUMMARIES).map((summary) => e({ type: 'verify.done', summary })),
  e({ type: 'verify.failed', message: 'no WebCrypto' }),
];

type Stage = 'idle' | 'reading' | 'verifying' | 'done' | 'failed';

/** The page as the path left it, from the performed events alone. */
export function bulkFacts(world: World) {
  let stage: Stage = 'idle';
  let fileName: string | null = null;
  let reads = 0;
  let dragOver = false;
  let error: string | null = null;
  let summary: BulkSummary | null = null;
  let progress = { done: 0, total: 0 };
  const verified: number[][] = [];
  for (const event of world.performed) {
    if (event.type === 'user.fileChosen') {
      stage = 'reading';
      fileName = (event.file as ChosenFile).name;
      reads += 1;
      dragOver = false;
      error = null;
      summary = null;
      progress = { done: 0, total: 0 };
    } else if (event.type === 'user.dragEnter') dragOver = true;
    else if (event.type === 'user.dragLeave') dragOver = false;
    else if (event.type === 'user.reset') {
      stage = 'idle';
      fileName = null;
      error = null;
      summary = null;
    } else if (event.type === 'xstate.done.actor.readFile') {
      const text = event.output as string;
      if (text === FILES.export) {
        stage = 'verifying';
        progress = { done: 0, total: 2 };
        verified.push([7, 9]);
      } else {
        stage = 'failed';
        error = BULK_MESSAGES.notExport('bets.jsonl', text === FILES.notExport ? 'line 1: this is not a bet export: expected JSON lines or the CSV of the bets download' : 'line 2: not JSON');
      }
    } else if (event.type === 'xstate.error.actor.readFile') {
      stage = 'failed';
      error = BULK_MESSAGES.unreadable('bets.jsonl');
    } else if (event.type === 'verify.progress') progress = { done: 1, total: 2 };
    else if (event.type === 'verify.done') {
      stage = 'done';
      summary = event.summary as BulkSummary;
    } else if (event.type === 'verify.failed') {
      stage = 'failed';
      error = BULK_MESSAGES.failed;
    }
  }
  return { stage, fileName, reads, dragOver, error, summary, progress, verified };
}

export interface BulkSut extends Sut {
  effects: FakeEffects;
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
        readFile: effects.actor('readFile') as never,
        // The verifier answers with the verify.* events the path performs; this records what it was given.
        verifyBets: fromCallback<BulkVerifyEvent, { bets: readonly ReadBet[] }>(({ input }) => {
          effects.record('verifyBets', input.bets.map((read) => read.bet.id));
          running.push('verifyBets');
          return () => void running.pop();
        }),
      },
    });
    const system = runInSystem(machine, { clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (event) => system.actor.send(event as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#bulkVerify': {
      asserts: 'each chosen file was read once; only a file that parsed as the bets download went to the verifier, with its bets in file order; the zone is lit exactly while a file is held over it',
      check(sut, world) {
        const f = bulkFacts(world);
        expect(sut.effects.callsOf('readFile')).toHaveLength(f.reads);
        expect(sut.effects.callsOf('verifyBets')).toEqual(f.verified);
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
    '#bulkVerify.reading': {
      asserts: "'Reading bets.jsonl…': the file chosen is being read; busy, another file is not taken",
      check(sut, world) {
        at(sut, 'reading');
        expect(selectFileName(sut.snapshot() as never)).toBe(bulkFacts(world).fileName);
        expect(selectIsBusy(sut.snapshot() as never)).toBe(true);
        expect(sut.effects.waiting('readFile')).toEqual({ input: { file: { name: 'bets.jsonl' } } });
        expect(canChoose(sut)).toBe(false);
      },
    },
    '#bulkVerify.verifying': {
      asserts: "'Checked n of N bets…' with the bar: the bets of the file are being verified; busy, another file is not taken",
      check(sut, world) {
        const f = bulkFacts(world);
        at(sut, 'verifying');
        expect(selectProgress(sut.snapshot() as never)).toEqual(f.progress);
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
