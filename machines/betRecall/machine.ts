/**
 * Bet recall, the /bet/ID page (issue 20 "Every bet can be recalled"; docs/product.md §2 Bet page,
 * docs/fairness.md). One actor while the page is open, for a player who clicked a row of the bets
 * table and for a visitor who opened a shared address alike.
 *
 * Receives
 *   user.retry    (the bet could not be fetched: ask again)
 *   user.verify   (the Verify button: recompute the bet in this browser from the revealed seed)
 *   user.copyLink (Copy link: the bet's address to the clipboard, to share it)
 * Sends nothing to other actors.
 * Actors src/app provides
 *   loadBet: fromPromise<LoadedBet, { id: string }>   GET /casino/get-bet?id=..; a 404 answers {found: false},
 *            any other failure rejects
 *   verify:  fromPromise<ComputedRecall, VerifyInput>  SHA-256 of the server seed and the Seed modal's
 *            verifier (verifyOutcomeAsync) through WebCrypto
 *   copyLink: fromPromise<void, { betId: string }>   the page's origin + /bet/ID to navigator.clipboard
 */
import { assign, or, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { checkRecall, isBetId, readRecall, verifyRequestOf } from '../../src/core/bets/recall';
import type { BetRecall, ComputedRecall, RecallCheck, RecallVerifyRequest } from '../../src/core/bets/recall';
import type { BetDetail } from '../../src/core/contracts/casino';

export type { BetDetail };

export type LoadedBet = { found: true; bet: BetDetail } | { found: false };

export interface VerifyInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  request: RecallVerifyRequest;
}

export interface BetRecallInput {
  /** The id as it stands in the address, unchecked. */
  betId: string;
}

export interface BetRecallContext {
  betId: string;
  bet: BetDetail | null;
  /** The stored outcome read back as the game it was. */
  recall: BetRecall | null;
  /** The last Verify's result. */
  check: RecallCheck | null;
}

/** What the page says in each state that is not the bet itself (issue 20: never a blank page). */
export const RECALL_MESSAGES = {
  malformed: 'That is not a bet number.',
  malformedHint: 'A bet’s address is /bet/ followed by its number, for example /bet/42.',
  notFound: (id: string) => `No bet #${id}.`,
  notFoundHint: 'There is no bet with that number. Check the address, or pick a bet from the bets table.',
  unavailable: 'This bet could not be loaded.',
  unavailableHint: 'The casino did not answer. Check your connection and try again.',
  sealed: 'The server seed is still secret: it is revealed when the player rotates their seed pair (Fairness, then Rotate). Its hash above was shown before the bet, so it cannot change.',
  noSeeds: 'This bet has no recorded seeds, so it cannot be verified.',
  unreadable: 'This bet’s record does not hold the game as played, so it cannot be redrawn or recomputed here.',
  verifyFailed: 'This browser could not compute the check (it needs WebCrypto, on https or localhost).',
  copyFailed: 'Could not copy: copy the address from the address bar.',
} as const;

/** docs/product.md §9: a copy's success mark shows for 1.5 s. */
export const LINK_COPIED_MS = 1500;

export type BetRecallEvent = { type: 'user.retry' } | { type: 'user.verify' } | { type: 'user.copyLink' };

const hasSeeds = (bet: BetDetail | null) => bet !== null && bet.seedHash !== null && bet.clientSeed !== null && bet.nonce !== null;

export const betRecallMachine = setup({
  types: {
    context: {} as BetRecallContext,
    events: {} as BetRecallEvent,
    input: {} as BetRecallInput,
  },
  actors: {
    loadBet: effectActor<LoadedBet, { id: string }>('loadBet'),
    verify: effectActor<ComputedRecall, VerifyInput>('verify'),
    copyLink: effectActor<void, { betId: string }>('copyLink'),
  },
  delays: {
    linkCopied: LINK_COPIED_MS,
  },
  actions: {
    storeBet: assign((_, params: { bet: BetDetail }) => ({ bet: params.bet, recall: readRecall(params.bet.gameName, params.bet.outcome), check: null })),
    storeCheck: assign({
      check: ({ context }, params: { computed: ComputedRecall }) => checkRecall(context.recall!, context.bet!.seedHash!, params.computed),
    }),
    forgetCheck: assign({ check: null }),
  },
  guards: {
    isWellFormedId: ({ context }) => isBetId(context.betId),
    wasFound: (_, params: { loaded: LoadedBet }) => params.loaded.found,
    hasNoSeeds: ({ context }) => !hasSeeds(context.bet),
    isSealed: ({ context }) => context.bet?.serverSeed === null,
    isUndrawable: ({ context }) => context.recall === null || verifyRequestOf(context.recall) === null,
    bothMatch: ({ context }, params: { computed: ComputedRecall }) => {
      const check = checkRecall(context.recall!, context.bet!.seedHash!, params.computed);
      return check.hashMatches && check.outcomeMatches;
    },
  },
}).createMachine({
  id: 'betRecall',
  context: ({ input }) => ({ betId: input.betId, bet: null, recall: null, check: null }),
  initial: 'checkingId',
  states: {
    checkingId: {
      description: 'An address whose id is not a bet number (letters, 0, a leading zero) is answered at once, without asking the server.',
      always: [{ guard: 'isWellFormedId', target: 'loading' }, { target: 'malformed' }],
    },
    malformed: {
      description: "'That is not a bet number': the address is shown with how a bet address looks; nothing was fetched.",
      type: 'final',
    },
    loading: {
      description: 'The bet is being fetched: what the bets table shows, the game as played, and its seeds.',
      tags: ['busy'],
      invoke: {
        id: 'loadBet',
        src: 'loadBet',
        input: ({ context }) => ({ id: context.betId }),
        onDone: [
          { guard: { type: 'wasFound', params: ({ event }) => ({ loaded: event.output }) }, target: 'shown', actions: { type: 'storeBet', params: ({ event }) => ({ bet: (event.output as { bet: BetDetail }).bet }) } },
          { target: 'notFound' },
        ],
        onError: 'unavailable',
      },
    },
    notFound: {
      description: "'No bet #ID': the server holds no bet with that number.",
      type: 'final',
    },
    unavailable: {
      description: 'The server could not be reached or failed; Try again asks once more.',
      on: { 'user.retry': 'loading' },
    },
    shown: {
      description: 'The bet is on the page: game, player, time, wager, multiplier, payout, the game as played, and the seeds.',
      type: 'parallel',
      states: {
        fairness: {
          description: 'The fairness panel: the seeds, and Verify once the server seed is public.',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Whether this bet can be verified now: seeds recorded, server seed revealed, a record the verifier can redraw.',
              always: [
                { guard: or(['hasNoSeeds', 'isUndrawable']), target: 'unverifiable' },
                { guard: 'isSealed', target: 'sealed' },
                { target: 'revealed' },
              ],
            },
            sealed: {
              description:
                'The server seed is still secret (its pair still plays): only its hash shows, and the page says it is revealed when the player rotates their seed pair.',
            },
            unverifiable: {
              description: 'The bet has no recorded seeds, or a record the verifier cannot redraw: the page says so and offers no Verify.',
            },
            revealed: {
              description: 'The server seed is public: Verify recomputes the bet in this browser.',
              on: { 'user.verify': 'verifying' },
            },
            verifying: {
              description: 'SHA-256 of the server seed and the game’s outcome are being computed here (WebCrypto), with the Seed modal’s verifier.',
              tags: ['busy'],
              entry: 'forgetCheck',
              invoke: {
                id: 'verify',
                src: 'verify',
                input: ({ context }) => ({
                  serverSeed: context.bet!.serverSeed!,
                  clientSeed: context.bet!.clientSeed!,
                  nonce: context.bet!.nonce!,
                  request: verifyRequestOf(context.recall!)!,
                }),
                onDone: [
                  {
                    guard: { type: 'bothMatch', params: ({ event }) => ({ computed: event.output }) },
                    target: 'matched',
                    actions: { type: 'storeCheck', params: ({ event }) => ({ computed: event.output }) },
                  },
                  { target: 'mismatched', actions: { type: 'storeCheck', params: ({ event }) => ({ computed: event.output }) } },
                ],
                onError: 'verifyFailed',
              },
            },
            matched: {
              description: 'The seed hashes to the hash shown before the bet, and the recomputed outcome is the one recorded.',
              on: { 'user.verify': 'verifying' },
            },
            mismatched: {
              description: 'The seed does not hash to the hash shown, or the recomputed outcome differs from the record: the page says which.',
              on: { 'user.verify': 'verifying' },
            },
            verifyFailed: {
              description: 'This browser could not compute (no WebCrypto, e.g. outside https); Verify may be tried again.',
              on: { 'user.verify': 'verifying' },
            },
          },
        },
        share: {
          description: 'Copy link: the bet’s address, for anyone, to the clipboard.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Copy link is offered.',
              on: { 'user.copyLink': 'copying' },
            },
            copying: {
              description: 'The address is being written to the clipboard.',
              invoke: { id: 'copyLink', src: 'copyLink', input: ({ context }) => ({ betId: context.betId }), onDone: 'copied', onError: 'copyFailed' },
            },
            copied: {
              description: 'Copy link shows its success mark for 1.5 s (docs/product.md §9).',
              on: { 'user.copyLink': 'copying' },
              after: { linkCopied: 'idle' },
            },
            copyFailed: {
              description: 'The clipboard refused: the page says to copy the address bar instead; Copy link may be tried again.',
              on: { 'user.copyLink': 'copying' },
            },
          },
        },
      },
    },
  },
});
