/**
 * Dice screen (docs/product.md §2 Dice, §4 Dice, §5 bet checks and Dice rules, §8). One actor per visit of /dice.
 * The game kit's vocabulary (docs/architecture.md, "The game kit"): `round` is idle, placing,
 * refused, failed or roundOver; tags busy, message and result mean the same in every game.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.typeChance {text}
 *   user.typeMultiplier {text} · user.slideChance {chance} · user.toggleTarget · user.bet
 *   auth.loggedIn · auth.loggedOut                       (from the auth actor, or the provider)
 *   wallet.changed {currency, balance, fiatRate}          (from the provider, which follows the wallet
 *     actor: the selected currency, its balance, and the dollar rate only while Display FIAT is on)
 * Sends (actions.ts, the messaging block)
 *   openLogin                 → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   reportBalance {currency, balance} → wallet: game.balanceUpdated
 *   reportBet {bet}           → betsFeed: game.betPlaced
 * Actors src/app provides (actors.ts): loadLimits, placeBet (a BetOutcome).
 *
 * The machine never computes money itself: the checks, half/double, the odds and the profit are the
 * shared src/core functions, so the browser refuses a bet with the server's words.
 */
import { setup } from 'xstate';
import { DICE_INPUT_DEBOUNCE_MS } from '../../src/core/games/dice';
import { autobetRoundTransitions, modeRegion, refused as autobetRefused, settled as autobetSettled } from '../autobet/gameKit';
import { amountTransitions } from '../shared/betAmount';
import { limitsRegion } from '../shared/limits';
import { betAttempt as betAttempts, playerRegion } from '../shared/regions';
import { diceActions } from './actions';
import { diceActors } from './actors';
import { DICE_NO_RESPONSE_MESSAGE, initialContext, placedBet, placedCurrency } from './context';
import type { DiceContext, DiceInput } from './context';
import type { DiceEvent } from './events';
import { diceGuards } from './guards';
import type { DiceBetRequest } from './wire';

export { DICE_NO_RESPONSE_MESSAGE, amountInCoins, betChance, diceCheck, typedAmount } from './context';
export type { DiceContext, DiceInput, DiceResult } from './context';
export type { DiceEvent } from './events';
export type { DiceBetRequest, DiceBetResponse } from './wire';

/** docs/product.md §4: changing the chance resets the ring to the primary colour and clears the result. */
const chanceChanged = {
  'user.typeChance': { target: '#dice.round.idle', actions: 'clearOutcome' },
  'user.typeMultiplier': { target: '#dice.round.idle', actions: 'clearOutcome' },
  'user.slideChance': { target: '#dice.round.idle', actions: 'clearOutcome' },
} as const;

/** Pressing Bet (docs/product.md §5 order); after a refusal, a failure or a round it is the same here. */
const { first: betAttempt } = betAttempts('dice');
/** Start autobet, and each bet of a run (machines/autobet/gameKit.ts). */
const autoAttempt = autobetRoundTransitions('dice', DICE_NO_RESPONSE_MESSAGE);

export const diceMachine = setup({
  types: {
    context: {} as DiceContext,
    events: {} as DiceEvent,
    input: {} as DiceInput,
  },
  actors: diceActors,
  delays: {
    /** docs/product.md §5/§9: typed chance and multiplier are clamped after 2 s without input. */
    inputDebounce: DICE_INPUT_DEBOUNCE_MS,
  },
  actions: diceActions,
  guards: diceGuards,
}).createMachine({
  id: 'dice',
  context: initialContext,
  type: 'parallel',
  states: {
    // The form's fields. (A parallel root's own `on` only runs when no region takes the event, so
    // the fields live in this region.)
    form: {
      initial: 'settled',
      on: {
        ...amountTransitions,
        'user.slideChance': { target: '.settled', actions: { type: 'storeSlider', params: ({ event }) => ({ chance: event.chance }) } },
        'user.toggleTarget': { actions: 'toggleTarget' },
      },
      states: {
        settled: {
          description:
            'The fields show what a bet will use: amount as typed, win chance and multiplier (placeholders 49.5 and 2 when empty), under or over.',
          on: {
            'user.typeChance': { target: 'awaitingClamp', actions: { type: 'storeChanceText', params: ({ event }) => ({ text: event.text }) } },
            'user.typeMultiplier': {
              target: 'awaitingClamp',
              actions: { type: 'storeMultiplierText', params: ({ event }) => ({ text: event.text }) },
            },
          },
        },
        awaitingClamp: {
          description:
            'The player is typing a chance or multiplier: the other field follows at once, and the typed one is clamped (chance 0.01 to 98, multiplier 1.0102 to 9900) after 2 s without input. A bet meanwhile uses the clamped odds.',
          on: {
            // Typing again restarts the 2 s wait.
            'user.typeChance': {
              target: 'awaitingClamp',
              reenter: true,
              actions: { type: 'storeChanceText', params: ({ event }) => ({ text: event.text }) },
            },
            'user.typeMultiplier': {
              target: 'awaitingClamp',
              reenter: true,
              actions: { type: 'storeMultiplierText', params: ({ event }) => ({ text: event.text }) },
            },
          },
          after: { inputDebounce: { target: 'settled', actions: 'showClampedOdds' } },
        },
      },
    },
    player: playerRegion(),
    mode: modeRegion(),
    limits: limitsRegion({
      game: 'dice',
      loading: "The selected currency's dice limits (min bet, max bet, max payout) are being fetched.",
      known: 'The limits of the selected currency are known: the max payout shows and bets can be checked.',
    }),
    round: {
      initial: 'idle',
      states: {
        idle: {
          description: 'No result on screen; the ring has the primary colour.',
          on: { ...betAttempt, ...autoAttempt },
        },
        placing: {
          description: 'A bet is in flight; another bet is blocked until it settles.',
          tags: ['busy'],
          entry: 'rememberPlacedBet',
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => context.placed as DiceBetRequest,
            onDone: [
              {
                guard: { type: 'answered', params: ({ event }) => ({ outcome: event.output }) },
                target: 'roundOver',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ response: answerOf(event.output) }) },
                  { type: 'reportBalance', params: ({ context, event }) => ({ currency: placedCurrency(context), balance: answerOf(event.output).balance }) },
                  { type: 'reportBet', params: ({ context, event }) => ({ bet: placedBet(context, answerOf(event.output)) }) },
                  { type: 'tellAutobet', params: ({ event }) => autobetSettled(answerOf(event.output).bet.wager, answerOf(event.output).bet.payout) },
                ],
              },
              { target: 'failed', actions: [{ type: 'storeFailure', params: ({ event }) => ({ outcome: event.output }) }, 'tellAutobetRefusal'] },
            ],
            // The adapter turns every failure into an outcome; a rejection is a fault with no answer.
            onError: {
              target: 'failed',
              actions: [{ type: 'storeFailure', params: { outcome: { kind: 'unanswered' } } }, { type: 'tellAutobet', params: autobetRefused(DICE_NO_RESPONSE_MESSAGE) }],
            },
          },
        },
        refused: {
          description: 'A check of docs/product.md §5 refused the bet; its message is shown and nothing was sent.',
          tags: ['message'],
          on: {
            ...betAttempt,
            ...autoAttempt,
            ...chanceChanged,
            // A new amount clears the refusal (the form region stores the amount itself).
            'user.typeAmount': { target: 'idle', actions: 'clearOutcome' },
            'user.halveAmount': { guard: 'limitsKnown', target: 'idle', actions: 'clearOutcome' },
            'user.doubleAmount': { guard: 'limitsKnown', target: 'idle', actions: 'clearOutcome' },
          },
        },
        failed: {
          description: "The server refused the bet or did not answer; its error, or 'error placing bet, please try again.', is shown.",
          tags: ['message'],
          on: { ...betAttempt, ...autoAttempt, ...chanceChanged },
        },
        roundOver: {
          description: 'The roll is shown.',
          tags: ['result'],
          initial: 'deciding',
          on: { ...betAttempt, ...autoAttempt, ...chanceChanged },
          states: {
            deciding: {
              description: 'Compares the payout with the wager (docs/product.md §4).',
              always: [{ guard: 'betWon', target: 'won' }, { target: 'lost' }],
            },
            won: { description: 'The ring is green: the payout is at least the wager.', tags: ['won'] },
            lost: { description: 'The ring is red: the payout is below the wager.', tags: ['lost'] },
          },
        },
      },
    },
  },
});

function answerOf<T>(outcome: { kind: string; answer?: T }): T {
  return outcome.answer as T;
}
