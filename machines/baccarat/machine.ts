/**
 * Baccarat screen (SPEC §2 Baccarat, §4 Baccarat, §5 Baccarat checks, §8, §9). One actor per visit of /baccarat.
 *
 * Receives
 *   user.selectChip {value} · user.placeChip {area} · user.clear · user.bet · user.closeWinPopup
 *   auth.loggedIn · auth.loggedOut                       (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate, exchangeRate}} (from the provider, which follows
 *     the wallet actor: the selected currency, its balance, the dollar rate only while Display FIAT is
 *     on (fiatRate), and the dollar rate always (exchangeRate, for the chip values))
 * Sends (effect actions; the defaults deliver through the actor system, tests provide fakes)
 *   openLogin                          → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   adjustBalance {currency, delta}    → wallet:   game.balanceAdjusted (the stake held at once, refunded on failure)
 *   reportBalance {currency, balance}  → wallet:   game.balanceUpdated (the server's balance, once the cards are out)
 *   reportBet {bet}                    → betsFeed: game.betPlaced (animationOver false: the feed keeps it hidden)
 *   reportAnimationOver {betId}        → betsFeed: game.animationOver (the player's own round may now show)
 * Actors src/app provides
 *   loadLimits: fromPromise<BetLimits, LimitsRequest>                 GET /casino/get-limits?game=baccarat&currency=SYM → data.limit
 *   placeBet:   fromPromise<BaccaratBetResponse, BaccaratBetRequest>  POST /baccarat/bet; resolves with the body (also one
 *               with success false), or rejects with ofetch's FetchError (body in `data`) or with no answer at all
 *
 * Chips are counted in base units (10^-8 coin), so stacks add up exactly; the checks are the shared
 * src/core ones, so the browser refuses a bet with the server's words. The chip values follow the
 * selected currency (src/core chipLadder over its limits and dollar rate): none until its limits are
 * known, and a new currency takes the chips off the table, since their values were in the old coin.
 */
import { assign, fromPromise, sendTo, setup, stateIn } from 'xstate';
import { BACCARAT_ERROR_CLEAR_MS, BET_MESSAGES, checkBaccaratBetUnits, isBettableCurrency } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import type { BaccaratSide, WireBaccaratGame } from '../../src/core/games/baccarat';
import { chipLadder } from '../../src/core/bets/chips';
import { toUnitsFloor, unitsToNumber } from '../../src/core/money';
import { playerRegion } from '../shared/regions';
import type { GameWallet } from '../shared/events';
import { notBettableRefusal } from '../shared/betAmount';
import { balanceAdjusted, balanceUpdated, loginModal } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

export type BaccaratArea = 'player' | 'tie' | 'banker';
export const BACCARAT_AREAS: readonly BaccaratArea[] = ['player', 'tie', 'banker'];

/** The chip values (base units) for limits in coins and a dollar rate (null when unknown). */
export function chipValuesFor(limits: BetLimits, exchangeRate: number | null): number[] {
  return chipLadder({ minBet: toUnitsFloor(limits.minBet), maxBet: toUnitsFloor(limits.maxBet), exchangeRate }).map(Number);
}

/** SPEC §8: a bet that got no answer, or an answer without a message. */
export const BACCARAT_NETWORK_ERROR = 'An error occurred while placing the bet.';
/** SPEC §9 card animation: a card travels to its hand in 300 ms, then turns face up in 150 ms. */
export const CARD_DEAL_MS = 300;
export const CARD_FLIP_MS = 150;
/** The win popup, like the other games' (DESIGN: popups 3 s). */
export const WIN_POPUP_MS = 3000;

export interface LimitsRequest {
  game: 'baccarat';
  currency: string;
}

/** SPEC §7 body, in coins. */
export interface BaccaratBetRequest {
  playerBetAmount: number;
  tieBetAmount: number;
  bankerBetAmount: number;
  currency: string;
}

export interface BaccaratWireBet {
  id: number | string;
  gameName?: string;
  wager: number;
  currency?: string;
  multiplier: number;
  payout: number;
}

export interface BaccaratBetResponse {
  success: boolean;
  game?: WireBaccaratGame | null;
  balance?: number;
  bet?: BaccaratWireBet | null;
  errorMessage?: string | null;
}

/** What the bets feed receives for the player's own round (SPEC §3 Bet, without the player's name). */
export interface PlacedBaccaratBet {
  id: string;
  gameName: 'Baccarat';
  wager: number;
  currency: string;
  multiplier: number;
  payout: number;
  animationOver: boolean;
}

export type Chips = Readonly<Record<BaccaratArea, readonly number[]>>;

/** The round on its way or on the table. */
export interface PlacedRound {
  request: BaccaratBetRequest;
  /** The stake held from the balance, base units. */
  totalUnits: number;
}

export interface DealtRound {
  game: WireBaccaratGame;
  /** The server's balance after the round, shown once the cards are out. */
  balance: number;
  betId: string;
  /** Cards in the order they are dealt (SPEC §4: player, banker, player, banker, then third cards). */
  order: readonly { side: BaccaratSide; card: number }[];
}

export interface BaccaratInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface BaccaratContext {
  /** The selector's chips, base units, cheapest first; empty until the currency's limits are known. */
  chipValues: readonly number[];
  /** Chip value the next placed chip has, base units; 0 while there are no chips. */
  selectedChip: number;
  /** Each area's stack, bottom first, chip values in base units. */
  chips: Chips;
  wallet: GameWallet;
  limits: BetLimits | null;
  placed: PlacedRound | null;
  round: DealtRound | null;
  /** Cards of `round.order` on the table so far. */
  dealt: number;
  /** The refusal or failure shown under the buttons. */
  message: string | null;
  startSignedIn: boolean;
}

export type BaccaratEvent =
  | { type: 'user.selectChip'; value: number }
  | { type: 'user.placeChip'; area: BaccaratArea }
  | { type: 'user.clear' }
  | { type: 'user.bet' }
  | { type: 'user.closeWinPopup' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn'; user?: { userName: string }; token?: string }
  | { type: 'auth.loggedOut' };

const DEFAULT_WALLET: GameWallet = { currency: 'BTC', balance: 0, fiatRate: null };
const EMPTY_CHIPS: Chips = { player: [], tie: [], banker: [] };

const sum = (stack: readonly number[]): number => stack.reduce((a, b) => a + b, 0);
export const areaUnits = (chips: Chips, area: BaccaratArea): number => sum(chips[area]);
export const totalUnits = (chips: Chips): number => BACCARAT_AREAS.reduce((total, area) => total + areaUnits(chips, area), 0);

/** SPEC §5 Baccarat checks for a signed-in player (login is the `player` region); null while limits are unknown. */
export function baccaratCheck(context: BaccaratContext): BetCheckResult | null {
  const { limits, wallet, chips } = context;
  const refusal = notBettableRefusal(wallet.currency);
  if (refusal) return refusal;
  if (!limits) return null;
  return checkBaccaratBetUnits({
    loggedIn: true,
    currency: wallet.currency,
    balanceUnits: toUnitsFloor(wallet.balance),
    limits: { minBet: toUnitsFloor(limits.minBet), maxBet: toUnitsFloor(limits.maxBet), maxPayout: toUnitsFloor(limits.maxPayout) },
    ...(wallet.fiatRate === null ? {} : { fiatRate: wallet.fiatRate }),
    bets: {
      player: BigInt(areaUnits(chips, 'player')),
      tie: BigInt(areaUnits(chips, 'tie')),
      banker: BigInt(areaUnits(chips, 'banker')),
    },
  });
}

/** SPEC §4: the four first cards alternate, then the player's third card, then the banker's. */
export function dealOrder(game: Pick<WireBaccaratGame, 'playerHand' | 'bankerHand'>): { side: BaccaratSide; card: number }[] {
  const order: { side: BaccaratSide; card: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const player = game.playerHand[i];
    const banker = game.bankerHand[i];
    if (player !== undefined) order.push({ side: 'player', card: player });
    if (banker !== undefined) order.push({ side: 'banker', card: banker });
  }
  return order;
}

/** SPEC §8: the server's errorMessage when it answered, else the network message. */
export function failureMessage(error: unknown): string {
  const fields = (value: unknown): string | null => {
    if (!value || typeof value !== 'object') return null;
    const record = value as Record<string, unknown>;
    for (const key of ['errorMessage', 'message']) {
      const text = record[key];
      if (typeof text === 'string' && text !== '') return text;
    }
    return null;
  };
  // ofetch's FetchError carries the parsed body in `data`; its own `message` is not for people.
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : undefined;
  if (data !== undefined) return fields(data) ?? BACCARAT_NETWORK_ERROR;
  return error instanceof Error ? BACCARAT_NETWORK_ERROR : (fields(error) ?? BACCARAT_NETWORK_ERROR);
}

const isDealt = (response: BaccaratBetResponse): response is BaccaratBetResponse & { game: WireBaccaratGame; bet: BaccaratWireBet; balance: number } =>
  response.success === true && !!response.game && !!response.bet && typeof response.balance === 'number';

const resultUnits = (context: BaccaratContext): number => (context.round ? Number(toUnitsFloor(context.round.game.resultAmount)) : 0);
const stakeUnits = (context: BaccaratContext): number => context.placed?.totalUnits ?? 0;
const placedCurrency = (context: BaccaratContext): string => context.placed?.request.currency ?? context.wallet.currency;

function placedBet(context: BaccaratContext, bet: BaccaratWireBet): PlacedBaccaratBet {
  return {
    id: String(bet.id),
    gameName: 'Baccarat',
    wager: bet.wager,
    currency: placedCurrency(context),
    multiplier: bet.multiplier,
    payout: bet.payout,
    animationOver: false,
  };
}

/** The selected position survives a new ladder (the same rung in the new rate); the cheapest chip otherwise. */
function keepSelection(context: BaccaratContext, chipValues: readonly number[]): number {
  const index = context.chipValues.indexOf(context.selectedChip);
  return chipValues[index >= 0 ? Math.min(index, chipValues.length - 1) : 0] ?? 0;
}

const storeWallet = { type: 'storeWallet', params: ({ event }: { event: { wallet: GameWallet } }) => ({ wallet: event.wallet }) } as const;

export const baccaratMachine = setup({
  types: {
    context: {} as BaccaratContext,
    events: {} as BaccaratEvent,
    input: {} as BaccaratInput,
  },
  actors: {
    loadLimits: fromPromise<BetLimits, LimitsRequest>(async () => {
      throw new Error('loadLimits is provided by src/app');
    }),
    placeBet: fromPromise<BaccaratBetResponse, BaccaratBetRequest>(async () => {
      throw new Error('placeBet is provided by src/app');
    }),
  },
  delays: {
    /** SPEC §9: a card reaches its hand in 300 ms … */
    cardDeal: CARD_DEAL_MS,
    /** … and turns face up in 150 ms before the next one is dealt. */
    cardFlip: CARD_FLIP_MS,
    /** SPEC §5/§8/§9: the baccarat messages clear after 3 s. */
    errorClear: BACCARAT_ERROR_CLEAR_MS,
    winPopup: WIN_POPUP_MS,
  },
  actions: {
    selectChip: assign({ selectedChip: (_, params: { value: number }) => params.value }),
    placeChip: assign({
      chips: ({ context }, params: { area: BaccaratArea }) => ({
        ...context.chips,
        [params.area]: [...context.chips[params.area], context.selectedChip],
      }),
    }),
    clearChips: assign({ chips: EMPTY_CHIPS }),
    clearMessage: assign({ message: null }),
    storeWallet: assign({ wallet: (_, params: { wallet: GameWallet }) => params.wallet }),
    forgetLimits: assign({ limits: null }),
    /** A new currency: no chips until its limits come, and the old coin's chips leave the table. */
    forgetChips: assign({ chipValues: [], selectedChip: 0, chips: EMPTY_CHIPS, message: null }),
    /** The cheapest chip is the default: a first bet with it is always within the limits. */
    storeLimits: assign(({ context }, params: { limits: BetLimits }) => {
      const chipValues = chipValuesFor(params.limits, context.wallet.exchangeRate ?? null);
      return { limits: params.limits, chipValues, selectedChip: keepSelection(context, chipValues) };
    }),
    /** A new dollar rate for the same currency moves the chips to the new rate, same position selected. */
    refreshChips: assign(({ context }) => {
      if (!context.limits) return {};
      const chipValues = chipValuesFor(context.limits, context.wallet.exchangeRate ?? null);
      return { chipValues, selectedChip: keepSelection(context, chipValues) };
    }),
    storeRefusal: assign({
      message: ({ context }) => {
        const check = baccaratCheck(context);
        return check?.kind === 'invalid' ? check.message : null;
      },
    }),
    /** The request comes from the chips on the table; the previous round leaves it. */
    rememberPlacedBet: assign(({ context }) => {
      const units = (area: BaccaratArea) => unitsToNumber(BigInt(areaUnits(context.chips, area)));
      return {
        placed: {
          request: {
            playerBetAmount: units('player'),
            tieBetAmount: units('tie'),
            bankerBetAmount: units('banker'),
            currency: context.wallet.currency,
          },
          totalUnits: totalUnits(context.chips),
        },
        round: null,
        dealt: 0,
        message: null,
      };
    }),
    storeRound: assign({
      round: (_, params: { response: BaccaratBetResponse }) => {
        const { game, bet, balance } = params.response;
        if (!game || !bet || balance === undefined) return null;
        return { game, balance, betId: String(bet.id), order: dealOrder(game) };
      },
    }),
    dealNextCard: assign({ dealt: ({ context }) => context.dealt + 1 }),
    storeFailure: assign({ message: (_, params: { error: unknown }) => failureMessage(params.error) }),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    adjustBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceAdjusted),
    reportBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceUpdated),
    reportBet: sendTo(({ system }) => system.get(SYSTEM_IDS.betsFeed), (_, params: { bet: PlacedBaccaratBet }) => ({ type: 'game.betPlaced' as const, bet: params.bet })),
    reportAnimationOver: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.betsFeed),
      (_, params: { betId: string }) => ({ type: 'game.animationOver' as const, betId: params.betId }),
    ),
  },
  guards: {
    currencyNotBettable: ({ context }) => !isBettableCurrency(context.wallet.currency),
    isNewUnbettableCurrency: ({ context }, params: { wallet: GameWallet }) =>
      params.wallet.currency !== context.wallet.currency && !isBettableCurrency(params.wallet.currency),
    isVisitor: stateIn('#baccarat.player.visitor'),
    isBetting: stateIn('#baccarat.round.betting'),
    isChipValue: ({ context }, params: { value: number }) => context.chipValues.includes(params.value),
    hasChip: ({ context }) => context.selectedChip > 0,
    hasNoBet: ({ context }) => {
      const check = baccaratCheck(context);
      return check?.kind === 'invalid' && check.message === BET_MESSAGES.baccaratNoBet;
    },
    isRefused: ({ context }) => baccaratCheck(context)?.kind === 'invalid',
    isAccepted: ({ context }) => baccaratCheck(context)?.kind === 'ok',
    isNewCurrency: ({ context }, params: { wallet: GameWallet }) => params.wallet.currency !== context.wallet.currency,
    startsSignedIn: ({ context }) => context.startSignedIn,
    wasDealt: (_, params: { response: BaccaratBetResponse }) => isDealt(params.response),
    moreCards: ({ context }) => context.dealt < (context.round?.order.length ?? 0),
    /** SPEC §4: You Won when the result is above the total bet, You Lost below, Draw when equal. */
    roundWon: ({ context }) => resultUnits(context) > stakeUnits(context),
    roundLost: ({ context }) => resultUnits(context) < stakeUnits(context),
  },
}).createMachine({
  id: 'baccarat',
  context: ({ input }) => ({
    chipValues: [],
    selectedChip: 0,
    chips: EMPTY_CHIPS,
    wallet: input.wallet ?? DEFAULT_WALLET,
    limits: null,
    placed: null,
    round: null,
    dealt: 0,
    message: null,
    startSignedIn: input.signedIn ?? false,
  }),
  type: 'parallel',
  states: {
    player: playerRegion(
      'Nobody is signed in: chips can be placed, but Bet opens the login modal instead of betting (SPEC §5 check 1).',
    ),
    limits: {
      initial: 'choosing',
      on: {
        // Same currency: a new balance or display; the limits stay (the states below handle a new currency).
        'wallet.changed': { actions: [storeWallet, 'refreshChips'] },
      },
      states: {
        choosing: {
          description: 'ACC has no limits to fetch; any other currency starts by fetching them.',
          always: [{ guard: 'currencyNotBettable', target: 'notBettable' }, { target: 'loading' }],
        },
        loading: {
          description: "The selected currency's baccarat limits (min bet, max bet) are being fetched; its chips wait for them (a new currency clears the table).",
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              reenter: true,
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            }],
          },
          invoke: {
            id: 'loadLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ game: 'baccarat' as const, currency: context.wallet.currency }),
            onDone: { target: 'known', actions: { type: 'storeLimits', params: ({ event }) => ({ limits: event.output }) } },
            onError: 'unavailable',
          },
        },
        known: {
          description: 'The limits of the selected currency are known: a bet can be checked, and the chips run from about $0.10 to $100 within them, the cheapest selected.',
          tags: ['limitsKnown'],
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              actions: ['forgetLimits', 'forgetChips', storeWallet],
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
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            },
          },
        },
        unavailable: {
          description: 'The limits could not be fetched; bets wait for them and pressing Bet asks again.',
          on: {
            'wallet.changed': [{
              guard: { type: 'isNewUnbettableCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'notBettable',
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            }, {
              guard: { type: 'isNewCurrency', params: ({ event }) => ({ wallet: event.wallet }) },
              target: 'loading',
              actions: ['forgetLimits', 'forgetChips', storeWallet],
            }],
            // Only while the controls are enabled, so Bet stays disabled during a round.
            'user.bet': { guard: 'isBetting', target: 'loading' },
          },
        },
      },
    },
    round: {
      initial: 'betting',
      states: {
        betting: {
          description: 'No round is running: the chip selector, the areas, Clear and Bet are enabled.',
          initial: 'ready',
          // The controls: enabled in every state of this one, and only here (SPEC §4: disabled while a game runs).
          on: {
            'user.selectChip': {
              guard: { type: 'isChipValue', params: ({ event }) => ({ value: event.value }) },
              actions: { type: 'selectChip', params: ({ event }) => ({ value: event.value }) },
            },
            'user.placeChip': { guard: 'hasChip', actions: { type: 'placeChip', params: ({ event }) => ({ area: event.area }) } },
            'user.clear': { actions: 'clearChips' },
            'user.bet': [
              { guard: 'isVisitor', actions: 'openLogin' },
              // Re-entered, so pressing Bet again restarts the 3 s.
              { guard: 'hasNoBet', target: '.awaitingChips', reenter: true, actions: 'storeRefusal' },
              { guard: 'isRefused', target: '.refused', actions: 'storeRefusal' },
              { guard: 'isAccepted', target: 'placing' },
            ],
          },
          states: {
            ready: {
              description: 'The player places chips on player, tie and banker (stacked per area) with the selected chip value, clears them, or deals.',
            },
            awaitingChips: {
              description: "Bet was pressed with no chip on the table: 'Please place at least one bet before starting the game.' shows for 3 s.",
              tags: ['message'],
              after: { errorClear: { target: 'ready', actions: 'clearMessage' } },
              on: {
                'user.placeChip': { guard: 'hasChip', target: 'ready', actions: ['clearMessage', { type: 'placeChip', params: ({ event }) => ({ area: event.area }) }] },
              },
            },
            refused: {
              description: "A check of SPEC §5 refused the bet ('Balance too low.', the limits, ACC); the message stays until the chips change.",
              tags: ['message'],
              on: {
                'user.placeChip': { guard: 'hasChip', target: 'ready', actions: ['clearMessage', { type: 'placeChip', params: ({ event }) => ({ area: event.area }) }] },
                'user.clear': { target: 'ready', actions: ['clearMessage', 'clearChips'] },
              },
            },
            failed: {
              description:
                "The server refused the round (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the stake is back in the balance and the message shows for 3 s.",
              tags: ['message'],
              after: { errorClear: { target: 'ready', actions: 'clearMessage' } },
            },
            over: {
              description: "The cards are out: the final scores and the message (You Won, You Lost or Draw) show until the next deal; the chips stay for it.",
              tags: ['roundOver'],
              entry: [
                {
                  type: 'reportBalance',
                  params: ({ context }) => ({ currency: placedCurrency(context), balance: context.round?.balance ?? 0 }),
                },
                { type: 'reportAnimationOver', params: ({ context }) => ({ betId: context.round?.betId ?? '' }) },
              ],
              initial: 'deciding',
              states: {
                deciding: {
                  description: 'Compares what the round returned with the total bet (SPEC §4).',
                  always: [{ guard: 'roundWon', target: 'won' }, { guard: 'roundLost', target: 'lost' }, { target: 'draw' }],
                },
                won: {
                  description: 'The round returned more than the total bet: You Won.',
                  tags: ['won'],
                  initial: 'popupShown',
                  states: {
                    popupShown: {
                      description: 'The win popup shows the amount returned and the multiplier for 3 s.',
                      tags: ['winPopup'],
                      after: { winPopup: 'popupClosed' },
                      on: { 'user.closeWinPopup': 'popupClosed' },
                    },
                    popupClosed: {
                      description: 'The win popup is gone; the message and the hands stay.',
                    },
                  },
                },
                lost: {
                  description: 'The round returned less than the total bet: You Lost.',
                  tags: ['lost'],
                },
                draw: {
                  description: 'The round returned exactly the total bet (a tie on player or banker bets): Draw.',
                  tags: ['draw'],
                },
              },
            },
          },
        },
        placing: {
          description: 'The round is on its way to the server; the total bet has left the balance already. Controls are disabled.',
          tags: ['busy'],
          entry: [
            'rememberPlacedBet',
            {
              type: 'adjustBalance',
              params: ({ context }) => ({ currency: placedCurrency(context), delta: -unitsToNumber(BigInt(stakeUnits(context))) }),
            },
          ],
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => (context.placed as PlacedRound).request,
            onDone: [
              {
                guard: { type: 'wasDealt', params: ({ event }) => ({ response: event.output }) },
                target: 'dealing',
                actions: [
                  { type: 'storeRound', params: ({ event }) => ({ response: event.output }) },
                  { type: 'reportBet', params: ({ context, event }) => ({ bet: placedBet(context, event.output.bet as BaccaratWireBet) }) },
                ],
              },
              {
                target: 'betting.failed',
                actions: [
                  { type: 'storeFailure', params: ({ event }) => ({ error: event.output }) },
                  {
                    type: 'adjustBalance',
                    params: ({ context }) => ({ currency: placedCurrency(context), delta: unitsToNumber(BigInt(stakeUnits(context))) }),
                  },
                ],
              },
            ],
            onError: {
              target: 'betting.failed',
              actions: [
                { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
                {
                  type: 'adjustBalance',
                  params: ({ context }) => ({ currency: placedCurrency(context), delta: unitsToNumber(BigInt(stakeUnits(context))) }),
                },
              ],
            },
          },
        },
        dealing: {
          description: 'The cards arrive one by one: player, banker, player, banker, then the third cards if drawn. Controls are disabled.',
          tags: ['busy'],
          initial: 'cardArriving',
          states: {
            cardArriving: {
              description: 'The next card travels to its hand face down (300 ms).',
              entry: 'dealNextCard',
              after: { cardDeal: 'cardTurning' },
            },
            cardTurning: {
              description: "The card turns face up and its hand's score follows (150 ms); then the next card, or the result when all are out.",
              after: {
                cardFlip: [{ guard: 'moreCards', target: 'cardArriving' }, { target: '#baccarat.round.betting.over' }],
              },
            },
          },
        },
      },
    },
  },
});
