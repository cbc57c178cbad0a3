import { expect } from 'vitest';
import { liabilitiesMachine, LIABILITIES_MESSAGES } from '../../machines/liabilities/machine';
import type { BalanceCheck, LiabilitySnapshot, RecomputedProof, WireLiabilityProof } from '../../machines/liabilities/machine';
import { selectChecks, selectCheckingCurrency, selectLatestSnapshot, selectListError, selectSignedIn } from '../../machines/liabilities/selectors';
import { loginModal } from '../../machines/shared/messages';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * /liabilities (issue 23): the newest snapshot for anyone, and "Verify my balance" for a player: the
 * proof is fetched for the snapshot shown, recomputed in the browser and the result kept under its
 * currency. The oracles check what the page shows (figures, messages, each currency's result, what is
 * busy) and what was asked (proofs, recomputations, the login modal) against `liabilitiesFacts`.
 */

export const LIABILITIES_TEXTS = {
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  noLeaf: 'You had no USDT wallet at snapshot #7, so it holds no balance of yours in USDT.',
} as const;

export const SNAPSHOT: LiabilitySnapshot = {
  id: 7,
  takenAt: '2026-11-27T02:00:00.000Z',
  currencies: [{ currency: 'USDT', rootHash: 'a'.repeat(64), total: '15000000000', leaves: 3, reserves: '100015000000000' }],
};
export const PROOF: WireLiabilityProof = {
  snapshotId: 7,
  currency: 'USDT',
  rootHash: 'a'.repeat(64),
  total: '15000000000',
  leaf: { nonce: 'b'.repeat(32), balance: '10000000000' },
  path: [{ side: 'right', hash: 'c'.repeat(64), sum: '5000000000' }],
};
export const MATCH: RecomputedProof = { balance: '10000000000', computedRoot: 'a'.repeat(64), computedTotal: '15000000000', matches: true };
export const MISMATCH: RecomputedProof = { balance: '10000000000', computedRoot: 'd'.repeat(64), computedTotal: '15000000000', matches: false };

const unreachable = new Error('Failed to fetch');
const noLeaf = { status: 404, error: 'no_leaf', message: LIABILITIES_TEXTS.noLeaf };

export const liabilitiesEvents = [
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'user.retry' },
  { type: 'user.verify', currency: 'USDT' },
  // Not in the snapshot: nothing to verify.
  { type: 'user.verify', currency: 'BTC' },
  { type: 'user.downloadProof', currency: 'USDT' },
  { type: 'xstate.done.actor.loadSnapshots', output: [SNAPSHOT] },
  { type: 'xstate.done.actor.loadSnapshots', output: [] },
  { type: 'xstate.error.actor.loadSnapshots', error: unreachable },
  { type: 'xstate.done.actor.fetchProof', output: PROOF },
  { type: 'xstate.error.actor.fetchProof', error: noLeaf },
  { type: 'xstate.done.actor.recompute', output: MATCH },
  { type: 'xstate.done.actor.recompute', output: MISMATCH },
  { type: 'xstate.error.actor.recompute', error: new Error('crypto.subtle is undefined') },
] as AnyEvent[];

/** The page as the path left it, and what it asked for. */
export function liabilitiesFacts(world: World) {
  let signedIn = (world.variant.input as { signedIn: boolean }).signedIn;
  let snapshot: LiabilitySnapshot | null = null;
  let listError: string | null = null;
  let reads = 1;
  let checking: string | null = null;
  let checks: Record<string, BalanceCheck> = {};
  const proofsAsked: unknown[] = [];
  const recomputed: unknown[] = [];
  const modals: unknown[] = [];
  const saved: unknown[] = [];
  let proof: WireLiabilityProof | null = null;
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        break;
      case 'auth.loggedOut':
        signedIn = false;
        checks = {};
        checking = null;
        break;
      case 'user.retry':
        reads += 1;
        listError = null;
        break;
      case 'user.verify': {
        const currency = e['currency'] as string;
        if (!signedIn) modals.push(loginModal);
        else if (checking === null && snapshot?.currencies.some((c) => c.currency === currency)) {
          checking = currency;
          delete checks[currency];
          proofsAsked.push({ currency, snapshotId: snapshot.id });
        }
        break;
      }
      case 'xstate.done.actor.loadSnapshots':
        snapshot = (e['output'] as LiabilitySnapshot[])[0] ?? null;
        break;
      case 'xstate.error.actor.loadSnapshots':
        listError = LIABILITIES_TEXTS.unreachable;
        break;
      case 'user.downloadProof': {
        const check = checks[e['currency'] as string];
        if (check && 'proof' in check) saved.push({ proof: check.proof });
        break;
      }
      case 'xstate.done.actor.fetchProof': {
        proof = e['output'] as WireLiabilityProof;
        const root = snapshot!.currencies.find((c) => c.currency === checking)!;
        recomputed.push({ proof: e['output'], rootHash: root.rootHash, total: root.total });
        break;
      }
      case 'xstate.error.actor.fetchProof':
        checks = { ...checks, [checking!]: { currency: checking!, outcome: 'failed', message: LIABILITIES_TEXTS.noLeaf } };
        checking = null;
        break;
      case 'xstate.done.actor.recompute': {
        const output = e['output'] as RecomputedProof;
        checks = { ...checks, [checking!]: { currency: checking!, outcome: output.matches ? 'match' : 'mismatch', snapshotId: proof!.snapshotId, proof: proof!, ...output } };
        checking = null;
        break;
      }
      case 'xstate.error.actor.recompute':
        checks = { ...checks, [checking!]: { currency: checking!, outcome: 'failed', message: LIABILITIES_MESSAGES.recomputeFailed } };
        checking = null;
        break;
    }
  }
  return { signedIn, snapshot, listError, reads, checking, checks, proofsAsked, recomputed, modals, saved };
}

export interface LiabilitiesSut extends Sut {
  effects: FakeEffects;
  sentTo: (to: 'modals') => unknown[];
}

const snap = (sut: LiabilitiesSut) => sut.snapshot() as Parameters<typeof selectChecks>[0];

export const liabilitiesPaths: PathSpec<LiabilitiesSut> = {
  name: 'liabilities',
  machine: liabilitiesMachine,
  variants: [
    { name: 'visitor', input: { signedIn: false }, events: liabilitiesEvents },
    { name: 'player', input: { signedIn: true }, events: liabilitiesEvents },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = liabilitiesMachine.provide({
      actors: effects.actors(['loadSnapshots', 'fetchProof', 'recompute']) as never,
      actions: effects.actions(['saveProof']) as never,
    });
    const system = runInSystem(machine, { input: world.variant.input as { signedIn: boolean }, clock: world.clock });
    return {
      effects,
      sentTo: system.sentTo as (to: 'modals') => unknown[],
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#liabilities': {
      asserts:
        "the snapshot shown is the newest answered; each currency's result is its last check (none after a sign-out); a proof was asked once per accepted Verify, for the snapshot shown, and recomputed against that snapshot's root and total; a visitor's Verify opened the login modal; Download proof saved the proof of a checked currency, once per click",
      check(sut, world) {
        const f = liabilitiesFacts(world);
        expect(selectLatestSnapshot(snap(sut))).toEqual(f.snapshot);
        expect(selectChecks(snap(sut))).toEqual(f.checks);
        expect(sut.effects.callsOf('loadSnapshots')).toHaveLength(f.reads);
        expect(sut.effects.callsOf('fetchProof')).toEqual(f.proofsAsked);
        expect(sut.effects.callsOf('recompute')).toEqual(f.recomputed);
        expect(sut.sentTo('modals')).toEqual(f.modals);
        expect(sut.effects.callsOf('saveProof')).toEqual(f.saved);
      },
    },
    '#liabilities.session.visitor': {
      asserts: 'a visitor: no Verify runs, and pressing it asks for the login modal',
      check(sut, world) {
        expect(liabilitiesFacts(world).signedIn).toBe(false);
        expect(selectSignedIn(snap(sut))).toBe(false);
        expect(selectCheckingCurrency(snap(sut))).toBeNull();
      },
    },
    '#liabilities.session.signedIn': {
      asserts: 'a player',
      check(sut, world) {
        expect(liabilitiesFacts(world).signedIn).toBe(true);
        expect(selectSignedIn(snap(sut))).toBe(true);
      },
    },
    '#liabilities.snapshots.loading': {
      asserts: "'Loading the liabilities…': the snapshots are asked for; no message",
      check(sut) {
        expect(snap(sut).hasTag('loading')).toBe(true);
        expect(sut.effects.waiting('loadSnapshots')).toBeDefined();
        expect(selectListError(snap(sut))).toBeNull();
      },
    },
    '#liabilities.snapshots.failed': {
      asserts: "the alert 'Could not reach the casino. Please check your connection and try again.' and Try again; nothing to verify",
      check(sut) {
        expect(selectListError(snap(sut))).toBe(LIABILITIES_TEXTS.unreachable);
        expect(sut.effects.waiting('loadSnapshots')).toBeUndefined();
        expect(snap(sut).can({ type: 'user.verify', currency: 'USDT' })).toBe(!snap(sut).hasTag('signedIn'));
      },
    },
    '#liabilities.snapshots.shown': {
      asserts: "the newest snapshot's figures, or 'No snapshot has been taken yet.'; Verify is offered to a player for a currency of the snapshot only",
      check(sut, world) {
        const f = liabilitiesFacts(world);
        expect(sut.effects.waiting('loadSnapshots')).toBeUndefined();
        expect(selectListError(snap(sut))).toBeNull();
        if (f.signedIn && f.checking === null) {
          expect(snap(sut).can({ type: 'user.verify', currency: 'USDT' })).toBe(f.snapshot !== null);
          expect(snap(sut).can({ type: 'user.verify', currency: 'BTC' })).toBe(false);
        }
      },
    },
    '#liabilities.check.idle': {
      asserts: 'no check runs: no proof or recomputation is waiting, no button says Verifying…',
      check(sut) {
        expect(selectCheckingCurrency(snap(sut))).toBeNull();
        expect(sut.effects.waiting('fetchProof')).toBeUndefined();
        expect(sut.effects.waiting('recompute')).toBeUndefined();
      },
    },
    '#liabilities.check.fetchingProof': {
      asserts: "'Verifying…' on the currency's button: its proof for the snapshot shown is asked for; its old result is gone; other Verify buttons are disabled",
      check(sut, world) {
        const f = liabilitiesFacts(world);
        expect(selectCheckingCurrency(snap(sut))).toBe(f.checking);
        expect(sut.effects.waiting('fetchProof')).toEqual({ input: f.proofsAsked[f.proofsAsked.length - 1] });
        expect(selectChecks(snap(sut))[f.checking!]).toBeUndefined();
        expect(snap(sut).can({ type: 'user.verify', currency: 'USDT' })).toBe(false);
      },
    },
    '#liabilities.check.recomputing': {
      asserts: "'Verifying…': the browser climbs the proof's path, to reach the root and total the page shows",
      check(sut, world) {
        const f = liabilitiesFacts(world);
        expect(selectCheckingCurrency(snap(sut))).toBe(f.checking);
        expect(sut.effects.waiting('recompute')).toEqual({ input: f.recomputed[f.recomputed.length - 1] });
      },
    },
  },
};
