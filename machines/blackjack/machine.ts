/**
 * Blackjack screen (docs/product.md §2 Blackjack, §4 Blackjack, §5 bet checks, §8, §9). One actor per visit of
 * /blackjack. The round is the server's: the machine shows the wire game it receives, enables an
 * action exactly when the rules allow it, and plays the dealer's reveal before the result counts.
 * The game kit's vocabulary (docs/architecture.md, "The game kit"): `round` is idle, placing,
 * refused, failed, playerTurn, revealing or roundOver; tags busy, message and result mean the same
 * in every game, and `inPlay` marks an open round.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.bet
 *   user.stand · user.hit · user.double · user.split    (the active hand is the game's)
 *   auth.loggedIn · auth.loggedOut                     (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate}}  (from the provider, following the wallet
 *     actor: the selected currency, its balance, and the dollar rate only while Display FIAT is on)
 * Sends (actions.ts, the messaging block)
 *   openLogin                          → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   reportBalance {currency, balance}  → wallet:   game.balanceUpdated
 *   switchCurrency {currency}          → wallet:   game.switchCurrency   (a restored round's currency)
 *   announceRound {betId}              → betsFeed: game.animationOver    (the player's own round may
 *                                                  now appear in the live table)
 *   logActionError {action, error}     stand/hit/double/split failures are only logged (docs/product.md §8)
 * Actors src/app provides (actors.ts): loadLimits, loadActiveGame, and placeBet and act as BetOutcomes.
 */
import { enqueueActions, setup } from 'xstate';
import {
  BLACKJACK_DEALER_CARD_REVEAL_MS,
  BLACKJACK_DEALER_PAUSE_MS,
  BLACKJACK_ERROR_CLEAR_MS,
  BLACKJACK_HOLE_CARD_REVEAL_MS,
} from '../../src/core/games/blackjack';
import type { BlackjackAction } from '../../src/core/games/blackjack';
import { amountInCoins, amountTransitions } from '../shared/betAmount';
import { limitsRegion } from '../shared/limits';
import { betAttempt as betAttempts, playerRegion } from '../shared/regions';
import { outcomeMessage } from '../shared/betOutcome';
import type { BetOutcome } from '../shared/requestFailure';
import { blackjackActions } from './actions';
import { blackjackActors } from './actors';
import { BLACKJACK_NETWORK_ERROR, initialContext } from './context';
import type { BlackjackContext, BlackjackInput } from './context';
import type { BlackjackEvent } from './events';
import { blackjackGuards } from './guards';
import type { BlackjackAnswer } from './wire';

export { BLACKJACK_NETWORK_ERROR, blackjackCheck } from './context';
export type { BlackjackContext, BlackjackInput } from './context';
export type { BlackjackEvent } from './events';
export type * from './wire';
export { amountInCoins, typedAmount } from '../shared/betAmount';

type Answer = { event: { output: BetOutcome<BlackjackAnswer> } };
const answerOf = (outcome: BetOutcome<BlackjackAnswer>) => (outcome as { answer: BlackjackAnswer }).answer;
const outcomeOf = ({ event }: Answer) => ({ outcome: event.output });
const gameOf = ({ event }: Answer) => ({ game: answerOf(event.output).game! });
const balanceOf = ({ event }: Answer) => ({ currency: answerOf(event.output).game!.currency, balance: answerOf(event.output).balance ?? 0 });
const finalAnswerOf = ({ event }: Answer) => ({ answer: answerOf(event.output) });

/**
 * One action on its way (its own state per action, so a designer sees which). Double and split take
 * a stake, so their answer in play reports the balance; an ended round goes to the reveal; a refusal
 * or failure is only logged (docs/product.md §8) and the player chooses again.
 */
function actingState(action: BlackjackAction, description: string, takesStake: boolean) {
  return {
    description,
    tags: ['busy'],
    invoke: {
      id: action,
      src: 'act',
      input: ({ context }: { context: BlackjackContext }) => ({ action, activeHand: context.game?.activeHandIndex ?? 0 }),
      onDone: [
        {
          guard: { type: 'answeredInPlay', params: outcomeOf },
          target: '#blackjack.round.playerTurn.choosingAction',
          actions: [{ type: 'storeGame', params: gameOf }, ...(takesStake ? [{ type: 'reportBalance' as const, params: balanceOf }] : [])],
        },
        { guard: { type: 'answeredGameOver', params: outcomeOf }, target: '#blackjack.round.revealing', actions: { type: 'storeFinalAnswer', params: finalAnswerOf } },
        {
          target: '#blackjack.round.playerTurn.choosingAction',
          actions: { type: 'logActionError', params: ({ event }: Answer) => ({ action, error: event.output }) },
        },
      ],
      onError: {
        target: '#blackjack.round.playerTurn.choosingAction',
        actions: { type: 'logActionError', params: ({ event }: { event: { error: unknown } }) => ({ action, error: event.error }) },
      },
    },
  } as const;
}

/** Pressing Bet (docs/product.md §5 order), and pressing it again where only a player can be. */
const { first: betAttempt, next: nextBetAttempt } = betAttempts('blackjack');

export const blackjackMachine = setup({
  types: {
    context: {} as BlackjackContext,
    events: {} as BlackjackEvent,
    input: {} as BlackjackInput,
  },
  actors: blackjackActors,
  delays: {
    /** docs/product.md §9: the dealer's hole card turns over. */
    holeCardReveal: BLACKJACK_HOLE_CARD_REVEAL_MS,
    /** docs/product.md §9: the dealer pauses before drawing each further card. */
    dealerPause: BLACKJACK_DEALER_PAUSE_MS,
    /** docs/product.md §9: a further dealer card comes in. */
    dealerCardReveal: BLACKJACK_DEALER_CARD_REVEAL_MS,
    /** docs/product.md §8: a refused or failed bet's message shows for 3 s. */
    messageClear: BLACKJACK_ERROR_CLEAR_MS,
  },
  actions: blackjackActions,
  guards: blackjackGuards,
}).createMachine({
  id: 'blackjack',
  context: initialContext,
  type: 'parallel',
  // No region takes these, so the root's own transitions apply in every state.
  on: { ...amountTransitions },
  states: {
    player: playerRegion(),
    limits: limitsRegion({
      game: 'blackjack',
      loading: "The selected currency's blackjack limits (min bet, max bet) are being fetched.",
      known: 'The limits of the selected currency are known, so a bet can be checked.',
    }),
    round: {
      initial: 'choosing',
      on: {
        'auth.loggedOut': { target: '.idle', actions: ['clearRound', 'clearMessage'] },
      },
      states: {
        choosing: {
          description: 'A signed-in player may have a round open from an earlier visit: look for it first.',
          always: [{ guard: 'startsSignedIn', target: 'restoring' }, { target: 'idle' }],
        },
        restoring: {
          description: "The player's open round, if any, is being fetched to continue it (docs/product.md §4: restored on load).",
          tags: ['busy'],
          invoke: {
            id: 'loadActiveGame',
            src: 'loadActiveGame',
            onDone: [
              {
                guard: { type: 'answeredInPlay', params: ({ event }) => ({ outcome: { kind: 'answered' as const, answer: event.output } }) },
                target: 'playerTurn',
                actions: [
                  { type: 'storeGame', params: ({ event }) => ({ game: event.output.game! }) },
                  { type: 'switchCurrency', params: ({ event }) => ({ currency: event.output.game!.currency }) },
                  { type: 'reportBalance', params: ({ event }) => ({ currency: event.output.game!.currency, balance: event.output.balance ?? 0 }) },
                ],
              },
              { target: 'idle' },
            ],
            // Nothing to restore is shown the same as nothing open.
            onError: 'idle',
          },
        },
        idle: {
          description: 'No round on the table: the player sets an amount and bets.',
          on: { ...betAttempt, 'auth.loggedIn': 'restoring' },
        },
        refused: {
          description: 'A check of docs/product.md §5 refused the bet; its message shows for 3 s and nothing was sent.',
          tags: ['message'],
          on: { ...nextBetAttempt },
          after: { messageClear: { target: 'idle', actions: 'clearMessage' } },
        },
        placing: {
          description: 'The bet is on its way; the server deals four cards or refuses it.',
          tags: ['busy'],
          entry: 'startRound',
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => ({ betAmount: amountInCoins(context.amountText, context.wallet.fiatRate), currency: context.wallet.currency }),
            onDone: [
              {
                guard: { type: 'answeredInPlay', params: outcomeOf },
                target: 'playerTurn',
                // The stake left the balance at once.
                actions: [{ type: 'storeGame', params: gameOf }, { type: 'reportBalance', params: balanceOf }],
              },
              // A blackjack at the deal: straight to the reveal.
              { guard: { type: 'answeredGameOver', params: outcomeOf }, target: 'revealing', actions: { type: 'storeFinalAnswer', params: finalAnswerOf } },
              {
                target: 'failed',
                actions: { type: 'storeFailure', params: ({ event }) => ({ message: outcomeMessage(event.output, { unanswered: BLACKJACK_NETWORK_ERROR }) }) },
              },
            ],
            onError: { target: 'failed', actions: { type: 'storeFailure', params: { message: BLACKJACK_NETWORK_ERROR } } },
          },
        },
        failed: {
          description: "The server refused the bet (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the message shows for 3 s.",
          tags: ['message'],
          on: { ...nextBetAttempt },
          after: { messageClear: { target: 'idle', actions: 'clearMessage' } },
        },
        playerTurn: {
          description: "The player's cards and the dealer's up card are on the table; the hole card is face down.",
          tags: ['inPlay'],
          initial: 'choosingAction',
          states: {
            choosingAction: {
              description: 'STAND, HIT, DOUBLE and SPLIT are enabled exactly when the rules allow them on the active hand.',
              on: {
                'user.stand': { guard: { type: 'canAct', params: { action: 'stand' } }, target: 'standing' },
                'user.hit': { guard: { type: 'canAct', params: { action: 'hit' } }, target: 'hitting' },
                'user.double': { guard: { type: 'canAct', params: { action: 'double' } }, target: 'doubling' },
                'user.split': { guard: { type: 'canAct', params: { action: 'split' } }, target: 'splitting' },
              },
            },
            standing: actingState('stand', 'Stand was sent for the active hand.', false),
            hitting: actingState('hit', 'Hit was sent for the active hand.', false),
            doubling: actingState('double', "Double was sent: the hand's bet doubles, one card comes, and the hand stands.", true),
            splitting: actingState('split', 'Split was sent: two hands with the same bet, each dealt its second card.', true),
          },
        },
        revealing: {
          description: "The round is over on the server; the dealer's cards are shown one by one before the result counts.",
          tags: ['busy', 'revealing'],
          initial: 'turningHoleCard',
          states: {
            turningHoleCard: {
              description: "The dealer's face-down card turns over (300 ms).",
              after: {
                holeCardReveal: [
                  { guard: 'dealerDrew', target: 'dealerPausing', actions: 'showHoleCard' },
                  { target: '#blackjack.round.roundOver', actions: 'showHoleCard' },
                ],
              },
            },
            dealerPausing: {
              description: 'The dealer pauses before drawing the next card (500 ms).',
              after: { dealerPause: { target: 'dealingCard', actions: 'showNextDealerCard' } },
            },
            dealingCard: {
              description: 'A further dealer card comes in (150 ms); the dealer draws to 17 or more.',
              after: {
                dealerCardReveal: [{ guard: 'dealerHasMoreCards', target: 'dealerPausing' }, { target: '#blackjack.round.roundOver' }],
              },
            },
          },
        },
        roundOver: {
          description: 'Every card is shown with each hand’s result; the balance is updated and the round may appear in the live table.',
          tags: ['result'],
          // Once the reveal is over: the balance the server settled to, and the round released to the live table.
          entry: enqueueActions(({ context, enqueue }) => {
            if (context.game && context.finalBalance !== null) {
              enqueue({ type: 'reportBalance', params: { currency: context.game.currency, balance: context.finalBalance } });
            }
            if (context.betId !== null) enqueue({ type: 'announceRound', params: { betId: context.betId } });
          }),
          on: { ...nextBetAttempt },
        },
      },
    },
  },
});
