/**
 * The liabilities page, /liabilities (issue 23 "Proof of liabilities"; docs/fairness.md). For anyone:
 * the latest snapshot, per currency what the casino owes its players (the Merkle sum tree's total)
 * beside what it holds (the reserves), with the root hash. For a signed-in player: "Verify my balance"
 * per currency fetches the player's proof and recomputes it in this browser, showing the balance it
 * proves and the root it reaches, and whether that is the published root (match) or not (mismatch).
 *
 * Receives
 *   user.verify { currency }   (Verify my balance; a visitor gets the login modal)
 *   user.retry                 (the snapshots could not be read: ask again)
 *   user.downloadProof { currency } (Download proof: the checked proof as proof.json, for `npm run verify -- --liabilities`)
 *   auth.loggedIn · auth.loggedOut (from the app: a logout forgets the checks shown)
 * Actors src/app provides
 *   loadSnapshots: fromPromise<LiabilitySnapshot[]>                   GET /casino/liabilities
 *   fetchProof:    fromPromise<WireLiabilityProof, ProofRequest>      GET /casino/liabilities/proof
 *   recompute:     fromPromise<RecomputedProof, RecomputeInput>       the path climbed with WebCrypto's SHA-256
 * Effect actions src/app provides
 *   saveProof { proof }                                                 the proof saved as a file
 */
import { and, assign, sendTo, setup, stateIn } from 'xstate';
import type { LiabilitySnapshot } from '../../src/core/contracts/liabilities';
import type { WireLiabilityProof } from '../../src/core/proof/merkleSum';
import { effectAction, effectActor } from '../shared/effects';
import { loginModal } from '../shared/messages';
import { failureMessage } from '../shared/requestFailure';
import { SYSTEM_IDS } from '../shared/system';

export type { LiabilitySnapshot, WireLiabilityProof };

export interface ProofRequest {
  currency: string;
  snapshotId: number;
}

export interface RecomputeInput {
  proof: WireLiabilityProof;
  /** The root and total the page shows for the currency: the proof must reach these. */
  rootHash: string;
  total: string;
}

/** What the browser found: the balance the proof proves and the root it climbs to. */
export interface RecomputedProof {
  balance: string;
  computedRoot: string;
  computedTotal: string;
  matches: boolean;
}

/** The last check of one currency, as the page shows it under that currency. */
export type BalanceCheck =
  | ({ currency: string; outcome: 'match' | 'mismatch'; snapshotId: number; proof: WireLiabilityProof } & RecomputedProof)
  | { currency: string; outcome: 'failed'; message: string };

export interface LiabilitiesContext {
  /** The newest snapshot; null until read, or when none was ever taken. */
  snapshot: LiabilitySnapshot | null;
  listError: string | null;
  /** The currency being checked now, while a check runs. */
  checking: string | null;
  proof: WireLiabilityProof | null;
  checks: Record<string, BalanceCheck>;
  start: { signedIn: boolean };
}

export type LiabilitiesEvent =
  | { type: 'user.verify'; currency: string }
  | { type: 'user.downloadProof'; currency: string }
  | { type: 'user.retry' }
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' };

export const LIABILITIES_MESSAGES = {
  recomputeFailed: 'This browser could not compute the check (it needs WebCrypto, on https or localhost).',
} as const;

const rootOf = (context: LiabilitiesContext, currency: string) => context.snapshot?.currencies.find((c) => c.currency === currency) ?? null;

export const liabilitiesMachine = setup({
  types: {
    context: {} as LiabilitiesContext,
    events: {} as LiabilitiesEvent,
    input: {} as { signedIn: boolean },
  },
  actors: {
    loadSnapshots: effectActor<LiabilitySnapshot[]>('loadSnapshots'),
    fetchProof: effectActor<WireLiabilityProof, ProofRequest>('fetchProof'),
    recompute: effectActor<RecomputedProof, RecomputeInput>('recompute'),
  },
  actions: {
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    saveProof: effectAction<{ proof: WireLiabilityProof }>('saveProof'),
    forgetChecks: assign({ checks: {} }),
    dropCheck: assign({ checking: null, proof: null }),
    startCheck: assign(({ context }, params: { currency: string }) => {
      const { [params.currency]: _previous, ...others } = context.checks;
      return { checking: params.currency, proof: null, checks: others };
    }),
    storeFailure: assign(({ context }, params: { error: unknown }) => ({
      checks: { ...context.checks, [context.checking!]: { currency: context.checking!, outcome: 'failed' as const, message: failureMessage(params.error) } },
      checking: null,
      proof: null,
    })),
  },
  guards: {
    startsSignedIn: ({ context }) => context.start.signedIn,
    isPublished: ({ context, event }) => event.type === 'user.verify' && rootOf(context, event.currency) !== null,
    hasProof: ({ context, event }) => event.type === 'user.downloadProof' && 'proof' in (context.checks[event.currency] ?? {}),
  },
}).createMachine({
  id: 'liabilities',
  context: ({ input }) => ({ snapshot: null, listError: null, checking: null, proof: null, checks: {}, start: { signedIn: input.signedIn } }),
  type: 'parallel',
  on: {
    'user.downloadProof': {
      guard: 'hasProof',
      actions: {
        type: 'saveProof',
        params: ({ context, event }) => ({ proof: (context.checks[event.currency] as Extract<BalanceCheck, { proof: WireLiabilityProof }>).proof }),
      },
    },
  },
  states: {
    session: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Starts as the visitor or player the app says is there.',
          always: [{ guard: 'startsSignedIn', target: 'signedIn' }, { target: 'visitor' }],
        },
        visitor: {
          description: 'A visitor sees every figure; Verify my balance opens the login modal.',
          on: { 'auth.loggedIn': 'signedIn', 'user.verify': { actions: 'openLogin' } },
        },
        signedIn: {
          description: 'A player may verify their balance in each currency of the snapshot.',
          tags: ['signedIn'],
          on: { 'auth.loggedOut': { target: 'visitor', actions: 'forgetChecks' } },
        },
      },
    },
    snapshots: {
      initial: 'loading',
      states: {
        loading: {
          description: 'The snapshots are being read; the page shows a loading line.',
          tags: ['loading'],
          entry: assign({ listError: null }),
          invoke: {
            id: 'loadSnapshots',
            src: 'loadSnapshots',
            onDone: { target: 'shown', actions: assign({ snapshot: ({ event }) => event.output[0] ?? null }) },
            onError: { target: 'failed', actions: assign({ listError: ({ event }) => failureMessage(event.error) }) },
          },
        },
        failed: {
          description: 'The snapshots could not be read: the reason and Try again.',
          tags: ['alert'],
          on: { 'user.retry': 'loading' },
        },
        shown: {
          description: "The newest snapshot: per currency liabilities beside reserves, the leaf count and the root hash (or 'No snapshot has been taken yet.').",
        },
      },
    },
    check: {
      initial: 'idle',
      states: {
        idle: {
          description: "No check runs: each currency's button is offered, with that currency's last result under it.",
          on: {
            'user.verify': {
              guard: and(['isPublished', stateIn('#liabilities.session.signedIn')]),
              target: 'fetchingProof',
              actions: { type: 'startCheck', params: ({ event }) => ({ currency: event.currency }) },
            },
          },
        },
        fetchingProof: {
          description: "The player's proof in the currency, for the snapshot shown, is asked for; the button says 'Verifying…'.",
          tags: ['checking'],
          on: { 'auth.loggedOut': { target: 'idle', actions: 'dropCheck' } },
          invoke: {
            id: 'fetchProof',
            src: 'fetchProof',
            input: ({ context }) => ({ currency: context.checking!, snapshotId: context.snapshot!.id }),
            onDone: { target: 'recomputing', actions: assign({ proof: ({ event }) => event.output }) },
            onError: { target: 'idle', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        recomputing: {
          description: 'This browser hashes the leaf and climbs the path to a root, to compare it with the root shown.',
          tags: ['checking'],
          on: { 'auth.loggedOut': { target: 'idle', actions: 'dropCheck' } },
          invoke: {
            id: 'recompute',
            src: 'recompute',
            input: ({ context }) => {
              const root = rootOf(context, context.checking!)!;
              return { proof: context.proof!, rootHash: root.rootHash, total: root.total };
            },
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                checks: {
                  ...context.checks,
                  [context.checking!]: {
                    currency: context.checking!,
                    outcome: event.output.matches ? ('match' as const) : ('mismatch' as const),
                    snapshotId: context.proof!.snapshotId,
                    proof: context.proof!,
                    ...event.output,
                  },
                },
                checking: null,
                proof: null,
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context }) => ({
                checks: { ...context.checks, [context.checking!]: { currency: context.checking!, outcome: 'failed' as const, message: LIABILITIES_MESSAGES.recomputeFailed } },
                checking: null,
                proof: null,
              })),
            },
          },
        },
      },
    },
  },
});
