/**
 * Mines screen (SPEC §2 Mines, §4 Mines, §5 bet checks and Mines rules, §8 Mines errors, §9). One
 * actor per visit of /mines.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.setMinesCount {count}
 *   user.bet · user.pick {tileId} · user.cashout
 *   auth.loggedIn · auth.loggedOut                 (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate}}   (the selected wallet; fiatRate only
 *     while Display FIAT is on), as for the dice screen
 * Effects (named actions, provided by src/app; tests provide fakes)
 *   openLogin                          a visitor pressed Bet (SPEC §5 check 1): open the Auth modal on login
 *   reportBalance {currency, balance}  the server's balance after a bet or at the end of a game
 * Actors src/app provides. placeBet, pick and cashout resolve with the server's body, a refusal
 * (`success: false`, whatever the HTTP status) included, and reject only when no answer came.
 *   loadLimits:     fromPromise<BetLimits, {game: 'mines', currency}>   GET /casino/get-limits → data.limit
 *   loadActiveGame: fromPromise<ActiveMinesGame | null>                 GET /mines/get-active-game → game
 *   placeBet:       fromPromise<MinesBetResponse, MinesBetRequest>      POST /mines/bet
 *   pick:           fromPromise<MinesPickResponse, {tileId}>            POST /mines/pick
 *   cashout:        fromPromise<MinesCashoutResponse>                   POST /mines/cashout
 *
 * Money and odds come from src/core: the bet checks (checkBet), half and double, the multiplier table.
 */
import { assign, fromPromise, sendTo, setup, stateIn } from 'xstate';
import { isBettableCurrency } from '../../src/core/bets/validation';
import type { BetCheckResult, BetLimits } from '../../src/core/bets/validation';
import { isTileId, isValidMinesCount, MINES_WIN_POPUP_MS, minesMultiplier } from '../../src/core/games/mines';
import { cryptoToFiat, decimalToUnits, unitsToNumber } from '../../src/core/money';
import { playerRegion } from '../shared/regions';
import { amountInCoins, amountText, doubledAmountText, halvedAmountText, singleBetCheck, typedAmount } from '../shared/betAmount';
import type { GameWallet } from '../shared/events';
import { balanceUpdated, loginModal } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

/** SPEC §8. */
export const MINES_MESSAGES = {
  betNetworkError: 'An error occurred while placing the bet.',
  cashoutFailed: 'Cashout failed. Please try again.',
  cashoutError: 'An error occurred during cashout.',
} as const;
/** SPEC §8: bet and cash-out messages show for 3 s. */
export const MINES_MESSAGE_MS = 3000;
export const DEFAULT_MINES_COUNT = 3;

export interface LimitsRequest {
  game: 'mines';
  currency: string;
}

export interface MinesBetRequest {
  /** Coins (a fiat entry is converted by the rate, floored to the base unit). */
  betAmount: number;
  minesCount: number;
  currency: string;
}

export interface MinesBetResponse {
  success: boolean;
  balance?: number;
  errorMessage?: string | null;
}

export interface MinesPickRequest {
  tileId: number;
}

export interface MinesPickResponse {
  success: boolean;
  isMine?: boolean;
  gameState?: 'InPlay' | 'GameOver';
  cashedOutAmount?: number;
  mineLocations?: number[] | null;
  /** Our server adds the balance at GameOver. */
  balance?: number;
  errorMessage?: string | null;
}

export interface MinesCashoutResponse {
  success: boolean;
  cashedOutAmount?: number;
  mineLocations?: number[] | null;
  balance?: number;
  errorMessage?: string | null;
}

/** GET /mines/get-active-game → game (docs/api.md). */
export interface ActiveMinesGame {
  betAmount: number;
  minesCount: number;
  selectedTiles: number[];
  currency: string;
}

/** The game on the board: what was staked, in which currency, against how many mines. */
export interface MinesRound {
  betAmount: number;
  minesCount: number;
  currency: string;
}

export interface MinesWin {
  amount: number;
  multiplier: number;
  gems: number;
  currency: string;
}

export interface MinesInput {
  signedIn?: boolean;
  wallet?: GameWallet;
}

export interface MinesContext {
  /** The amount field exactly as typed (coins, or dollars in fiat display). */
  amountText: string;
  /** The slider, 1 to 24. */
  minesCount: number;
  wallet: GameWallet;
  /** Limits of the selected currency, null until loaded. */
  limits: BetLimits | null;
  /** The bet in flight, then the game being played or just ended. */
  round: MinesRound | null;
  /** Gems found, in the order they were picked. */
  gems: number[];
  /** The tile shown as revealed while the server decides it. */
  pendingTile: number | null;
  /** All mine locations, known only once the game is over. */
  mines: number[];
  /** The mine that ended the game. */
  hitMine: number | null;
  win: MinesWin | null;
  /** The refusal or failure on screen. */
  message: string | null;
  startSignedIn: boolean;
}

export type MinesEvent =
  | { type: 'user.typeAmount'; text: string }
  | { type: 'user.halveAmount' }
  | { type: 'user.doubleAmount' }
  | { type: 'user.setMinesCount'; count: number }
  | { type: 'user.bet' }
  | { type: 'user.pick'; tileId: number }
  | { type: 'user.cashout' }
  | { type: 'wallet.changed'; wallet: GameWallet }
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' };

export { amountInCoins, typedAmount };

const DEFAULT_WALLET: GameWallet = { currency: 'BTC', balance: 0, fiatRate: null };

/** SPEC §5 checks for a signed-in player: the shared single-amount check of the games. */
export const minesCheck = (context: MinesContext): BetCheckResult | null => singleBetCheck('mines', context);

/** The amount field showing a restored bet, in the displayed unit. */
const amountTextFor = (coins: number, fiatRate: number | null): string => amountText(fiatRate === null ? coins : cryptoToFiat(coins, fiatRate), fiatRate);

/** The multiplier the popup shows: the table's, or what was actually paid when the profit was capped. */
function paidMultiplier(round: MinesRound, amount: number, gems: number): number {
  const table = minesMultiplier(round.minesCount, gems);
  const bet = decimalToUnits(round.betAmount);
  if (bet <= 0n) return table;
  const paid = Number((decimalToUnits(amount) * 100n) / bet) / 100;
  return Math.min(table, paid);
}

/** The balance after a game that ended: the server's figure, else ours plus the win (same currency only). */
function balanceAfter(context: MinesContext, response: { balance?: number; cashedOutAmount?: number }): number | null {
  if (typeof response.balance === 'number') return response.balance;
  if (context.round?.currency !== context.wallet.currency) return null;
  return unitsToNumber(decimalToUnits(context.wallet.balance) + decimalToUnits(response.cashedOutAmount ?? 0));
}

const roundCurrency = (context: MinesContext): string => context.round?.currency ?? context.wallet.currency;

/** user.bet where no game is running: SPEC §5 order, check 1 first. */
const betAttempt = {
  'user.bet': [
    { guard: 'isVisitor', actions: 'openLogin' },
    { guard: 'isRefused', target: '#mines.game.betRefused', actions: 'storeRefusal' },
    { guard: 'isAccepted', target: '#mines.game.placing' },
  ],
} as const;

/**
 * user.bet after a refusal, a failure or a game: only a player gets there (logging out returns the
 * game region to idle), so check 1 has already passed.
 */
const nextBetAttempt = {
  'user.bet': [
    { guard: 'isRefused', target: '#mines.game.betRefused', actions: 'storeRefusal' },
    { guard: 'isAccepted', target: '#mines.game.placing' },
  ],
} as const;

/** The amount and the mines slider, editable only while no game runs (SPEC §4: locked during play). */
const settingsEditable = {
  'user.typeAmount': { actions: { type: 'storeAmount', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) } },
  'user.halveAmount': { guard: 'limitsKnown', actions: 'halveAmount' },
  'user.doubleAmount': { guard: 'limitsKnown', actions: 'doubleAmount' },
  'user.setMinesCount': {
    guard: { type: 'isMinesCount', params: ({ event }: { event: { count: number } }) => ({ count: event.count }) },
    actions: { type: 'storeMinesCount', params: ({ event }: { event: { count: number } }) => ({ count: event.count }) },
  },
} as const;

/** After a game: a new setting clears the board for the next bet. */
const settingsClearBoard = {
  'user.typeAmount': {
    target: '#mines.game.idle',
    actions: ['clearBoard', { type: 'storeAmount', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) }],
  },
  'user.halveAmount': { guard: 'limitsKnown', target: '#mines.game.idle', actions: ['clearBoard', 'halveAmount'] },
  'user.doubleAmount': { guard: 'limitsKnown', target: '#mines.game.idle', actions: ['clearBoard', 'doubleAmount'] },
  'user.setMinesCount': {
    guard: { type: 'isMinesCount', params: ({ event }: { event: { count: number } }) => ({ count: event.count }) },
    target: '#mines.game.idle',
    actions: ['clearBoard', { type: 'storeMinesCount', params: ({ event }: { event: { count: number } }) => ({ count: event.count }) }],
  },
} as const;

/** Picking and cashing out, while no request of the game is in flight. */
const playMoves = {
  'user.pick': {
    guard: { type: 'isHiddenTile', params: ({ event }: { event: { tileId: number } }) => ({ tileId: event.tileId }) },
    target: '#mines.game.playing.revealing',
    actions: { type: 'showPending', params: ({ event }: { event: { tileId: number } }) => ({ tileId: event.tileId }) },
  },
  'user.cashout': { guard: 'hasGem', target: '#mines.game.playing.cashingOut' },
} as const;

export const minesMachine = setup({
  types: {
    context: {} as MinesContext,
    events: {} as MinesEvent,
    input: {} as MinesInput,
  },
  actors: {
    loadLimits: fromPromise<BetLimits, LimitsRequest>(async () => {
      throw new Error('loadLimits is provided by src/app');
    }),
    loadActiveGame: fromPromise<ActiveMinesGame | null>(async () => {
      throw new Error('loadActiveGame is provided by src/app');
    }),
    placeBet: fromPromise<MinesBetResponse, MinesBetRequest>(async () => {
      throw new Error('placeBet is provided by src/app');
    }),
    pick: fromPromise<MinesPickResponse, MinesPickRequest>(async () => {
      throw new Error('pick is provided by src/app');
    }),
    cashout: fromPromise<MinesCashoutResponse>(async () => {
      throw new Error('cashout is provided by src/app');
    }),
  },
  delays: {
    /** SPEC §8: bet and cash-out messages show for 3 s. */
    messageDuration: MINES_MESSAGE_MS,
    /** SPEC §9: the win popup shows for 3 s. */
    winPopupDuration: MINES_WIN_POPUP_MS,
  },
  actions: {
    storeAmount: assign({ amountText: (_, params: { text: string }) => params.text }),
    halveAmount: assign({ amountText: ({ context }) => halvedAmountText(context) }),
    doubleAmount: assign({ amountText: ({ context }) => doubledAmountText(context) }),
    storeMinesCount: assign({ minesCount: (_, params: { count: number }) => params.count }),
    storeWallet: assign({ wallet: (_, params: { wallet: GameWallet }) => params.wallet }),
    forgetLimits: assign({ limits: null }),
    storeLimits: assign({ limits: (_, params: { limits: BetLimits }) => params.limits }),
    storeRefusal: assign({
      message: ({ context }) => {
        const check = minesCheck(context);
        return check?.kind === 'invalid' ? check.message : null;
      },
    }),
    /** SPEC §4: a bet starts from a fresh grid with zero gems. */
    clearBoard: assign({ round: null, gems: [], pendingTile: null, mines: [], hitMine: null, win: null, message: null }),
    rememberBet: assign({
      round: ({ context }) => ({
        betAmount: amountInCoins(context.amountText, context.wallet.fiatRate),
        minesCount: context.minesCount,
        currency: context.wallet.currency,
      }),
      gems: [],
      pendingTile: null,
      mines: [],
      hitMine: null,
      win: null,
      message: null,
    }),
    forgetBet: assign({ round: null }),
    restoreGame: assign(({ context }, params: { game: ActiveMinesGame }) => ({
      round: { betAmount: params.game.betAmount, minesCount: params.game.minesCount, currency: params.game.currency },
      gems: params.game.selectedTiles,
      minesCount: params.game.minesCount,
      amountText: amountTextFor(params.game.betAmount, context.wallet.currency === params.game.currency ? context.wallet.fiatRate : null),
      pendingTile: null,
      mines: [],
      hitMine: null,
      win: null,
      message: null,
    })),
    storeMessage: assign({ message: (_, params: { message: string }) => params.message }),
    clearMessage: assign({ message: null }),
    showPending: assign({ pendingTile: (_, params: { tileId: number }) => params.tileId, message: null }),
    /** SPEC §4: a failed pick un-reveals the tile. */
    unrevealPending: assign({ pendingTile: null }),
    addGem: assign({
      gems: ({ context }) => (context.pendingTile === null ? context.gems : [...context.gems, context.pendingTile]),
      pendingTile: null,
    }),
    /** SPEC §4: a mine ends the game and reveals all tiles. */
    revealBust: assign({
      hitMine: ({ context }) => context.pendingTile,
      mines: (_, params: { mines: number[] }) => params.mines,
      pendingTile: null,
    }),
    storeWin: assign(({ context }, params: { amount: number; mines: number[] }) => {
      const round = context.round as MinesRound;
      return {
        mines: params.mines,
        win: { amount: params.amount, multiplier: paidMultiplier(round, params.amount, context.gems.length), gems: context.gems.length, currency: round.currency },
      };
    }),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    reportBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceUpdated),
  },
  guards: {
    currencyNotBettable: ({ context }) => !isBettableCurrency(context.wallet.currency),
    isNewUnbettableCurrency: ({ context }, params: { wallet: GameWallet }) =>
      params.wallet.currency !== context.wallet.currency && !isBettableCurrency(params.wallet.currency),
    isVisitor: stateIn('#mines.player.visitor'),
    limitsKnown: stateIn('#mines.limits.known'),
    startsSignedIn: ({ context }) => context.startSignedIn,
    isRefused: ({ context }) => minesCheck(context)?.kind === 'invalid',
    isAccepted: ({ context }) => minesCheck(context)?.kind === 'ok',
    isNewCurrency: ({ context }, params: { wallet: GameWallet }) => params.wallet.currency !== context.wallet.currency,
    isMinesCount: (_, params: { count: number }) => isValidMinesCount(params.count),
    isHiddenTile: ({ context }, params: { tileId: number }) => isTileId(params.tileId) && !context.gems.includes(params.tileId),
    hasGem: ({ context }) => context.gems.length > 0,
    hasActiveGame: (_, params: { game: ActiveMinesGame | null }) => params.game !== null,
    succeeded: (_, params: { response: { success: boolean } }) => params.response.success,
    isMine: (_, params: { response: MinesPickResponse }) => params.response.success && params.response.isMine === true,
    isGameOver: (_, params: { response: MinesPickResponse }) => params.response.success && params.response.gameState === 'GameOver',
  },
}).createMachine({
  id: 'mines',
  context: ({ input }) => ({
    amountText: '',
    minesCount: DEFAULT_MINES_COUNT,
    wallet: input.wallet ?? DEFAULT_WALLET,
    limits: null,
    round: null,
    gems: [],
    pendingTile: null,
    mines: [],
    hitMine: null,
    win: null,
    message: null,
    startSignedIn: input.signedIn ?? false,
  }),
  type: 'parallel',
  states: {
    player: playerRegion(),
    limits: {
      initial: 'choosing',
      on: {
        // Same currency: a new balance or display; the states below reload the limits for a new currency.
        'wallet.changed': { actions: { type: 'storeWallet', params: ({ event }) => ({ wallet: event.wallet }) } },
      },
      states: {
        choosing: {
          description: 'ACC has no limits to fetch; any other currency starts by fetching them.',
          always: [{ guard: 'currencyNotBettable', target: 'notBettable' }, { target: 'loading' }],
        },
        loading: {
          description: "The selected currency's mines limits (min bet, max bet, max payout) are being fetched.",
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
            input: ({ context }) => ({ game: 'mines' as const, currency: context.wallet.currency }),
            onDone: { target: 'known', actions: { type: 'storeLimits', params: ({ event }) => ({ limits: event.output }) } },
            onError: 'unavailable',
          },
        },
        known: {
          description: 'The limits of the selected currency are known: bets can be checked and the next profit is capped at max payout.',
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
    game: {
      initial: 'choosing',
      on: {
        // Whatever was on the board belonged to the player who left.
        'auth.loggedOut': { target: '.idle', actions: 'clearBoard' },
      },
      states: {
        choosing: {
          description: 'A signed-in player may have a game open from an earlier visit; a visitor cannot.',
          always: [{ guard: 'startsSignedIn', target: 'restoring' }, { target: 'idle' }],
        },
        restoring: {
          description: "The player's open game, if any, is being fetched so a reload continues it (bet, mines count, gems found).",
          tags: ['busy', 'locked'],
          invoke: {
            id: 'loadActiveGame',
            src: 'loadActiveGame',
            onDone: [
              {
                guard: { type: 'hasActiveGame', params: ({ event }) => ({ game: event.output }) },
                target: 'playing',
                actions: { type: 'restoreGame', params: ({ event }) => ({ game: event.output as ActiveMinesGame }) },
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
        idle: {
          description: 'No game: a fresh grid; the amount and the mines slider (1 to 24) can be changed and Bet starts a game.',
          on: { ...settingsEditable, ...betAttempt, 'auth.loggedIn': 'restoring' },
        },
        betRefused: {
          description: 'A check of SPEC §5 refused the bet; its message shows for 3 s and nothing was sent.',
          tags: ['message'],
          on: { ...settingsEditable, ...nextBetAttempt },
          after: { messageDuration: { target: 'idle', actions: 'clearMessage' } },
        },
        placing: {
          description: 'The bet is in flight; the settings are locked and another bet waits.',
          tags: ['busy', 'locked'],
          entry: 'rememberBet',
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => ({ ...(context.round as MinesRound) }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ response: event.output }) },
                target: 'playing',
                actions: {
                  type: 'reportBalance',
                  params: ({ context, event }) => ({ currency: roundCurrency(context), balance: event.output.balance ?? context.wallet.balance }),
                },
              },
              {
                target: 'betFailed',
                actions: [
                  'forgetBet',
                  { type: 'storeMessage', params: ({ event }) => ({ message: event.output.errorMessage || MINES_MESSAGES.betNetworkError }) },
                ],
              },
            ],
            onError: {
              target: 'betFailed',
              actions: ['forgetBet', { type: 'storeMessage', params: { message: MINES_MESSAGES.betNetworkError } }],
            },
          },
        },
        betFailed: {
          description: "The server refused the bet (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the message shows for 3 s.",
          tags: ['message'],
          on: { ...settingsEditable, ...nextBetAttempt },
          after: { messageDuration: { target: 'idle', actions: 'clearMessage' } },
        },
        playing: {
          description: 'A game is open: tiles can be picked one at a time; the amount and the mines slider are locked.',
          tags: ['inPlay', 'locked'],
          initial: 'ready',
          states: {
            ready: {
              description: 'Waiting for the player: pick a hidden tile, or cash out once at least one gem is found.',
              on: { ...playMoves },
            },
            revealing: {
              description: 'The picked tile shows as revealed while the server decides it; other moves wait.',
              tags: ['busy'],
              invoke: {
                id: 'pick',
                src: 'pick',
                input: ({ context }) => ({ tileId: context.pendingTile as number }),
                onDone: [
                  {
                    guard: { type: 'isMine', params: ({ event }) => ({ response: event.output }) },
                    target: '#mines.game.busted',
                    actions: [
                      { type: 'revealBust', params: ({ event }) => ({ mines: event.output.mineLocations ?? [] }) },
                      {
                        type: 'reportBalance',
                        params: ({ context, event }) => ({ currency: roundCurrency(context), balance: balanceAfter(context, event.output) ?? context.wallet.balance }),
                      },
                    ],
                  },
                  {
                    // The last gem: the server cashed the game out by itself (SPEC §4).
                    guard: { type: 'isGameOver', params: ({ event }) => ({ response: event.output }) },
                    target: '#mines.game.cashedOut',
                    actions: [
                      'addGem',
                      { type: 'storeWin', params: ({ event }) => ({ amount: event.output.cashedOutAmount ?? 0, mines: event.output.mineLocations ?? [] }) },
                      {
                        type: 'reportBalance',
                        params: ({ context, event }) => ({ currency: roundCurrency(context), balance: balanceAfter(context, event.output) ?? context.wallet.balance }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ response: event.output }) },
                    target: 'ready',
                    actions: 'addGem',
                  },
                  { target: 'ready', actions: 'unrevealPending' },
                ],
                onError: { target: 'ready', actions: 'unrevealPending' },
              },
            },
            cashingOut: {
              description: 'The cash-out is in flight; other moves wait.',
              tags: ['busy'],
              invoke: {
                id: 'cashout',
                src: 'cashout',
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ response: event.output }) },
                    target: '#mines.game.cashedOut',
                    actions: [
                      { type: 'storeWin', params: ({ event }) => ({ amount: event.output.cashedOutAmount ?? 0, mines: event.output.mineLocations ?? [] }) },
                      {
                        type: 'reportBalance',
                        params: ({ context, event }) => ({ currency: roundCurrency(context), balance: balanceAfter(context, event.output) ?? context.wallet.balance }),
                      },
                    ],
                  },
                  {
                    target: 'cashoutFailed',
                    actions: { type: 'storeMessage', params: ({ event }) => ({ message: event.output.errorMessage || MINES_MESSAGES.cashoutFailed }) },
                  },
                ],
                onError: { target: 'cashoutFailed', actions: { type: 'storeMessage', params: { message: MINES_MESSAGES.cashoutError } } },
              },
            },
            cashoutFailed: {
              description: "The cash-out failed: the server's message or 'Cashout failed. Please try again.' ('An error occurred during cashout.' without an answer) shows for 3 s; the game goes on.",
              tags: ['message'],
              on: { ...playMoves },
              after: { messageDuration: { target: 'ready', actions: 'clearMessage' } },
            },
          },
        },
        busted: {
          description: 'A mine ended the game with no win: every tile is revealed, the hit mine marked. Bet starts the next game.',
          tags: ['gameOver'],
          on: { ...settingsClearBoard, ...nextBetAttempt },
        },
        cashedOut: {
          description: 'The game was cashed out (by the player, or by itself on the last gem): every tile is revealed. Bet starts the next game.',
          tags: ['gameOver'],
          initial: 'celebrating',
          on: { ...settingsClearBoard, ...nextBetAttempt },
          states: {
            celebrating: {
              description: 'The win popup shows the amount, the multiplier and the gems found for 3 s.',
              tags: ['winPopup'],
              after: { winPopupDuration: 'shown' },
            },
            shown: {
              description: 'The popup has closed; the revealed board stays until the next bet or setting.',
            },
          },
        },
      },
    },
  },
});
