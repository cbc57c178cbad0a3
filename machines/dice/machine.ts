/**
 * Dice screen (SPEC §2 Dice, §4 Dice, §5 bet checks and Dice rules, §8). One actor per visit of /dice.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.typeChance {text}
 *   user.typeMultiplier {text} · user.slideChance {chance} · user.toggleTarget · user.bet
 *   auth.loggedIn · auth.loggedOut                       (from the auth actor, or the provider)
 *   wallet.changed {currency, balance, fiatRate}          (from the provider, which follows the wallet
 *     actor: the selected currency, its balance, and the dollar rate only while Display FIAT is on)
 * Sends (effect actions; the defaults deliver through the actor system, tests provide fakes)
 *   openLogin                 → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   reportBalance {currency, balance} → wallet: game.balanceUpdated
 *   reportBet {bet}           → betsFeed: game.betPlaced
 * Actors src/app provides
 *   loadLimits: fromPromise<BetLimits, LimitsRequest>       GET /casino/get-limits?game=dice&currency=SYM → data.limit
 *   placeBet:   fromPromise<DiceBetResponse, DiceBetRequest> POST /dice/bet; rejects with the server's body
 *               ({error}) or ofetch's FetchError (body in `data`) when it answered, anything else = no response
 *
 * The machine never computes money itself: the checks, half/double, the odds and the profit are the
 * shared src/core functions, so the browser refuses a bet with the server's words.
 */
import { assign, fromPromise, sendTo, setup, stateIn } from 'xstate';
import { checkBet, isBettableCurrency } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import {
  clampChanceSlider,
  linkFromChance,
  linkFromMultiplier,
  PLACEHOLDER_CHANCE,
  DICE_INPUT_DEBOUNCE_MS,
} from '../../src/core/games/dice';
import type { DiceTarget } from '../../src/core/games/dice';
import { serverMessage } from '../shared/events';
import type { AuthEvent, PlacedBet } from '../shared/events';
import { betPlaced, balanceUpdated, loginModal } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';
import { playerRegion } from '../shared/regions';
import { amountInCoins, doubledAmountText, halvedAmountText, notBettableRefusal, typedAmount } from '../shared/betAmount';
import type { GameWallet } from '../shared/events';

/** SPEC §8: a dice bet that got no response. */
export const DICE_NO_RESPONSE_MESSAGE = 'error placing bet, please try again.';

export interface LimitsRequest {
  game: 'dice';
  currency: string;
}

export interface DiceBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  currency: string;
  chance: number;
  target: DiceTarget;
}

export interface DiceBetResponse {
  balance: number;
  bet: { id: string; roll: number; wager: number; payout: number; multiplier?: number; nonce?: number };
}

export interface DiceResult {
  roll: number;
  wager: number;
  payout: number;
  currency: string;
}

export interface DiceInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface DiceContext {
  /** The amount field exactly as typed (coins, or dollars in fiat display). */
  amountText: string;
  /** The win-chance and multiplier fields as shown; '' shows the placeholders 49.5 and 2. */
  chanceText: string;
  multiplierText: string;
  /** The odds a bet uses now: already clamped and linked, even while the fields still show the raw entry. */
  chance: number | null;
  target: DiceTarget;
  wallet: GameWallet;
  /** Limits of the selected currency, null until loaded. */
  limits: BetLimits | null;
  /** The bet in flight or the last one sent. */
  placed: DiceBetRequest | null;
  result: DiceResult | null;
  /** The refusal or failure shown under the Bet button. */
  message: string | null;
  startSignedIn: boolean;
}

export type DiceEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.typeChance'; text: string }
  | { type: 'user.typeMultiplier'; text: string }
  | { type: 'user.slideChance'; chance: number }
  | { type: 'user.toggleTarget' }
  | { type: 'user.bet' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | AuthEvent;

export { amountInCoins, typedAmount };

const DEFAULT_WALLET: GameWallet = { currency: 'BTC', balance: 0, fiatRate: null };

/** Number typed in a chance or multiplier field: null when empty, NaN when unreadable. */
function readField(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

export const betChance = (context: Pick<DiceContext, 'chance'>): number => context.chance ?? PLACEHOLDER_CHANCE;

/** SPEC §5 checks 2-6 for a signed-in player (check 1 is the `player` region); null while limits are unknown. */
export function diceCheck(context: DiceContext): BetCheckResult | null {
  const refusal = notBettableRefusal(context.wallet.currency);
  if (refusal) return refusal;
  if (!context.limits) return null;
  const { wallet } = context;
  return checkBet({
    game: 'dice',
    loggedIn: true,
    currency: wallet.currency,
    amount: typedAmount(context.amountText, wallet.fiatRate),
    balance: wallet.balance,
    limits: context.limits,
    chance: betChance(context),
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
  });
}

function oddsFromChanceText(text: string): Pick<DiceContext, 'chance' | 'multiplierText'> {
  const value = readField(text);
  if (value === null) return { chance: null, multiplierText: '' };
  const odds = linkFromChance(value);
  return { chance: odds.chance, multiplierText: String(odds.multiplier) };
}

function oddsFromMultiplierText(text: string): Pick<DiceContext, 'chance' | 'chanceText'> {
  const value = readField(text);
  if (value === null) return { chance: null, chanceText: '' };
  const odds = linkFromMultiplier(value);
  return { chance: odds.chance, chanceText: String(odds.chance) };
}

/** user.bet in every state where no bet is in flight: SPEC §5 order, check 1 first. */
const betAttempt = {
  'user.bet': [
    { guard: 'isVisitor', actions: 'openLogin' },
    { guard: 'isRefused', target: '#dice.bet.refused', actions: 'storeRefusal' },
    { guard: 'isAccepted', target: '#dice.bet.placing' },
  ],
} as const;

const placedCurrency = (context: DiceContext): string => context.placed?.currency ?? context.wallet.currency;

/** The row the bets feed shows for the player's own bet, before (or without) the hub's echo. */
function placedBet(context: DiceContext, response: DiceBetResponse): PlacedBet {
  const { bet } = response;
  return {
    id: bet.id,
    gameName: 'Dice',
    wager: bet.wager,
    currency: placedCurrency(context),
    // The table's multiplier is what the bet returned (SPEC §2: green at 1 or more), as for blackjack.
    multiplier: bet.wager > 0 ? Math.round((bet.payout / bet.wager) * 10_000) / 10_000 : 0,
    payout: bet.payout,
  };
}

/** SPEC §4: changing the chance resets the ring to the primary colour and clears the result. */
const chanceChanged = {
  'user.typeChance': { target: '#dice.bet.idle', actions: 'clearOutcome' },
  'user.typeMultiplier': { target: '#dice.bet.idle', actions: 'clearOutcome' },
  'user.slideChance': { target: '#dice.bet.idle', actions: 'clearOutcome' },
} as const;

export const diceMachine = setup({
  types: {
    context: {} as DiceContext,
    events: {} as DiceEvent,
    input: {} as DiceInput,
  },
  actors: {
    loadLimits: fromPromise<BetLimits, LimitsRequest>(async () => {
      throw new Error('loadLimits is provided by src/app');
    }),
    placeBet: fromPromise<DiceBetResponse, DiceBetRequest>(async () => {
      throw new Error('placeBet is provided by src/app');
    }),
  },
  delays: {
    /** SPEC §5/§9: typed chance and multiplier are clamped after 2 s without input. */
    inputDebounce: DICE_INPUT_DEBOUNCE_MS,
  },
  actions: {
    storeAmount: assign({ amountText: (_, params: { text: string }) => params.text }),
    halveAmount: assign({ amountText: ({ context }) => halvedAmountText(context) }),
    doubleAmount: assign({ amountText: ({ context }) => doubledAmountText(context) }),
    storeChanceText: assign((_, params: { text: string }) => ({ chanceText: params.text, ...oddsFromChanceText(params.text) })),
    storeMultiplierText: assign((_, params: { text: string }) => ({ multiplierText: params.text, ...oddsFromMultiplierText(params.text) })),
    storeSlider: assign((_, params: { chance: number }) => {
      const odds = linkFromChance(clampChanceSlider(params.chance));
      return { chance: odds.chance, chanceText: String(odds.chance), multiplierText: String(odds.multiplier) };
    }),
    /** The fields catch up with the odds the bet already uses: the clamped chance and what it pays. */
    showClampedOdds: assign(({ context }) => {
      if (context.chance === null) return { chanceText: '', multiplierText: '' };
      const odds = linkFromChance(context.chance);
      return { chanceText: String(odds.chance), multiplierText: String(odds.multiplier) };
    }),
    toggleTarget: assign({ target: ({ context }) => (context.target === 'under' ? 'over' : 'under') }),
    storeWallet: assign({ wallet: (_, params: { wallet: GameWallet }) => params.wallet }),
    forgetLimits: assign({ limits: null }),
    storeLimits: assign({ limits: (_, params: { limits: BetLimits }) => params.limits }),
    storeRefusal: assign({
      message: ({ context }) => {
        const check = diceCheck(context);
        return check?.kind === 'invalid' ? check.message : null;
      },
    }),
    rememberPlacedBet: assign({
      placed: ({ context }) => ({
        betAmount: amountInCoins(context.amountText, context.wallet.fiatRate),
        currency: context.wallet.currency,
        chance: betChance(context),
        target: context.target,
      }),
      message: null,
    }),
    storeResult: assign({
      result: ({ context }, params: { response: DiceBetResponse }) => ({
        roll: params.response.bet.roll,
        wager: params.response.bet.wager,
        payout: params.response.bet.payout,
        currency: placedCurrency(context),
      }),
    }),
    storeFailure: assign({ message: (_, params: { error: unknown }) => serverMessage(params.error, DICE_NO_RESPONSE_MESSAGE) }),
    clearOutcome: assign({ result: null, message: null }),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    reportBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceUpdated),
    reportBet: sendTo(({ system }) => system.get(SYSTEM_IDS.betsFeed), betPlaced),
  },
  guards: {
    currencyNotBettable: ({ context }) => !isBettableCurrency(context.wallet.currency),
    isNewUnbettableCurrency: ({ context }, params: { wallet: GameWallet }) =>
      params.wallet.currency !== context.wallet.currency && !isBettableCurrency(params.wallet.currency),
    isVisitor: stateIn('#dice.player.visitor'),
    limitsKnown: stateIn('#dice.limits.known'),
    isRefused: ({ context }) => diceCheck(context)?.kind === 'invalid',
    isAccepted: ({ context }) => diceCheck(context)?.kind === 'ok',
    isNewCurrency: ({ context }, params: { wallet: GameWallet }) => params.wallet.currency !== context.wallet.currency,
    startsSignedIn: ({ context }) => context.startSignedIn,
    betWon: (_, params: { response: DiceBetResponse }) => params.response.bet.payout >= params.response.bet.wager,
  },
}).createMachine({
  id: 'dice',
  context: ({ input }) => ({
    amountText: '',
    chanceText: '',
    multiplierText: '',
    chance: null,
    target: 'under',
    wallet: input.wallet ?? DEFAULT_WALLET,
    limits: null,
    placed: null,
    result: null,
    message: null,
    startSignedIn: input.signedIn ?? false,
  }),
  type: 'parallel',
  states: {
    // The form's fields. (A parallel root's own `on` only runs when no region takes the event, so
    // the fields live in this region.)
    form: {
      initial: 'settled',
      on: {
        'user.typeAmount': { actions: { type: 'storeAmount', params: ({ event }) => ({ text: event.text }) } },
        // Half and double are bounded by minBet and maxBet (SPEC §5), so they wait for the limits.
        'user.halveAmount': { guard: 'limitsKnown', actions: 'halveAmount' },
        'user.doubleAmount': { guard: 'limitsKnown', actions: 'doubleAmount' },
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
    limits: {
      initial: 'choosing',
      on: {
        // Same currency: a new balance or display; the limits stay (states below handle a new currency).
        'wallet.changed': { actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) } },
      },
      states: {
        choosing: {
          description: 'ACC has no limits to fetch; any other currency starts by fetching them.',
          always: [{ guard: 'currencyNotBettable', target: 'notBettable' }, { target: 'loading' }],
        },
        loading: {
          description: "The selected currency's dice limits (min bet, max bet, max payout) are being fetched.",
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              reenter: true,
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }],
          },
          invoke: {
            id: 'loadLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ game: 'dice' as const, currency: context.wallet.currency }),
            onDone: { target: 'known', actions: { type: 'storeLimits', params: ({ event }) => ({ limits: event.output }) } },
            onError: 'unavailable',
          },
        },
        known: {
          description: 'The limits of the selected currency are known: the max payout shows and bets can be checked.',
          tags: ['limitsKnown'],
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }],
          },
        },
        notBettable: {
          description: "The selected currency cannot be bet (ACC): its limits are not asked for, the max payout shows a dash and Bet shows 'ACC betting not available at this time' (SPEC §5 check 2).",
          tags: ['notBettable'],
          on: {
            'wallet.changed': {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            },
          },
        },
        unavailable: {
          description: 'The limits could not be fetched; bets wait for them and pressing Bet asks again.',
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              actions: ['forgetLimits', { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) }],
            }],
            'user.bet': 'loading',
          },
        },
      },
    },
    bet: {
      initial: 'idle',
      states: {
        idle: {
          description: 'No result on screen; the ring has the primary colour.',
          on: { ...betAttempt },
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
                guard: { type: 'betWon', params: ({ event }) => ({ response: event.output }) },
                target: 'won',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ response: event.output }) },
                  { type: 'reportBalance', params: ({ context, event }) => ({ currency: placedCurrency(context), balance: event.output.balance }) },
                  { type: 'reportBet', params: ({ context, event }) => ({ bet: placedBet(context, event.output) }) },
                ],
              },
              {
                target: 'lost',
                actions: [
                  { type: 'storeResult', params: ({ event }) => ({ response: event.output }) },
                  { type: 'reportBalance', params: ({ context, event }) => ({ currency: placedCurrency(context), balance: event.output.balance }) },
                  { type: 'reportBet', params: ({ context, event }) => ({ bet: placedBet(context, event.output) }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        won: {
          description: 'The roll is shown and the ring is green: the payout is at least the wager.',
          tags: ['result', 'won'],
          on: { ...betAttempt, ...chanceChanged },
        },
        lost: {
          description: 'The roll is shown and the ring is red: the payout is below the wager.',
          tags: ['result', 'lost'],
          on: { ...betAttempt, ...chanceChanged },
        },
        refused: {
          description: 'A check of SPEC §5 refused the bet; its message is shown and nothing was sent.',
          tags: ['message'],
          on: {
            ...betAttempt,
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
          on: { ...betAttempt, ...chanceChanged },
        },
      },
    },
  },
});
