import { expect } from 'vitest';
import { betRecallMachine } from '../../machines/betRecall/machine';
import type { BetDetail, BetRecallInput, LoadedBet } from '../../machines/betRecall/machine';
import { selectBet, selectBetId, selectCheck, selectFairness, selectIsBusy, selectPage, selectRecall, selectShare } from '../../machines/betRecall/selectors';
import type { ComputedRecall } from '../../src/core/bets/recall';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The /bet/ID page. The oracles read what the page renders (which page, the bet, the fairness
 * panel, the check) and what was asked of the server and of the browser's crypto, against
 * `recallFacts`, kept from the performed events with the page's rules written out here: a bad id is
 * never fetched, a found bet is drawn, Verify only once the server seed is public and the record
 * redrawable, and a check passes only when both the hash and the outcome agree.
 */

/** docs/fairness.md's worked example: nonce 1 of this pair rolls 70.61 (a loss under 49.5). */
const SEED = '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea';
const HASH = 'b14ebc2510c9b27ec843ae98686260cc691338edf2db0a2d625fa50a1f4ebba7';
const base = { id: 42, gameName: 'Dice', playerName: 'alice', wager: 1, currency: 'USDT', multiplier: 0, payout: 0, createdAt: '2026-11-26T10:00:00.000Z' };
const outcome = { roll: 70.61, chance: 49.5, target: 'under', win: false };

export const RECALL_BETS = {
  revealed: { ...base, outcome, seedHash: HASH, clientSeed: 'abc', nonce: 1, serverSeed: SEED },
  sealed: { ...base, outcome, seedHash: HASH, clientSeed: 'abc', nonce: 1, serverSeed: null },
  noSeeds: { ...base, outcome, seedHash: null, clientSeed: null, nonce: null, serverSeed: null },
  unreadable: { ...base, outcome: null, seedHash: HASH, clientSeed: 'abc', nonce: 1, serverSeed: SEED },
} satisfies Record<string, BetDetail>;

export const COMPUTED = {
  match: { serverSeedHash: HASH, outcome: { roll: 70.61, win: false, multiplier: 2 } },
  otherHash: { serverSeedHash: '0'.repeat(64), outcome: { roll: 70.61, win: false, multiplier: 2 } },
  otherRoll: { serverSeedHash: HASH, outcome: { roll: 12.5, win: true, multiplier: 2 } },
} satisfies Record<string, ComputedRecall>;

const found = (bet: BetDetail): LoadedBet => ({ found: true, bet });
const e = (event: Record<string, unknown>) => event as AnyEvent;

const events = [
  ...Object.values(RECALL_BETS).map((bet) => e({ type: 'xstate.done.actor.loadBet', output: found(bet) })),
  e({ type: 'xstate.done.actor.loadBet', output: { found: false } }),
  e({ type: 'xstate.error.actor.loadBet', error: new Error('offline') }),
  e({ type: 'user.retry' }),
  e({ type: 'user.verify' }),
  ...Object.values(COMPUTED).map((output) => e({ type: 'xstate.done.actor.verify', output })),
  e({ type: 'xstate.error.actor.verify', error: new Error('no WebCrypto') }),
  e({ type: 'user.copyLink' }),
  e({ type: 'xstate.done.actor.copyLink' }),
  e({ type: 'xstate.error.actor.copyLink', error: new Error('denied') }),
  e({ type: 'xstate.after.linkCopied.betRecall.shown.share.copied' }),
];

/** The page as the path left it, from the performed events alone. */
export function recallFacts(world: World) {
  const { betId } = world.variant.input as BetRecallInput;
  const wellFormed = /^[1-9][0-9]{0,14}$/.test(betId);
  let loads = wellFormed ? 1 : 0;
  let loaded: LoadedBet | null = null;
  let verifies = 0;
  let computed: ComputedRecall | null = null;
  let verifyFailed = false;
  let copies = 0;
  let share: 'idle' | 'copying' | 'copied' | 'copyFailed' = 'idle';
  for (const event of world.performed) {
    if (event.type === 'user.copyLink') {
      copies += 1;
      share = 'copying';
    }
    if (event.type === 'xstate.done.actor.copyLink') share = 'copied';
    if (event.type === 'xstate.error.actor.copyLink') share = 'copyFailed';
    if (event.type.startsWith('xstate.after.linkCopied')) share = 'idle';
    if (event.type === 'user.retry') loads += 1;
    if (event.type === 'xstate.done.actor.loadBet') loaded = event.output as LoadedBet;
    if (event.type === 'user.verify') {
      verifies += 1;
      computed = null;
      verifyFailed = false;
    }
    if (event.type === 'xstate.done.actor.verify') computed = event.output as ComputedRecall;
    if (event.type === 'xstate.error.actor.verify') verifyFailed = true;
  }
  const bet = loaded?.found ? loaded.bet : null;
  const verifiable = bet !== null && bet.serverSeed !== null && bet.seedHash !== null && bet.outcome !== null;
  return { betId, wellFormed, loads, bet, verifiable, verifies, computed, verifyFailed, copies, share };
}

export interface RecallSut extends Sut {
  effects: FakeEffects;
}

const DICE_REQUEST = { game: 'dice', params: { chance: 49.5, target: 'under' } };

const showsPage = (sut: RecallSut, page: string) => expect(selectPage(sut.snapshot() as never), `the page shows ${page}`).toBe(page);
const canVerify = (sut: RecallSut) => sut.snapshot().can({ type: 'user.verify' });

export const betRecallPaths: PathSpec<RecallSut> = {
  name: 'betRecall',
  machine: betRecallMachine,
  variants: [
    { name: 'a bet address', input: { betId: '42' }, events },
    // The seed is the one committed to, but the record says another roll: the outcome check alone fails.
    { name: 'a bet whose record the seeds contradict', input: { betId: '42' }, events: events.filter((event) => event['output'] !== COMPUTED.otherHash && event['output'] !== COMPUTED.match), ownCoverage: true },
    { name: 'an address with letters for a number', input: { betId: '4x2' }, events },
    { name: 'an address with a leading zero', input: { betId: '042' }, events },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = betRecallMachine.provide({ actors: effects.actors(['loadBet', 'verify', 'copyLink']) as never });
    const system = runInSystem(machine, { input: world.variant.input as BetRecallInput, clock: world.clock });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (event) => system.actor.send(event as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#betRecall': {
      asserts: 'the bet was asked for by the id in the address, once per load and never for a malformed id; each Verify ran the Seed modal’s dice verifier on the revealed seed, client seed and nonce',
      check(sut, world) {
        const f = recallFacts(world);
        expect(selectBetId(sut.snapshot() as never)).toBe(f.betId);
        expect(sut.effects.callsOf('loadBet')).toEqual(Array.from({ length: f.loads }, () => ({ id: f.betId })));
        expect(sut.effects.callsOf('verify')).toEqual(Array.from({ length: f.verifies }, () => ({ serverSeed: SEED, clientSeed: 'abc', nonce: 1, request: DICE_REQUEST })));
        expect(sut.effects.callsOf('copyLink')).toEqual(Array.from({ length: f.copies }, () => ({ betId: f.betId })));
      },
    },
    '#betRecall.malformed': {
      asserts: "'That is not a bet number.': nothing was fetched and the page is done",
      check(sut, world) {
        expect(recallFacts(world).wellFormed).toBe(false);
        showsPage(sut, 'malformed');
        expect(sut.snapshot().status).toBe('done');
      },
    },
    '#betRecall.loading': {
      asserts: 'the bet is being fetched: the page says so, and the request is waiting',
      check(sut) {
        showsPage(sut, 'loading');
        expect(selectIsBusy(sut.snapshot() as never)).toBe(true);
        expect(sut.effects.waiting('loadBet')).toBeDefined();
        expect(selectBet(sut.snapshot() as never)).toBeNull();
      },
    },
    '#betRecall.notFound': {
      asserts: "'No bet #42.': the server holds no such bet; the page is done",
      check(sut, world) {
        expect(recallFacts(world).bet).toBeNull();
        showsPage(sut, 'notFound');
        expect(sut.snapshot().status).toBe('done');
      },
    },
    '#betRecall.unavailable': {
      asserts: 'the server did not answer: the page says so and offers Try again, nothing is busy',
      check(sut) {
        showsPage(sut, 'unavailable');
        expect(selectIsBusy(sut.snapshot() as never)).toBe(false);
        expect(sut.snapshot().can({ type: 'user.retry' })).toBe(true);
      },
    },
    '#betRecall.shown': {
      asserts: 'the bet the server answered is on the page, its game read back from the record',
      check(sut, world) {
        const f = recallFacts(world);
        showsPage(sut, 'shown');
        expect(selectBet(sut.snapshot() as never)).toEqual(f.bet);
        expect(selectRecall(sut.snapshot() as never)).toEqual(
          f.bet!.outcome === null ? { game: 'unreadable', gameName: 'Dice' } : { game: 'dice', roll: 70.61, chance: 49.5, target: 'under', win: false },
        );
      },
    },
    '#betRecall.shown.fairness.sealed': {
      asserts: 'the server seed is not public yet: the panel says it is revealed when the player rotates, and Verify is not offered',
      check(sut, world) {
        expect(recallFacts(world).bet!.serverSeed).toBeNull();
        expect(selectFairness(sut.snapshot() as never)).toBe('sealed');
        expect(canVerify(sut)).toBe(false);
      },
    },
    '#betRecall.shown.fairness.unverifiable': {
      asserts: 'no seeds recorded, or a record the verifier cannot redraw: the panel says so, and Verify is not offered',
      check(sut, world) {
        const f = recallFacts(world);
        expect(f.bet!.seedHash === null || f.bet!.outcome === null).toBe(true);
        expect(selectFairness(sut.snapshot() as never)).toBe('unverifiable');
        expect(canVerify(sut)).toBe(false);
      },
    },
    '#betRecall.shown.fairness.revealed': {
      asserts: 'the server seed is public and the record redrawable: Verify is offered, nothing checked yet',
      check(sut, world) {
        expect(recallFacts(world).verifiable).toBe(true);
        expect(selectFairness(sut.snapshot() as never)).toBe('revealed');
        expect(canVerify(sut)).toBe(true);
        expect(selectCheck(sut.snapshot() as never)).toBeNull();
      },
    },
    '#betRecall.shown.fairness.verifying': {
      asserts: 'the check is being computed in this browser: busy, the verifier is waiting, the previous result is gone',
      check(sut) {
        expect(selectFairness(sut.snapshot() as never)).toBe('verifying');
        expect(selectIsBusy(sut.snapshot() as never)).toBe(true);
        expect(sut.effects.waiting('verify')).toBeDefined();
        expect(selectCheck(sut.snapshot() as never)).toBeNull();
      },
    },
    '#betRecall.shown.fairness.matched': {
      asserts: "the seed hashes to the hash shown and the roll recomputed is the bet's: both checks pass, and Verify may run again",
      check(sut, world) {
        expect(recallFacts(world).computed).toEqual(COMPUTED.match);
        expect(selectFairness(sut.snapshot() as never)).toBe('matched');
        expect(selectCheck(sut.snapshot() as never)).toEqual({ hashMatches: true, outcomeMatches: true, computed: 'roll 70.61' });
        expect(canVerify(sut)).toBe(true);
      },
    },
    '#betRecall.shown.fairness.mismatched': {
      asserts: 'the hash or the recomputed roll differs from what the page shows: the panel says which check failed',
      check(sut, world) {
        const { computed } = recallFacts(world);
        expect(selectFairness(sut.snapshot() as never)).toBe('mismatched');
        expect(selectCheck(sut.snapshot() as never)).toEqual(
          computed === COMPUTED.otherHash ? { hashMatches: false, outcomeMatches: true, computed: 'roll 70.61' } : { hashMatches: true, outcomeMatches: false, computed: 'roll 12.50' },
        );
        expect(canVerify(sut)).toBe(true);
      },
    },
    '#betRecall.shown.fairness.verifyFailed': {
      asserts: 'the browser could not compute: no result is shown, and Verify may be tried again',
      check(sut, world) {
        expect(recallFacts(world).verifyFailed).toBe(true);
        expect(selectFairness(sut.snapshot() as never)).toBe('verifyFailed');
        expect(selectCheck(sut.snapshot() as never)).toBeNull();
        expect(canVerify(sut)).toBe(true);
      },
    },
    '#betRecall.shown.share.idle': {
      asserts: 'Copy link is offered, with no mark',
      check(sut, world) {
        expect(recallFacts(world).share).toBe('idle');
        expect(selectShare(sut.snapshot() as never)).toBe('idle');
        expect(sut.snapshot().can({ type: 'user.copyLink' })).toBe(true);
      },
    },
    '#betRecall.shown.share.copying': {
      asserts: "the bet's address is being written to the clipboard: Copy link waits",
      check(sut) {
        expect(selectShare(sut.snapshot() as never)).toBe('copying');
        expect(sut.effects.waiting('copyLink')).toEqual({ input: { betId: '42' } });
        expect(sut.snapshot().can({ type: 'user.copyLink' })).toBe(false);
      },
    },
    '#betRecall.shown.share.copied': {
      asserts: "'Link copied' shows (for 1.5 s), and the link may be copied again",
      check(sut, world) {
        expect(recallFacts(world).share).toBe('copied');
        expect(selectShare(sut.snapshot() as never)).toBe('copied');
        expect(sut.snapshot().can({ type: 'user.copyLink' })).toBe(true);
      },
    },
    '#betRecall.shown.share.copyFailed': {
      asserts: 'the clipboard refused: the page says to copy the address bar, and Copy link may be tried again',
      check(sut, world) {
        expect(recallFacts(world).share).toBe('copyFailed');
        expect(selectShare(sut.snapshot() as never)).toBe('copyFailed');
        expect(sut.snapshot().can({ type: 'user.copyLink' })).toBe(true);
      },
    },
  },
};
