import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { verifyOutcomeAsync } from '../../src/core/fairness/verify';
import { sha256HexAsync } from '../../src/core/fairness/webcrypto';
import { randomClientSeed } from '../../src/core/fairness/seeds';
import { MODE_NO_RESPONSE_MESSAGE, seedMachine, VERIFY_MESSAGES } from '../../machines/seed/machine';
import type { RevealedSeed, RotateSeedResponse, SeedInput, SeedMode, SeedState, VerifyRequest, VerifyResult } from '../../machines/seed/machine';
import {
  noncesOf,
  selectCanRotate,
  selectCanSaveClientSeed,
  selectHashCheck,
  selectSeedMode,
  selectClientSeedField,
  selectClientSeedInvalid,
  selectHistory,
  selectIsCopied,
  selectIsLoadingSeed,
  selectIsVerifying,
  selectRotateMessage,
  selectSeedState,
  selectSeedUnavailable,
  selectTab,
  selectVerified,
  selectVerifyForm,
  selectVerifyMessage,
} from '../../machines/seed/selectors';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { seedPaths } from './seed.paths';

/** The worked example of docs/fairness.md: nonce 1 of this pair rolls 70.61. */
const VECTOR = { serverSeed: '2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea', clientSeed: 'abc', nonce: 1, roll: 70.61 };
const REVEALED: RevealedSeed = { serverSeed: VECTOR.serverSeed, seedHash: 'b14ebc25', clientSeed: 'abc', nonce: 5 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** WebCrypto answers on its own schedule: wait for the verification to end either way. */
const verification = (actor: AnyActorRef) => waitFor(actor, (s) => s.hasTag('verified') || s.hasTag('verifyMessage'), { timeout: 2000 });

interface Fakes {
  rotate?: (input: { clientSeed: string }) => Promise<RotateSeedResponse>;
  copy?: () => Promise<void>;
  /** Called before the random seed or the seed state is given: reject to make that request fail. */
  random?: () => Promise<void>;
  load?: () => Promise<void>;
  /** Called before the outcome is computed: hold it to keep the computation on its way. */
  verify?: () => Promise<void>;
  /** The revealed pairs GET /casino/get-seed-history lists (default: REVEALED alone), or its failure. */
  history?: RevealedSeed[] | (() => Promise<RevealedSeed[]>);
  /** The answer to a mode switch (default: the instant state), or its refusal. */
  setMode?: (input: { mode: SeedMode }) => Promise<SeedState>;
}

const INSTANT: SeedState = { mode: 'instant', seedHash: 'c1', nextHash: 'c1', nonce: 0, clientSeed: 'my-seed' };

function harness(fakes: Fakes = {}) {
  const calls = { loads: [] as string[], rotations: [] as string[], histories: 0, copies: [] as string[], random: 0, modes: [] as string[], clientSeeds: [] as string[] };
  let counter = 0;
  const machine = seedMachine.provide({
    actors: {
      // Deterministic "randomness": the real generator fed with counting bytes.
      randomClientSeed: fromPromise<string, void>(async () => {
        calls.random += 1;
        if (fakes.random) await fakes.random();
        return randomClientSeed((n) => Uint8Array.from({ length: n }, () => counter++ % 248));
      }),
      loadSeed: fromPromise<SeedState, { clientSeed: string }>(async ({ input }) => {
        calls.loads.push(input.clientSeed);
        if (fakes.load) await fakes.load();
        return { mode: 'classic', seedHash: 'h1', nextHash: 'h2', nonce: 5, clientSeed: input.clientSeed };
      }),
      rotateSeed: fromPromise<RotateSeedResponse, { clientSeed: string }>(async ({ input }) => {
        calls.rotations.push(input.clientSeed);
        if (fakes.rotate) return fakes.rotate(input);
        return { previous: { serverSeed: 'f'.repeat(64), seedHash: 'h1', clientSeed: 'old', nonce: 5 }, seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed: input.clientSeed, mode: 'classic' };
      }),
      loadHistory: fromPromise<RevealedSeed[], void>(async () => {
        calls.histories += 1;
        return typeof fakes.history === 'function' ? fakes.history() : (fakes.history ?? [REVEALED]);
      }),
      verify: fromPromise<VerifyResult, VerifyRequest>(async ({ input }) => {
        if (fakes.verify) await fakes.verify();
        return { ...(await verifyOutcomeAsync(input.game, input, input.params as never)), serverSeedHash: await sha256HexAsync(input.serverSeed) };
      }),
      setSeedMode: fromPromise<SeedState, { mode: SeedMode }>(async ({ input }) => {
        calls.modes.push(input.mode);
        if (fakes.setMode) return fakes.setMode(input);
        return input.mode === 'instant' ? INSTANT : { mode: 'classic', seedHash: 'h1', nextHash: 'h2', nonce: 5, clientSeed: 'my-seed' };
      }),
      setClientSeed: fromPromise<SeedState, { clientSeed: string }>(async ({ input }) => {
        calls.clientSeeds.push(input.clientSeed);
        return { ...INSTANT, clientSeed: input.clientSeed };
      }),
      copyToClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
        calls.copies.push(input.text);
        if (fakes.copy) await fakes.copy();
      }),
    },
  });
  return { machine, calls };
}

async function opened(input: SeedInput = { clientSeed: 'my-seed' }, fakes: Fakes = {}, clock?: SimulatedClock) {
  const { machine, calls } = harness(fakes);
  const actor = createActor(machine, { input, ...(clock ? { clock } : {}) }).start();
  await settle();
  return { actor, calls };
}

describe('seed modal', () => {
  it('should load the seed state for the client seed the browser has', async () => {
    const { actor, calls } = await opened();
    expect(calls.loads).toEqual(['my-seed']);
    expect(selectSeedState(actor.getSnapshot())).toEqual({ mode: 'classic', seedHash: 'h1', nextHash: 'h2', nonce: 5, clientSeed: 'my-seed' });
  });

  it('should make a random 20-character client seed first when the browser has none', async () => {
    const { calls } = await opened({});
    expect(calls.random).toBe(1);
    expect(calls.loads[0]).toMatch(/^[A-Za-z0-9]{20}$/);
  });

  it('should offer Retry when no random seed could be made or the seed state could not be read, and ask again on Retry', async () => {
    let randomFails = true;
    const first = await opened({}, { random: () => (randomFails ? Promise.reject(new Error('no crypto')) : Promise.resolve()) });
    expect(selectSeedUnavailable(first.actor.getSnapshot())).toBe(true);
    expect(selectIsLoadingSeed(first.actor.getSnapshot())).toBe(false);
    expect(first.calls.loads).toEqual([]);
    randomFails = false;
    first.actor.send({ type: 'user.retry' });
    await settle();
    expect(first.calls.random).toBe(2);
    expect(first.calls.loads).toEqual([expect.stringMatching(/^[A-Za-z0-9]{20}$/)]);
    expect(selectSeedUnavailable(first.actor.getSnapshot())).toBe(false);

    let loadFails = true;
    const returning = await opened(undefined, { load: () => (loadFails ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve()) });
    expect(selectSeedUnavailable(returning.actor.getSnapshot())).toBe(true);
    expect(selectSeedState(returning.actor.getSnapshot())).toBeNull();
    loadFails = false;
    returning.actor.send({ type: 'user.retry' });
    await settle();
    expect(returning.calls.loads).toEqual(['my-seed', 'my-seed']);
    expect(selectSeedState(returning.actor.getSnapshot())).toEqual({ mode: 'classic', seedHash: 'h1', nextHash: 'h2', nonce: 5, clientSeed: 'my-seed' });
  });

  it('should refuse Rotate while the client seed field is invalid, and offer a new random one', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'user.editClientSeed', text: 'has space' });
    expect(selectClientSeedInvalid(actor.getSnapshot())).toBe(true);
    expect(selectCanRotate(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.rotate' });
    await settle();
    expect(calls.rotations).toEqual([]);
    actor.send({ type: 'user.randomizeClientSeed' });
    await settle();
    expect(selectClientSeedField(actor.getSnapshot())).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(selectCanRotate(actor.getSnapshot())).toBe(true);
  });

  it("should show the server's client seed, valid, when the seed state or a rotation answers after the field was edited", async () => {
    let answerLoad: () => void = () => {};
    const { actor } = await opened(undefined, { load: () => new Promise<void>((resolve) => (answerLoad = resolve)) });
    actor.send({ type: 'user.editClientSeed', text: 'has space' });
    answerLoad();
    await settle();
    expect(selectClientSeedField(actor.getSnapshot())).toBe('my-seed');
    expect(selectClientSeedInvalid(actor.getSnapshot())).toBe(false);
    expect(selectCanRotate(actor.getSnapshot())).toBe(true);

    let answerRotation: (response: RotateSeedResponse) => void = () => {};
    const rotating = await opened(undefined, { rotate: () => new Promise<RotateSeedResponse>((resolve) => (answerRotation = resolve)) });
    rotating.actor.send({ type: 'user.rotate' });
    rotating.actor.send({ type: 'user.editClientSeed', text: '' });
    answerRotation({ mode: 'classic', previous: REVEALED, seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed: 'my-seed' });
    await settle();
    expect(selectClientSeedField(rotating.actor.getSnapshot())).toBe('my-seed');
    expect(selectClientSeedInvalid(rotating.actor.getSnapshot())).toBe(false);
    expect(selectCanRotate(rotating.actor.getSnapshot())).toBe(true);
  });

  it('should leave the field and Rotate as they were when a new random client seed could not be made', async () => {
    const { actor, calls } = await opened(undefined, { random: () => Promise.reject(new Error('no crypto')) });
    actor.send({ type: 'user.randomizeClientSeed' });
    await settle();
    expect(calls.random).toBe(1);
    expect(selectClientSeedField(actor.getSnapshot())).toBe('my-seed');
    expect(selectCanRotate(actor.getSnapshot())).toBe(true);
  });

  it('should rotate with the chosen client seed, show the new pair and list the revealed one', async () => {
    const { actor, calls } = await opened();
    actor.send({ type: 'user.editClientSeed', text: 'lucky:7' });
    actor.send({ type: 'user.rotate' });
    await settle();
    expect(calls.rotations).toEqual(['lucky:7']);
    expect(selectSeedState(actor.getSnapshot())).toEqual({ mode: 'classic', seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed: 'lucky:7' });
    expect(selectHistory(actor.getSnapshot())[0]).toMatchObject({ seedHash: 'h1', clientSeed: 'old' });
  });

  it('should list the pair a rotation reveals first, above the pairs read before it', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    actor.send({ type: 'user.rotate' });
    await settle();
    expect(selectHistory(actor.getSnapshot()).map((pair) => pair.seedHash)).toEqual(['h1', REVEALED.seedHash]);
  });

  it("should show the server's refusal while a game is open, and a fallback when there is no response", async () => {
    const refusal = () => Promise.reject(Object.assign(new Error('409'), { data: { error: 'Finish your open game before rotating the seed' } }));
    const { actor } = await opened(undefined, { rotate: refusal });
    actor.send({ type: 'user.rotate' });
    await settle();
    expect(selectRotateMessage(actor.getSnapshot())).toBe('Finish your open game before rotating the seed');
    expect(selectSeedState(actor.getSnapshot())?.seedHash).toBe('h1');

    const offline = await opened(undefined, { rotate: () => Promise.reject(new TypeError('fetch failed')) });
    offline.actor.send({ type: 'user.rotate' });
    await settle();
    expect(selectRotateMessage(offline.actor.getSnapshot())).toBe('Could not rotate the seed, please try again.');
  });

  it('should load the revealed pairs once, when the history tab first opens', async () => {
    const { actor, calls } = await opened();
    expect(calls.histories).toBe(0);
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    actor.send({ type: 'user.selectTab', tab: 'seeds' });
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(calls.histories).toBe(1);
    expect(selectHistory(actor.getSnapshot())).toEqual([REVEALED]);
    expect(noncesOf(REVEALED)).toEqual([0, 1, 2, 3, 4]);
  });

  it('should read the revealed pairs again when the history tab is opened again after a failed read', async () => {
    let reads = 0;
    const history = () => (++reads === 1 ? Promise.reject(new TypeError('fetch failed')) : Promise.resolve([REVEALED]));
    const { actor, calls } = await opened(undefined, { history });
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(selectHistory(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'user.selectTab', tab: 'seeds' });
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(calls.histories).toBe(2);
    expect(selectHistory(actor.getSnapshot())).toEqual([REVEALED]);
  });

  it('should compute a dice outcome in the browser that matches the worked example', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.selectTab', tab: 'verify' });
    actor.send({ type: 'user.editVerifyField', field: 'serverSeed', value: VECTOR.serverSeed });
    actor.send({ type: 'user.editVerifyField', field: 'clientSeed', value: VECTOR.clientSeed });
    actor.send({ type: 'user.editVerifyField', field: 'nonce', value: String(VECTOR.nonce) });
    actor.send({ type: 'user.editGameParam', name: 'chance', value: '49.5' });
    actor.send({ type: 'user.editGameParam', name: 'target', value: 'over' });
    actor.send({ type: 'user.runVerify' });
    await verification(actor);
    expect(selectVerified(actor.getSnapshot())?.outcome).toEqual({ roll: VECTOR.roll, win: true, multiplier: 2 });
  });

  it('should prefill the Verify tab from a bet of a revealed pair and verify it in one click', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.verifyBet', serverSeed: REVEALED.serverSeed, clientSeed: REVEALED.clientSeed, nonce: 1, game: 'dice' });
    expect(selectTab(actor.getSnapshot())).toBe('verify');
    expect(selectVerifyForm(actor.getSnapshot())).toMatchObject({ serverSeed: REVEALED.serverSeed, clientSeed: 'abc', nonce: '1', game: 'dice' });
    await verification(actor);
    expect(selectVerified(actor.getSnapshot())?.outcome).toEqual({ roll: VECTOR.roll });
  });

  it('should verify mines, blackjack and baccarat with their parameters', async () => {
    const { actor } = await opened();
    const seeds = { serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1 };
    actor.send({ type: 'user.verifyBet', ...seeds, game: 'mines', params: { mines: '3' } });
    await verification(actor);
    const mines = selectVerified(actor.getSnapshot())?.outcome as { mineTiles: number[] };
    expect(mines.mineTiles).toEqual((await verifyOutcomeAsync('mines', seeds, { mines: 3 })).outcome.mineTiles);
    actor.send({ type: 'user.verifyBet', ...seeds, game: 'blackjack', params: { cards: '4' } });
    await verification(actor);
    expect((selectVerified(actor.getSnapshot())?.outcome as { cards: unknown[] }).cards).toHaveLength(4);
    actor.send({ type: 'user.verifyBet', ...seeds, game: 'baccarat' });
    await verification(actor);
    expect(selectVerified(actor.getSnapshot())?.outcome).toEqual((await verifyOutcomeAsync('baccarat', seeds, {})).outcome);
  });

  // The history's one-click verify names no game (it keeps the form's); a bet of another game starts its fields empty.
  it("should keep the game fields for a bet of the form's game or of no game named, and empty them for a bet of another game", () => {
    const { machine } = harness();
    const actor = createActor(machine, { input: { clientSeed: 'my-seed' } }).start();
    const bet = { serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1 };
    actor.send({ type: 'user.editGameParam', name: 'chance', value: '49.5' });
    actor.send({ type: 'user.verifyBet', ...bet });
    const form = { serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: '1', seedHash: '' };
    expect(selectVerifyForm(actor.getSnapshot())).toEqual({ ...form, game: 'dice', params: { chance: '49.5' } });
    actor.send({ type: 'user.verifyBet', ...bet, game: 'dice' });
    expect(selectVerifyForm(actor.getSnapshot())).toEqual({ ...form, game: 'dice', params: { chance: '49.5' } });
    actor.send({ type: 'user.verifyBet', ...bet, game: 'mines' });
    expect(selectVerifyForm(actor.getSnapshot())).toEqual({ ...form, game: 'mines', params: {} });
    actor.stop();
  });

  it('should drop an outcome still being computed once a field, the game or a game field of the form changes', async () => {
    for (const edit of [
      { type: 'user.editVerifyField', field: 'nonce', value: '2' },
      { type: 'user.chooseGame', game: 'baccarat' },
      { type: 'user.editGameParam', name: 'chance', value: '50' },
    ] as const) {
      let computed: () => void = () => {};
      const { actor } = await opened(undefined, { verify: () => new Promise<void>((resolve) => (computed = resolve)) });
      actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, game: 'dice' });
      expect(selectIsVerifying(actor.getSnapshot())).toBe(true);
      actor.send(edit);
      computed();
      await settle();
      expect(selectIsVerifying(actor.getSnapshot()), edit.type).toBe(false);
      expect(selectVerified(actor.getSnapshot()), edit.type).toBeNull();
    }
  });

  it('should explain what is wrong with the Verify form instead of computing', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.runVerify' });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe(VERIFY_MESSAGES.serverSeed);
    actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, game: 'mines', params: { mines: '30' } });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe('mines must be an integer 1..24');
    actor.send({ type: 'user.editVerifyField', field: 'nonce', value: '-1' });
    actor.send({ type: 'user.runVerify' });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe(VERIFY_MESSAGES.nonce);
  });

  it('should verify a form typed with spaces around the server seed and the nonce, a nonce of several digits, and cleared game fields', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.editVerifyField', field: 'serverSeed', value: ` ${VECTOR.serverSeed} ` });
    actor.send({ type: 'user.editVerifyField', field: 'clientSeed', value: 'abc' });
    actor.send({ type: 'user.editVerifyField', field: 'nonce', value: ' 12 ' });
    // Both dice fields typed in and cleared again: the roll alone is shown.
    actor.send({ type: 'user.editGameParam', name: 'chance', value: '' });
    actor.send({ type: 'user.editGameParam', name: 'target', value: ' ' });
    actor.send({ type: 'user.runVerify' });
    await verification(actor);
    const seeds = { serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 12 };
    expect(selectVerifyMessage(actor.getSnapshot())).toBeNull();
    expect(selectVerified(actor.getSnapshot())?.outcome).toEqual((await verifyOutcomeAsync('dice', seeds, {})).outcome);
  });

  it.each([
    ['1e3', VERIFY_MESSAGES.nonce],
    ['+1', VERIFY_MESSAGES.nonce],
    ['1.5', VERIFY_MESSAGES.nonce],
    ['9007199254740993', VERIFY_MESSAGES.nonce],
  ])('should refuse the nonce "%s" with "%s"', (nonce, message) => {
    const { machine } = harness();
    const actor = createActor(machine, { input: { clientSeed: 'my-seed' } }).start();
    actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 0, game: 'dice' });
    actor.send({ type: 'user.editVerifyField', field: 'nonce', value: nonce });
    actor.send({ type: 'user.runVerify' });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe(message);
  });

  it('should refuse a client seed with a space, and a game it does not know', () => {
    const { machine } = harness();
    const actor = createActor(machine, { input: { clientSeed: 'my-seed' } }).start();
    actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'a b', nonce: 1, game: 'dice' });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe('Client seed must be 1 to 64 characters without spaces');
    actor.send({ type: 'user.editVerifyField', field: 'clientSeed', value: 'abc' });
    actor.send({ type: 'user.chooseGame', game: 'roulette' as never });
    actor.send({ type: 'user.runVerify' });
    expect(selectVerifyMessage(actor.getSnapshot())).toBe('Unknown game roulette');
  });

  it('should list a pair revealed by a rotation once when the history read later lists it too', async () => {
    const older: RevealedSeed = { serverSeed: 'e'.repeat(64), seedHash: 'a0a0a0a0', clientSeed: 'older', nonce: 2 };
    const rotate = async ({ clientSeed }: { clientSeed: string }) => ({ mode: 'classic' as const, previous: REVEALED, seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed });
    const { actor } = await opened(undefined, { rotate, history: [REVEALED, older] });
    actor.send({ type: 'user.rotate' });
    await settle();
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(selectHistory(actor.getSnapshot())).toEqual([REVEALED, older]);
  });

  it('should keep a pair revealed by a rotation when the history read later does not list it yet', async () => {
    const { actor } = await opened();
    actor.send({ type: 'user.rotate' });
    await settle();
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(selectHistory(actor.getSnapshot()).map((pair) => pair.seedHash)).toEqual(['h1', REVEALED.seedHash]);
  });

  it('should list a revealed pair once when the history tab, opened while the rotation was on its way, already read it', async () => {
    let answerRotation: (response: RotateSeedResponse) => void = () => {};
    const rotate = () => new Promise<RotateSeedResponse>((resolve) => (answerRotation = resolve));
    const { actor } = await opened(undefined, { rotate });
    actor.send({ type: 'user.rotate' });
    actor.send({ type: 'user.selectTab', tab: 'history' });
    await settle();
    expect(selectHistory(actor.getSnapshot())).toEqual([REVEALED]);
    answerRotation({ mode: 'classic', previous: REVEALED, seedHash: 'h2', nextHash: 'h3', nonce: 0, clientSeed: 'my-seed' });
    await settle();
    expect(selectHistory(actor.getSnapshot())).toEqual([REVEALED]);
  });

  it('should show the copied mark for 1.5 s after a successful copy, and not after a failed one', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = await opened(undefined, {}, clock);
    actor.send({ type: 'user.copy', text: 'h1', what: 'seedHash' });
    await settle();
    expect(calls.copies).toEqual(['h1']);
    expect(selectIsCopied('seedHash')(actor.getSnapshot())).toBe(true);
    expect(selectIsCopied('clientSeed')(actor.getSnapshot())).toBe(false);
    clock.increment(1499);
    expect(selectIsCopied('seedHash')(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsCopied('seedHash')(actor.getSnapshot())).toBe(false);

    const denied = await opened(undefined, { copy: () => Promise.reject(new Error('denied')) });
    denied.actor.send({ type: 'user.copy', text: 'x', what: 'clientSeed' });
    await settle();
    expect(selectIsCopied('clientSeed')(denied.actor.getSnapshot())).toBe(false);
  });

  it('should move the copied mark to a second value copied while the first still shows it, for a full 1.5 s', async () => {
    const clock = new SimulatedClock();
    const { actor, calls } = await opened(undefined, {}, clock);
    actor.send({ type: 'user.copy', text: 'h1', what: 'seedHash' });
    await settle();
    clock.increment(1000);
    actor.send({ type: 'user.copy', text: 'my-seed', what: 'clientSeed' });
    await settle();
    expect(calls.copies).toEqual(['h1', 'my-seed']);
    expect(selectIsCopied('clientSeed')(actor.getSnapshot())).toBe(true);
    expect(selectIsCopied('seedHash')(actor.getSnapshot())).toBe(false);
    clock.increment(1499);
    expect(selectIsCopied('clientSeed')(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsCopied('clientSeed')(actor.getSnapshot())).toBe(false);
  });
  describe('instant reveal', () => {
    it('should switch to instant reveal, then offer Save for a changed client seed instead of Rotate', async () => {
      const { actor, calls } = await opened();
      expect(selectSeedMode(actor.getSnapshot())).toBe('classic');
      // Choosing the mode already on asks nothing.
      actor.send({ type: 'user.chooseMode', mode: 'classic' });
      actor.send({ type: 'user.chooseMode', mode: 'instant' });
      await settle();
      expect(calls.modes).toEqual(['instant']);
      expect(selectSeedState(actor.getSnapshot())).toEqual(INSTANT);
      expect(selectCanRotate(actor.getSnapshot())).toBe(false);
      // The client seed as saved: nothing to save until it changes.
      expect(selectCanSaveClientSeed(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'user.editClientSeed', text: 'between-bets' });
      expect(selectCanSaveClientSeed(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'user.rotate' });
      actor.send({ type: 'user.saveClientSeed' });
      await settle();
      expect(calls.rotations).toEqual([]);
      expect(calls.clientSeeds).toEqual(['between-bets']);
      expect(selectSeedState(actor.getSnapshot())?.clientSeed).toBe('between-bets');
      expect(selectClientSeedField(actor.getSnapshot())).toBe('between-bets');
      expect(selectCanSaveClientSeed(actor.getSnapshot())).toBe(false);
      actor.send({ type: 'user.editClientSeed', text: 'has space' });
      expect(selectCanSaveClientSeed(actor.getSnapshot())).toBe(false);
    });

    it("should show the server's refusal of a switch with an open game, and the fallback without an answer", async () => {
      const refusal = 'Finish your mines game before switching the seed mode.';
      let answer: () => Promise<SeedState> = () => Promise.reject({ error: refusal });
      const { actor } = await opened(undefined, { setMode: () => answer() });
      actor.send({ type: 'user.chooseMode', mode: 'instant' });
      await settle();
      expect(selectRotateMessage(actor.getSnapshot())).toBe(refusal);
      expect(selectSeedMode(actor.getSnapshot())).toBe('classic');
      answer = () => Promise.reject(new Error('Failed to fetch'));
      actor.send({ type: 'user.chooseMode', mode: 'instant' });
      await settle();
      expect(selectRotateMessage(actor.getSnapshot())).toBe(MODE_NO_RESPONSE_MESSAGE);
      answer = async () => INSTANT;
      actor.send({ type: 'user.chooseMode', mode: 'instant' });
      await settle();
      expect(selectRotateMessage(actor.getSnapshot())).toBeNull();
      expect(selectSeedMode(actor.getSnapshot())).toBe('instant');
    });
  });

  describe('the server seed hash check', () => {
    const shown = async () => sha256HexAsync(VECTOR.serverSeed);

    it('should confirm a revealed server seed hashes to the hash shown before the bet', async () => {
      const { actor } = await opened();
      actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, seedHash: await shown(), game: 'dice' });
      await verification(actor);
      expect(selectHashCheck(actor.getSnapshot())).toBe('match');
    });

    it('should flag a server seed whose hash is not the one shown, and say nothing when no hash was given', async () => {
      const { actor } = await opened();
      actor.send({ type: 'user.verifyBet', serverSeed: VECTOR.serverSeed, clientSeed: 'abc', nonce: 1, seedHash: 'a'.repeat(64), game: 'dice' });
      await verification(actor);
      expect(selectHashCheck(actor.getSnapshot())).toBe('mismatch');
      actor.send({ type: 'user.editVerifyField', field: 'seedHash', value: '' });
      actor.send({ type: 'user.runVerify' });
      await verification(actor);
      expect(selectHashCheck(actor.getSnapshot())).toBeNull();
      actor.send({ type: 'user.editVerifyField', field: 'seedHash', value: 'not-a-hash' });
      actor.send({ type: 'user.runVerify' });
      await verification(actor);
      expect(selectVerifyMessage(actor.getSnapshot())).toBe(VERIFY_MESSAGES.seedHash);
    });
  });
});

chartDocTest('seed', seedMachine);

pathSuite(seedPaths);
