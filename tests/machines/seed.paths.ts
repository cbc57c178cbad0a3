import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { seedMachine } from '../../machines/seed/machine';
import type { RevealedSeed, RotateSeedResponse, SeedEvent, SeedInput, SeedState, VerifyForm } from '../../machines/seed/machine';
import {
  selectCanRotate,
  selectCanSaveClientSeed,
  selectHashCheck,
  selectIsSavingClientSeed,
  selectIsSwitchingMode,
  selectSeedMode,
  selectClientSeedField,
  selectClientSeedInvalid,
  selectHistory,
  selectIsCopied,
  selectIsLoadingHistory,
  selectIsLoadingSeed,
  selectIsRotating,
  selectIsVerifying,
  selectRotateMessage,
  selectSeedState,
  selectSeedUnavailable,
  selectTab,
  selectVerified,
  selectVerifyForm,
  selectVerifyMessage,
} from '../../machines/seed/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The Seed (fairness) modal's paths. Its five regions are independent, so each variant drives one
 * concern (the seed pair and the client seed field; tabs, history and copy; the Verify form). The
 * oracles read what the modal renders and what the fakes were asked, against `seedFacts`, kept from
 * the performed events with docs/product.md §3's seed rules and the modal's words written out here.
 */

export const SEED_TEXTS = {
  rotateNoAnswer: 'Could not rotate the seed, please try again.',
  verifyFailed: 'Could not compute the outcome in this browser.',
  serverSeed: 'Server seed must be 64 hexadecimal characters',
  nonce: 'Nonce must be a whole number',
  mines: 'mines must be an integer 1..24',
  gameOpen: 'A game is still open: finish it before rotating the seed.',
  modeRefused: 'Finish your mines game before switching the seed mode.',
  modeNoAnswer: 'Could not switch the seed mode, please try again.',
  clientSeedNoAnswer: 'Could not save the client seed, please try again.',
  seedHash: 'Server seed hash must be 64 hexadecimal characters',
} as const;
const T = SEED_TEXTS;

/** The worked example of docs/fairness.md. */
const VECTOR = { serverSeed: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea', clientSeed: 'abc', nonce: 1 };
const REVEALED: RevealedSeed = { serverSeed: VECTOR.serverSeed, seedHash: 'b14ebc25', clientSeed: 'abc', nonce: 5 };
const OLDER: RevealedSeed = { serverSeed: 'f'.repeat(64), seedHash: 'a0a0a0a0', clientSeed: 'old', nonce: 2 };
const SEED: SeedState = { mode: 'classic', seedHash: 'h1', nextHash: 'h2', nonce: 5, clientSeed: 'abc' };
const INSTANT: SeedState = { mode: 'instant', seedHash: 'c1', nextHash: 'c1', nonce: 0, clientSeed: 'abc' };
/** SHA-256 of VECTOR.serverSeed's text: the hash shown before its bet. */
const VECTOR_HASH = 'b14ebc2510c9b27ec843ae98686260cc691338edf2db0a2d625fa50a1f4ebba7';
const ROTATED: RotateSeedResponse = { mode: 'classic', seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed: 'mySeed', previous: REVEALED };

const event = (e: Record<string, unknown>) => e as AnyEvent;

/** docs/product.md §3: a client seed is 1 to 64 printable characters without spaces. */
const validClientSeed = (seed: string) => /^[\x21-\x7e]{1,64}$/.test(seed);

/** The Verify form's checks, in order, for the values the paths type. */
function verifyCheck(form: VerifyForm): string | null {
  if (!/^[0-9a-f]{64}$/.test(form.serverSeed.trim())) return T.serverSeed;
  if (!validClientSeed(form.clientSeed)) return 'Client seed must be 1 to 64 characters without spaces';
  if (!/^\d+$/.test(form.nonce.trim())) return T.nonce;
  if (form.seedHash.trim() !== '' && !/^[0-9a-f]{64}$/.test(form.seedHash.trim().toLowerCase())) return T.seedHash;
  if (form.game === 'mines' && form.params['mines'] !== undefined && !(Number(form.params['mines']) >= 1 && Number(form.params['mines']) <= 24)) return T.mines;
  return null;
}

const seedEvents = [
  { type: 'user.editClientSeed', text: 'mySeed' },
  { type: 'user.editClientSeed', text: 'has space' },
  { type: 'user.randomizeClientSeed' },
  { type: 'user.rotate' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.firstClientSeed', output: 'firstRandomSeed00001' },
  { type: 'xstate.error.actor.firstClientSeed', error: new Error('no crypto') },
  { type: 'xstate.done.actor.newClientSeed', output: 'newRandomSeed0000002' },
  { type: 'xstate.error.actor.newClientSeed', error: new Error('no crypto') },
  { type: 'xstate.done.actor.loadSeed', output: SEED },
  { type: 'xstate.error.actor.loadSeed', error: new Error('offline') },
  { type: 'xstate.done.actor.rotateSeed', output: ROTATED },
  { type: 'xstate.error.actor.rotateSeed', error: { error: T.gameOpen } },
  { type: 'xstate.error.actor.rotateSeed', error: new Error('Failed to fetch') },
].map(event);
const instantEvents = [
  { type: 'xstate.done.actor.loadSeed', output: SEED },
  { type: 'user.chooseMode', mode: 'instant' },
  { type: 'user.chooseMode', mode: 'classic' },
  { type: 'xstate.done.actor.setSeedMode', output: INSTANT },
  { type: 'xstate.done.actor.setSeedMode', output: SEED },
  { type: 'xstate.error.actor.setSeedMode', error: { error: T.modeRefused } },
  { type: 'xstate.error.actor.setSeedMode', error: new Error('Failed to fetch') },
  { type: 'user.editClientSeed', text: 'mySeed' },
  { type: 'user.rotate' },
  { type: 'user.saveClientSeed' },
  { type: 'xstate.done.actor.setClientSeed', output: { ...INSTANT, clientSeed: 'mySeed' } },
  { type: 'xstate.error.actor.setClientSeed', error: new Error('Failed to fetch') },
].map(event);
const browseEvents = [
  { type: 'xstate.done.actor.loadSeed', output: SEED },
  { type: 'user.selectTab', tab: 'history' },
  { type: 'user.selectTab', tab: 'verify' },
  { type: 'user.selectTab', tab: 'seeds' },
  { type: 'xstate.done.actor.loadHistory', output: [REVEALED, OLDER] },
  { type: 'xstate.error.actor.loadHistory', error: new Error('offline') },
  { type: 'user.copy', text: 'h1', what: 'seedHash' },
  { type: 'xstate.done.actor.copyToClipboard' },
  { type: 'xstate.error.actor.copyToClipboard', error: new Error('denied') },
  { type: 'xstate.after.copiedFlag.seed.copy.copied' },
].map(event);
const verifyEvents = [
  { type: 'xstate.done.actor.loadSeed', output: SEED },
  { type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, game: 'dice' },
  { type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, seedHash: VECTOR_HASH, game: 'dice' },
  { type: 'user.editVerifyField', field: 'seedHash', value: 'nope' },
  { type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, game: 'mines', params: { mines: '30' } },
  { type: 'user.editVerifyField', field: 'serverSeed', value: 'nope' },
  { type: 'user.editVerifyField', field: 'nonce', value: '-1' },
  { type: 'user.chooseGame', game: 'mines' },
  { type: 'user.editGameParam', name: 'mines', value: '3' },
  { type: 'user.runVerify' },
  { type: 'xstate.done.actor.verify', output: { floats: [0.7061], outcome: { roll: 70.61 }, serverSeedHash: VECTOR_HASH } },
  { type: 'xstate.error.actor.verify', error: new Error('no WebCrypto') },
].map(event);

/**
 * The modal as the path left it, from the performed events alone: the pair, the client seed field,
 * the refusal shown, the revealed pairs, the Verify form and its outcome, the copy mark, and every
 * request the fakes should have received.
 */
export function seedFacts(world: World) {
  const input = (world.variant.input ?? {}) as SeedInput;
  let draft = input.clientSeed ?? '';
  let seed: SeedState | null = null;
  let rotateMessage: string | null = null;
  let history: RevealedSeed[] = [];
  let historyRequests = 0;
  let historyState: 'notLoaded' | 'loading' | 'loaded' | 'unavailable' = 'notLoaded';
  let tab = 'seeds';
  let form: VerifyForm = { serverSeed: '', clientSeed: '', nonce: '', seedHash: '', game: 'dice', params: {} };
  let verifyMessage: string | null = null;
  let verified: unknown = null;
  let copied: string | null = null;
  const loads: Array<{ clientSeed: string }> = [];
  const rotations: Array<{ clientSeed: string }> = [];
  const modes: Array<{ mode: string }> = [];
  const clientSeeds: Array<{ clientSeed: string }> = [];
  const copies: Array<{ text: string }> = [];
  let randoms = 0;
  const prepare = () => {
    if (validClientSeed(draft)) loads.push({ clientSeed: draft });
    else randoms += 1;
  };
  const check = () => {
    verifyMessage = verifyCheck(form);
    verified = null;
  };
  prepare();
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.firstClientSeed':
        draft = e['output'] as string;
        loads.push({ clientSeed: draft });
        break;
      case 'xstate.done.actor.newClientSeed':
        draft = e['output'] as string;
        break;
      case 'user.retry':
        prepare();
        break;
      case 'xstate.done.actor.loadSeed':
        seed = e['output'] as SeedState;
        draft = seed.clientSeed;
        break;
      case 'user.editClientSeed':
        draft = e['text'] as string;
        rotateMessage = null;
        break;
      case 'user.randomizeClientSeed':
        randoms += 1;
        rotateMessage = null;
        break;
      case 'user.rotate':
        rotations.push({ clientSeed: draft });
        rotateMessage = null;
        break;
      case 'xstate.done.actor.rotateSeed': {
        const { previous, ...next } = e['output'] as RotateSeedResponse;
        seed = next;
        draft = next.clientSeed;
        history = [previous, ...history.filter((pair) => pair.seedHash !== previous.seedHash)];
        break;
      }
      case 'xstate.error.actor.rotateSeed':
        rotateMessage = (e['error'] as { error?: string }).error ?? T.rotateNoAnswer;
        break;
      case 'user.chooseMode':
        modes.push({ mode: e['mode'] as string });
        rotateMessage = null;
        break;
      case 'user.saveClientSeed':
        clientSeeds.push({ clientSeed: draft });
        rotateMessage = null;
        break;
      case 'xstate.done.actor.setSeedMode':
      case 'xstate.done.actor.setClientSeed':
        seed = e['output'] as SeedState;
        draft = seed.clientSeed;
        break;
      case 'xstate.error.actor.setSeedMode':
        rotateMessage = (e['error'] as { error?: string }).error ?? T.modeNoAnswer;
        break;
      case 'xstate.error.actor.setClientSeed':
        rotateMessage = (e['error'] as { error?: string }).error ?? T.clientSeedNoAnswer;
        break;
      case 'user.selectTab':
        tab = e['tab'] as string;
        if (tab === 'history' && (historyState === 'notLoaded' || historyState === 'unavailable')) {
          historyState = 'loading';
          historyRequests += 1;
        }
        break;
      case 'xstate.done.actor.loadHistory': {
        const listed = e['output'] as RevealedSeed[];
        history = [...history.filter((pair) => !listed.some((p) => p.seedHash === pair.seedHash)), ...listed];
        historyState = 'loaded';
        break;
      }
      case 'xstate.error.actor.loadHistory':
        historyState = 'unavailable';
        break;
      case 'user.verifyBet': {
        const game = (e['game'] as VerifyForm['game'] | undefined) ?? form.game;
        const params = (e['params'] as Record<string, string> | undefined) ?? (e['game'] && e['game'] !== form.game ? {} : form.params);
        form = {
          serverSeed: e['serverSeed'] as string,
          clientSeed: e['clientSeed'] as string,
          nonce: String(e['nonce']),
          seedHash: (e['seedHash'] as string | undefined) ?? '',
          game,
          params,
        };
        tab = 'verify';
        check();
        break;
      }
      case 'user.editVerifyField':
        form = { ...form, [e['field'] as string]: e['value'] as string };
        verifyMessage = null;
        verified = null;
        break;
      case 'user.chooseGame':
        form = { ...form, game: e['game'] as VerifyForm['game'], params: {} };
        verifyMessage = null;
        verified = null;
        break;
      case 'user.editGameParam':
        form = { ...form, params: { ...form.params, [e['name'] as string]: e['value'] as string } };
        verifyMessage = null;
        verified = null;
        break;
      case 'user.runVerify':
        check();
        break;
      case 'xstate.done.actor.verify':
        verified = e['output'];
        break;
      case 'xstate.error.actor.verify':
        verifyMessage = T.verifyFailed;
        break;
      case 'user.copy':
        copied = e['what'] as string;
        copies.push({ text: e['text'] as string });
        break;
      case 'xstate.error.actor.copyToClipboard':
      case 'xstate.after.copiedFlag.seed.copy.copied':
        copied = null;
        break;
    }
  }
  return { draft, seed, rotateMessage, history, historyRequests, tab, form, verifyMessage, verified, copied, loads, rotations, modes, clientSeeds, copies, randoms };
}

export interface SeedSut extends Sut {
  effects: FakeEffects;
}

const snap = (sut: SeedSut) => sut.snapshot() as Parameters<typeof selectTab>[0];
const waiting = (sut: SeedSut, id: string) => sut.effects.waiting(id)?.input;
// The guards read whether the field and the Verify form pass their checks, not their text; the rest makes the facts differ.
const serializeState = (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]);

export const seedPaths: PathSpec<SeedSut> = {
  name: 'seed',
  machine: seedMachine,
  variants: [
    {
      name: 'first visit: the pair and the client seed',
      input: {},
      // A second random seed is not asked for while the first is on its way: both would answer the same fake.
      events: (s) => seedEvents.filter((e) => !(e.type === 'user.randomizeClientSeed' && s.matches({ seed: 'generating' }))),
      serializeState,
    },
    { name: 'returning player: classic or instant reveal, and the client seed between bets', input: { clientSeed: 'abc' }, events: instantEvents, serializeState },
    { name: 'returning player: tabs, history and copy', input: { clientSeed: 'abc' }, events: browseEvents, serializeState },
    { name: 'returning player: the Verify form', input: { clientSeed: 'abc' }, events: verifyEvents, serializeState },
  ],
  start(world) {
    const effects = new FakeEffects({ firstClientSeed: 'randomClientSeed', newClientSeed: 'randomClientSeed' });
    const machine = seedMachine.provide({ actors: effects.actors(['randomClientSeed', 'loadSeed', 'rotateSeed', 'setSeedMode', 'setClientSeed', 'loadHistory', 'verify', 'copyToClipboard']) as never });
    const system = runInSystem(machine, { input: world.variant.input as SeedInput, clock: world.clock });
    return { effects, snapshot: () => system.actor.getSnapshot(), send: (e) => system.actor.send(e as SeedEvent), stop: () => void system.root.stop() };
  },
  states: {
    '#seed': {
      asserts: 'the tab is the last chosen; the field shows the client seed last typed or given; the pair is the last the server gave; the revealed pairs are those listed and rotated out, newest first, each once; every load, rotation, random seed, history read and copy went out once with what was shown',
      check(sut, world) {
        const f = seedFacts(world);
        expect(selectTab(snap(sut))).toBe(f.tab);
        expect(selectClientSeedField(snap(sut))).toBe(f.draft);
        expect(selectSeedState(snap(sut))).toEqual(f.seed);
        expect(selectHistory(snap(sut))).toEqual(f.history);
        expect(sut.effects.callsOf('loadSeed')).toEqual(f.loads);
        expect(sut.effects.callsOf('rotateSeed')).toEqual(f.rotations);
        expect(sut.effects.callsOf('setSeedMode')).toEqual(f.modes);
        expect(sut.effects.callsOf('setClientSeed')).toEqual(f.clientSeeds);
        expect(selectSeedMode(snap(sut))).toBe(f.seed?.mode ?? null);
        expect(sut.effects.callsOf('randomClientSeed')).toHaveLength(f.randoms);
        expect(sut.effects.callsOf('loadHistory')).toHaveLength(f.historyRequests);
        expect(sut.effects.callsOf('copyToClipboard')).toEqual(f.copies);
      },
    },
    '#seed.tabs.seeds': { asserts: 'the Seeds tab is shown', check: (sut) => expect(selectTab(snap(sut))).toBe('seeds') },
    '#seed.tabs.verify': { asserts: 'the Verify tab is shown', check: (sut) => expect(selectTab(snap(sut))).toBe('verify') },
    '#seed.tabs.history': { asserts: 'the history tab is shown', check: (sut) => expect(selectTab(snap(sut))).toBe('history') },
    '#seed.seed.generating': {
      asserts: 'no client seed yet: a random one is being made; the pair shows loading',
      check(sut) {
        expect(selectIsLoadingSeed(snap(sut))).toBe(true);
        expect(sut.effects.waiting('firstClientSeed')).toBeDefined();
      },
    },
    '#seed.seed.loading': {
      asserts: 'the pair is being fetched for the client seed in the field; it shows loading',
      check(sut, world) {
        expect(selectIsLoadingSeed(snap(sut))).toBe(true);
        expect(waiting(sut, 'loadSeed')).toEqual(seedFacts(world).loads.at(-1));
      },
    },
    '#seed.seed.unavailable': {
      asserts: 'the pair could not be fetched (or no random seed made): Retry is offered, nothing is loading',
      check(sut) {
        expect(selectSeedUnavailable(snap(sut))).toBe(true);
        expect(selectIsLoadingSeed(snap(sut))).toBe(false);
        expect(sut.effects.waiting('loadSeed')).toBeUndefined();
      },
    },
    '#seed.seed.ready': {
      asserts: 'the pair is shown, not loading',
      check(sut) {
        expect(selectIsLoadingSeed(snap(sut))).toBe(false);
        expect(selectSeedUnavailable(snap(sut))).toBe(false);
        expect(selectSeedState(snap(sut))).not.toBeNull();
      },
    },
    '#seed.seed.ready.idle': {
      asserts:
        'classic: Rotate is enabled exactly when the field holds a valid client seed and no new random one is being made; instant reveal: no Rotate, and Save exactly when that seed differs from the one playing; no refusal shows',
      check(sut, world) {
        const { draft, seed } = seedFacts(world);
        const usable = validClientSeed(draft) && !world.expected.matches({ draft: 'generating' });
        const instant = seed?.mode === 'instant';
        expect(selectCanRotate(snap(sut))).toBe(usable && !instant);
        expect(selectCanSaveClientSeed(snap(sut))).toBe(usable && instant && draft !== seed?.clientSeed);
        expect(selectRotateMessage(snap(sut))).toBeNull();
        expect(selectIsRotating(snap(sut))).toBe(false);
      },
    },
    '#seed.seed.ready.rotating': {
      asserts: 'a rotation is waiting with the client seed the field held at Rotate; Rotate is disabled',
      check(sut, world) {
        expect(selectIsRotating(snap(sut))).toBe(true);
        expect(waiting(sut, 'rotateSeed')).toEqual(seedFacts(world).rotations.at(-1));
        expect(selectCanRotate(snap(sut))).toBe(false);
      },
    },
    '#seed.seed.ready.switchingMode': {
      asserts: 'a switch to the mode chosen is waiting; neither Rotate nor Save is offered meanwhile',
      check(sut, world) {
        expect(selectIsSwitchingMode(snap(sut))).toBe(true);
        expect(waiting(sut, 'setSeedMode')).toEqual(seedFacts(world).modes.at(-1));
        expect(selectCanRotate(snap(sut))).toBe(false);
        expect(selectCanSaveClientSeed(snap(sut))).toBe(false);
      },
    },
    '#seed.seed.ready.savingClientSeed': {
      asserts: 'the client seed the field held at Save is on its way; Save is not offered again meanwhile',
      check(sut, world) {
        expect(selectIsSavingClientSeed(snap(sut))).toBe(true);
        expect(waiting(sut, 'setClientSeed')).toEqual(seedFacts(world).clientSeeds.at(-1));
        expect(selectCanSaveClientSeed(snap(sut))).toBe(false);
      },
    },
    '#seed.seed.ready.refused': {
      asserts:
        "the server's refusal ('A game is still open…', 'Finish your mines game before switching the seed mode.'), or without an answer 'Could not rotate the seed, please try again.' / 'Could not switch the seed mode…' / 'Could not save the client seed…', shows",
      check(sut, world) {
        expect(selectRotateMessage(snap(sut))).toBe(seedFacts(world).rotateMessage);
        expect(selectRotateMessage(snap(sut))).not.toBeNull();
      },
    },
    '#seed.draft.valid': {
      asserts: 'the field holds a valid client seed: not marked invalid',
      check(sut, world) {
        expect(validClientSeed(seedFacts(world).draft)).toBe(true);
        expect(selectClientSeedInvalid(snap(sut))).toBe(false);
      },
    },
    '#seed.draft.invalid': {
      asserts: 'the field is empty or has a space: marked invalid, Rotate disabled',
      check(sut, world) {
        expect(validClientSeed(seedFacts(world).draft)).toBe(false);
        expect(selectClientSeedInvalid(snap(sut))).toBe(true);
        expect(selectCanRotate(snap(sut))).toBe(false);
      },
    },
    '#seed.draft.generating': {
      asserts: 'a new random client seed is being made for the field',
      check: (sut) => expect(sut.effects.waiting('newClientSeed')).toBeDefined(),
    },
    '#seed.history.notLoaded': {
      asserts: 'the history tab was never opened: nothing was read',
      check: (sut) => expect(sut.effects.callsOf('loadHistory')).toEqual([]),
    },
    '#seed.history.loading': {
      asserts: 'the revealed pairs are being read',
      check(sut) {
        expect(selectIsLoadingHistory(snap(sut))).toBe(true);
        expect(sut.effects.waiting('loadHistory')).toBeDefined();
      },
    },
    '#seed.history.loaded': {
      asserts: 'the revealed pairs are listed; not loading',
      check: (sut) => expect(selectIsLoadingHistory(snap(sut))).toBe(false),
    },
    '#seed.history.unavailable': {
      asserts: 'the list could not be read; not loading (opening the tab again retries)',
      check(sut) {
        expect(selectIsLoadingHistory(snap(sut))).toBe(false);
        expect(sut.effects.waiting('loadHistory')).toBeUndefined();
      },
    },
    '#seed.verification': {
      asserts: 'the Verify form shows what was typed or prefilled from a bet',
      check: (sut, world) => expect(selectVerifyForm(snap(sut))).toEqual(seedFacts(world).form),
    },
    '#seed.verification.editing': {
      asserts: 'nothing computed and no message for what the form shows',
      check(sut) {
        expect(selectIsVerifying(snap(sut))).toBe(false);
        expect(selectVerified(snap(sut))).toBeNull();
        expect(selectVerifyMessage(snap(sut))).toBeNull();
      },
    },
    '#seed.verification.rejected': {
      asserts: "the form's first problem shows ('Server seed must be 64 hexadecimal characters', 'Nonce must be a whole number', 'mines must be an integer 1..24'); nothing was computed",
      check(sut, world) {
        expect(selectVerifyMessage(snap(sut))).toBe(seedFacts(world).verifyMessage);
        expect(selectVerified(snap(sut))).toBeNull();
        expect(selectIsVerifying(snap(sut))).toBe(false);
        expect(sut.effects.waiting('verify')).toBeUndefined();
      },
    },
    '#seed.verification.computing': {
      asserts: 'the outcome is being computed in the browser for the seeds, nonce and game of the form',
      check(sut, world) {
        const { form } = seedFacts(world);
        expect(selectIsVerifying(snap(sut))).toBe(true);
        expect(waiting(sut, 'verify')).toMatchObject({
          game: form.game,
          serverSeed: form.serverSeed.trim(),
          clientSeed: form.clientSeed,
          nonce: Number(form.nonce),
          seedHash: form.seedHash.trim().toLowerCase() || null,
        });
      },
    },
    '#seed.verification.verified': {
      asserts: 'the computed outcome is shown, with whether the server seed hashes to the hash given (none given: no verdict); no message',
      check(sut, world) {
        const { verified, form } = seedFacts(world);
        expect(selectVerified(snap(sut))).toEqual(verified);
        const hash = form.seedHash.trim().toLowerCase();
        expect(selectHashCheck(snap(sut))).toBe(hash === '' ? null : (verified as { serverSeedHash: string }).serverSeedHash === hash ? 'match' : 'mismatch');
        expect(selectVerifyMessage(snap(sut))).toBeNull();
        expect(selectIsVerifying(snap(sut))).toBe(false);
      },
    },
    '#seed.verification.failed': {
      asserts: "'Could not compute the outcome in this browser.'",
      check(sut) {
        expect(selectVerifyMessage(snap(sut))).toBe(T.verifyFailed);
        expect(selectIsVerifying(snap(sut))).toBe(false);
      },
    },
    '#seed.copy.idle': {
      asserts: 'no copy mark',
      check: (sut) => expect(selectIsCopied('seedHash')(snap(sut))).toBe(false),
    },
    '#seed.copy.copying': {
      asserts: 'the clipboard write of the value is waiting; no mark yet',
      check(sut, world) {
        expect(waiting(sut, 'copyToClipboard')).toEqual(seedFacts(world).copies.at(-1));
        expect(selectIsCopied('seedHash')(snap(sut))).toBe(false);
      },
    },
    '#seed.copy.copied': {
      asserts: 'the copied value, and only it, shows its mark',
      check(sut, world) {
        expect(selectIsCopied(seedFacts(world).copied!)(snap(sut))).toBe(true);
        expect(selectIsCopied('clientSeed')(snap(sut))).toBe(false);
      },
    },
  },
};
