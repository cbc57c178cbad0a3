/**
 * Blackjack screen (SPEC §2 Blackjack, §4 Blackjack, §5 bet checks, §8, §9). One actor per visit of
 * /blackjack. The round is the server's: the machine shows the wire game it receives, enables an
 * action exactly when the rules allow it, and plays the dealer's reveal before the result counts.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.bet
 *   user.stand · user.hit · user.double · user.split    (the active hand is the game's)
 *   auth.loggedIn · auth.loggedOut                     (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate}}  (from the provider, following the wallet
 *     actor: the selected currency, its balance, and the dollar rate only while Display FIAT is on)
 * Sends (effect actions; the defaults deliver through the actor system, tests provide fakes)
 *   openLogin                          → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   reportBalance {currency, balance}  → wallet:   game.balanceUpdated
 *   switchCurrency {currency}          → wallet:   game.switchCurrency   (a restored round's currency)
 *   announceRound {betId}              → betsFeed: game.animationOver    (the player's own round may
 *                                                  now appear in the live table)
 *   logActionError {action, error}     stand/hit/double/split failures are only logged (SPEC §8)
 * Actors src/app provides
 *   loadLimits:      fromPromise<BetLimits, LimitsRequest>                GET /casino/get-limits?game=blackjack
 *   loadActiveGame:  fromPromise<BlackjackAnswer>                        GET /blackjack/get-active-game
 *   placeBet:        fromPromise<BlackjackAnswer, BlackjackBetRequest>   POST /blackjack/bet; a 4xx rejects
 *                    with the server's body ({errorMessage}) or ofetch's FetchError (body in `data`)
 *   act:             fromPromise<BlackjackAnswer, BlackjackActionRequest> POST /blackjack/{action}
 */
import { assign, enqueueActions, fromPromise, sendTo, setup, stateIn } from 'xstate';
import { isBettableCurrency } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import {
  allowedWireActions,
  BLACKJACK_DEALER_CARD_REVEAL_MS,
  BLACKJACK_DEALER_PAUSE_MS,
  BLACKJACK_ERROR_CLEAR_MS,
  BLACKJACK_HOLE_CARD_REVEAL_MS,
} from '../../src/core/games/blackjack';
import type { BlackjackAction, WireBlackjackGame } from '../../src/core/games/blackjack';
import { playerRegion } from '../shared/regions';
import { amountInCoins, doubledAmountText, halvedAmountText, singleBetCheck, typedAmount } from '../shared/betAmount';
import type { GameWallet } from '../shared/events';
import { effectAction } from '../shared/effects';
import { animationOver, balanceUpdated, currencySwitched, loginModal } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

/** SPEC §8: a blackjack bet that got no response. */
export const BLACKJACK_NETWORK_ERROR = 'An error occurred while placing the bet.';

export interface LimitsRequest {
  game: 'blackjack';
  currency: string;
}

export interface BlackjackBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  currency: string;
}

export interface BlackjackActionRequest {
  action: BlackjackAction;
  activeHand: 0 | 1;
}

/** What every /blackjack call answers (docs/api.md). */
export interface BlackjackAnswer {
  success: boolean;
  game: WireBlackjackGame | null;
  errorMessage?: string | null;
  /** Balance in the round's currency after the call. */
  balance?: number;
  /** Set when the round ended with this call: the row the live table holds back until the reveal is over. */
  bet?: { id: number | string } | null;
}

export interface BlackjackInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface BlackjackContext {
  amountText: string;
  wallet: GameWallet;
  limits: BetLimits | null;
  /** The round as the server last sent it (hole card hidden until GameOver). */
  game: WireBlackjackGame | null;
  /** How many dealer cards the table shows face up while the reveal runs (the up card is 1). */
  dealerCardsShown: number;
  /** From the answer that ended the round, reported once the reveal is over. */
  finalBalance: number | null;
  betId: number | string | null;
  /** The refusal or failure under the Bet button (3 s). */
  message: string | null;
  startSignedIn: boolean;
}

export type BlackjackEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.bet' }
  | { type: 'user.stand' }
  | { type: 'user.hit' }
  | { type: 'user.double' }
  | { type: 'user.split' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' };

export { amountInCoins, typedAmount };

const DEFAULT_WALLET: GameWallet = { currency: 'BTC', balance: 0, fiatRate: null };

/** SPEC §5 checks for a signed-in player: the shared single-amount check of the games. */
export const blackjackCheck = (context: BlackjackContext): BetCheckResult | null => singleBetCheck('blackjack', context);

/** The server's words when it answered (SPEC §8 errorMessage), else the network message. */
export function betFailureMessage(error: unknown): string {
  const fields = (value: unknown): string | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    for (const key of ['errorMessage', 'error']) {
      const text = record[key];
      if (typeof text === 'string' && text !== '') return text;
    }
    return null;
  };
  const body = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  return fields(body) ?? fields(error) ?? BLACKJACK_NETWORK_ERROR;
}

const answeredGame = (answer: BlackjackAnswer): answer is BlackjackAnswer & { game: WireBlackjackGame } =>
  answer.success && answer.game !== null && answer.game !== undefined;

/** user.bet at the empty table: SPEC §5 order, check 1 first. */
const betAttempt = {
  'user.bet': [
    { guard: 'isVisitor', actions: 'openLogin' },
    { guard: 'isRefused', target: '#blackjack.round.showingMessage', actions: 'storeRefusal' },
    { guard: 'isAccepted', target: '#blackjack.round.placing' },
  ],
} as const;

/** user.bet after a round or a message: only a player gets there (logout empties the table). */
const nextBetAttempt = {
  'user.bet': [
    { guard: 'isRefused', target: '#blackjack.round.showingMessage', actions: 'storeRefusal' },
    { guard: 'isAccepted', target: '#blackjack.round.placing' },
  ],
} as const;

/** A changed currency needs its own limits; the same currency only updates the balance or display. */
const walletChangedInLimits = {
  'wallet.changed': [{
    guard: { type: 'isNewUnbettableCurrency', params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) },
    target: '#blackjack.limits.notBettable',
    actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) }],
  }, {
    guard: { type: 'isNewCurrency', params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) },
    target: '#blackjack.limits.loading',
    reenter: true,
    actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) }],
  }],
} as const;

type AnswerEvent = { event: { output: BlackjackAnswer } };
const gameOf = ({ event }: AnswerEvent) => ({ game: event.output.game! });
const balanceOf = ({ event }: AnswerEvent) => ({ currency: event.output.game!.currency, balance: event.output.balance ?? 0 });
const answerOf = ({ event }: AnswerEvent) => ({ answer: event.output });

/**
 * One action on its way (its own state per action, so a designer sees which). Double and split take
 * a stake, so their answer in play reports the balance; an ended round goes to the reveal; a refusal
 * or failure is only logged (SPEC §8) and the player chooses again.
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
          guard: { type: 'answeredInPlay', params: answerOf },
          target: '#blackjack.round.playerTurn.choosingAction',
          actions: [{ type: 'storeGame', params: gameOf }, ...(takesStake ? [{ type: 'reportBalance' as const, params: balanceOf }] : [])],
        },
        {
          guard: { type: 'answeredGameOver', params: answerOf },
          target: '#blackjack.round.revealing',
          actions: { type: 'storeFinalAnswer', params: answerOf },
        },
        {
          target: '#blackjack.round.playerTurn.choosingAction',
          actions: { type: 'logActionError', params: ({ event }: AnswerEvent) => ({ action, error: event.output }) },
        },
      ],
      onError: {
        target: '#blackjack.round.playerTurn.choosingAction',
        actions: { type: 'logActionError', params: ({ event }: { event: { error: unknown } }) => ({ action, error: event.error }) },
      },
    },
  } as const;
}

export const blackjackMachine = setup({
  types: {
    context: {} as BlackjackContext,
    events: {} as BlackjackEvent,
    input: {} as BlackjackInput,
  },
  actors: {
    loadLimits: fromPromise<BetLimits, LimitsRequest>(async () => {
      throw new Error('loadLimits is provided by src/app');
    }),
    loadActiveGame: fromPromise<BlackjackAnswer>(async () => {
      throw new Error('loadActiveGame is provided by src/app');
    }),
    placeBet: fromPromise<BlackjackAnswer, BlackjackBetRequest>(async () => {
      throw new Error('placeBet is provided by src/app');
    }),
    act: fromPromise<BlackjackAnswer, BlackjackActionRequest>(async () => {
      throw new Error('act is provided by src/app');
    }),
  },
  delays: {
    /** SPEC §9: the dealer's hole card turns over. */
    holeCardReveal: BLACKJACK_HOLE_CARD_REVEAL_MS,
    /** SPEC §9: the dealer pauses before drawing each further card. */
    dealerPause: BLACKJACK_DEALER_PAUSE_MS,
    /** SPEC §9: a further dealer card comes in. */
    dealerCardReveal: BLACKJACK_DEALER_CARD_REVEAL_MS,
    /** SPEC §8: a refused or failed bet's message shows for 3 s. */
    messageClear: BLACKJACK_ERROR_CLEAR_MS,
  },
  actions: {
    storeAmount: assign({ amountText: (_, params: { text: string }) => params.text }),
    halveAmount: assign({ amountText: ({ context }) => halvedAmountText(context) }),
    doubleAmount: assign({ amountText: ({ context }) => doubledAmountText(context) }),
    storeWallet: assign({ wallet: (_, params: { wallet: GameWallet }) => params.wallet }),
    forgetLimits: assign({ limits: null }),
    storeLimits: assign({ limits: (_, params: { limits: BetLimits }) => params.limits }),
    storeRefusal: assign({
      message: ({ context }) => {
        const check = blackjackCheck(context);
        return check?.kind === 'invalid' ? check.message : null;
      },
    }),
    storeFailure: assign({ message: (_, params: { message: string }) => params.message }),
    clearMessage: assign({ message: null }),
    /** A new round replaces the last one; the reveal counters start over. */
    startRound: assign({ message: null, finalBalance: null, betId: null }),
    storeGame: assign({ game: (_, params: { game: WireBlackjackGame }) => params.game }),
    /** The answer that ended the round: its game, and what to report once the reveal is over. */
    storeFinalAnswer: assign((_, params: { answer: BlackjackAnswer }) => ({
      game: params.answer.game ?? null,
      finalBalance: params.answer.balance ?? null,
      betId: params.answer.bet?.id ?? null,
      dealerCardsShown: 1,
    })),
    showHoleCard: assign({ dealerCardsShown: 2 }),
    showNextDealerCard: assign({ dealerCardsShown: ({ context }) => context.dealerCardsShown + 1 }),
    clearRound: assign({ game: null, finalBalance: null, betId: null, dealerCardsShown: 1 }),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    reportBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceUpdated),
    switchCurrency: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), currencySwitched),
    announceRound: sendTo(({ system }) => system.get(SYSTEM_IDS.betsFeed), animationOver),
    /** SPEC §8: stand, hit, double and split errors are logged, nothing more. */
    logActionError: effectAction<{ action: BlackjackAction; error: unknown }>('logActionError'),
  },
  guards: {
    currencyNotBettable: ({ context }) => !isBettableCurrency(context.wallet.currency),
    isNewUnbettableCurrency: ({ context }, params: { wallet: GameWallet }) =>
      params.wallet.currency !== context.wallet.currency && !isBettableCurrency(params.wallet.currency),
    isVisitor: stateIn('#blackjack.player.visitor'),
    limitsKnown: stateIn('#blackjack.limits.known'),
    startsSignedIn: ({ context }) => context.startSignedIn,
    isRefused: ({ context }) => blackjackCheck(context)?.kind === 'invalid',
    isAccepted: ({ context }) => blackjackCheck(context)?.kind === 'ok',
    isNewCurrency: ({ context }, params: { wallet: GameWallet }) => params.wallet.currency !== context.wallet.currency,
    canAct: ({ context }, params: { action: BlackjackAction }) => context.game !== null && allowedWireActions(context.game).includes(params.action),
    answeredInPlay: (_, params: { answer: BlackjackAnswer }) => answeredGame(params.answer) && params.answer.game.gameState === 'PlayerTurn',
    answeredGameOver: (_, params: { answer: BlackjackAnswer }) => answeredGame(params.answer) && params.answer.game.gameState === 'GameOver',
    /** The dealer drew beyond its two cards (it does when a hand of the player still stands). */
    dealerDrew: ({ context }) => context.game !== null && context.game.dealerHand.length > 2,
    dealerHasMoreCards: ({ context }) => context.game !== null && context.dealerCardsShown < context.game.dealerHand.length,
  },
}).createMachine({
  id: 'blackjack',
  context: ({ input }) => ({
    amountText: '',
    wallet: input.wallet ?? DEFAULT_WALLET,
    limits: null,
    game: null,
    dealerCardsShown: 1,
    finalBalance: null,
    betId: null,
    message: null,
    startSignedIn: input.signedIn ?? false,
  }),
  type: 'parallel',
  on: {
    // No region takes these, so the root's own transitions apply in every state.
    'user.typeAmount': { actions: { type: 'storeAmount', params: ({ event }) => ({ text: event.text }) } },
    // Half and double are bounded by minBet and maxBet (SPEC §5), so they wait for the limits.
    'user.halveAmount': { guard: 'limitsKnown', actions: 'halveAmount' },
    'user.doubleAmount': { guard: 'limitsKnown', actions: 'doubleAmount' },
  },
  states: {
    player: playerRegion(),
    limits: {
      initial: 'choosing',
      on: {
        'wallet.changed': { actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) } },
      },
      states: {
        choosing: {
          description: 'ACC has no limits to fetch; any other currency starts by fetching them.',
          always: [{ guard: 'currencyNotBettable', target: 'notBettable' }, { target: 'loading' }],
        },
        loading: {
          description: "The selected currency's blackjack limits (min bet, max bet) are being fetched.",
          on: { ...walletChangedInLimits },
          invoke: {
            id: 'loadLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ game: 'blackjack' as const, currency: context.wallet.currency }),
            onDone: { target: 'known', actions: { type: 'storeLimits', params: ({ event }) => ({ limits: event.output }) } },
            onError: 'unavailable',
          },
        },
        known: {
          description: 'The limits of the selected currency are known, so a bet can be checked.',
          tags: ['limitsKnown'],
          on: { ...walletChangedInLimits },
        },
        notBettable: {
          description: "The selected currency cannot be bet (ACC): its limits are not asked for, the max payout shows a dash and Bet shows 'ACC betting not available at this time' (SPEC §5 check 2).",
          tags: ['notBettable'],
          on: { 'wallet.changed': walletChangedInLimits['wallet.changed'][1] },
        },
        unavailable: {
          description: 'The limits could not be fetched; bets wait for them and pressing Bet asks again.',
          on: { ...walletChangedInLimits, 'user.bet': 'loading' },
        },
      },
    },
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
          description: "The player's open round, if any, is being fetched to continue it (SPEC §4: restored on load).",
          tags: ['busy'],
          invoke: {
            id: 'loadActiveGame',
            src: 'loadActiveGame',
            onDone: [
              {
                guard: { type: 'answeredInPlay', params: ({ event }) => ({ answer: event.output }) },
                target: 'playerTurn',
                actions: [
                  { type: 'storeGame', params: ({ event }) => ({ game: event.output.game! }) },
                  { type: 'switchCurrency', params: ({ event }) => ({ currency: event.output.game!.currency }) },
                  {
                    type: 'reportBalance',
                    params: ({ event }) => ({ currency: event.output.game!.currency, balance: event.output.balance ?? 0 }),
                  },
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
                guard: { type: 'answeredInPlay', params: ({ event }) => ({ answer: event.output }) },
                target: 'playerTurn',
                actions: [
                  { type: 'storeGame', params: ({ event }) => ({ game: event.output.game! }) },
                  // The stake left the balance at once.
                  {
                    type: 'reportBalance',
                    params: ({ event }) => ({ currency: event.output.game!.currency, balance: event.output.balance ?? 0 }),
                  },
                ],
              },
              {
                // A blackjack at the deal: straight to the reveal.
                guard: { type: 'answeredGameOver', params: ({ event }) => ({ answer: event.output }) },
                target: 'revealing',
                actions: { type: 'storeFinalAnswer', params: ({ event }) => ({ answer: event.output }) },
              },
              {
                target: 'showingMessage',
                actions: { type: 'storeFailure', params: ({ event }) => ({ message: betFailureMessage(event.output) }) },
              },
            ],
            onError: {
              target: 'showingMessage',
              actions: { type: 'storeFailure', params: ({ event }) => ({ message: betFailureMessage(event.error) }) },
            },
          },
        },
        showingMessage: {
          description:
            "A check of SPEC §5 refused the bet, or the server refused it (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the message shows for 3 s.",
          tags: ['message'],
          on: { ...nextBetAttempt },
          after: { messageClear: { target: 'idle', actions: 'clearMessage' } },
        },
        playerTurn: {
          description: "The player's cards and the dealer's up card are on the table; the hole card is face down.",
          tags: ['playerTurn'],
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
                  { target: '#blackjack.round.gameOver', actions: 'showHoleCard' },
                ],
              },
            },
            dealerPausing: {
              description: 'The dealer pauses before drawing the next card (500 ms).',
              after: { dealerPause: { target: 'dealingCard', actions: 'showNextDealerCard' } },
            },
            dealingCard: {
              description: "A further dealer card comes in (150 ms); the dealer draws to 17 or more.",
              after: {
                dealerCardReveal: [{ guard: 'dealerHasMoreCards', target: 'dealerPausing' }, { target: '#blackjack.round.gameOver' }],
              },
            },
          },
        },
        gameOver: {
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
