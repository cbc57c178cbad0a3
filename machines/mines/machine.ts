/**
 * Mines screen (docs/product.md §2 Mines, §4 Mines, §5 bet checks and Mines rules, §8 Mines errors, §9). One
 * actor per visit of /mines. The game kit's vocabulary (docs/architecture.md, "The game kit"):
 * `round` is idle, placing, refused, failed, playing or roundOver; tags busy, message and result
 * mean the same in every game, and `inPlay` marks an open game.
 *
 * Receives
 *   user.typeAmount {text} · user.halveAmount · user.doubleAmount · user.setMinesCount {count}
 *   user.bet · user.pick {tileId} · user.cashout
 *   auth.loggedIn · auth.loggedOut                 (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate}}   (the selected wallet; fiatRate only
 *     while Display FIAT is on), as for the dice screen
 * Effects (actions.ts, the messaging block; provided by src/app, tests provide fakes)
 *   openLogin                          a visitor pressed Bet (docs/product.md §5 check 1): open the Auth modal on login
 *   reportBalance {currency, balance}  the server's balance after a bet or at the end of a game
 * Actors src/app provides (actors.ts): loadLimits, loadActiveGame, and placeBet, pick and cashout
 * as BetOutcomes.
 *
 * Money and odds come from src/core: the bet checks (checkBet), half and double, the multiplier table.
 */
import { setup } from 'xstate';
import { MINES_WIN_POPUP_MS } from '../../src/core/games/mines';
import { autobetRoundTransitions, modeRegion, refused as autobetRefused } from '../autobet/gameKit';
import { amountTransitions } from '../shared/betAmount';
import { limitsRegion } from '../shared/limits';
import { outcomeMessage } from '../shared/betOutcome';
import type { BetOutcome } from '../shared/requestFailure';
import { betAttempt as betAttempts, playerRegion } from '../shared/regions';
import { minesActions } from './actions';
import { minesActors } from './actors';
import { balanceAfter, initialContext, MINES_MESSAGE_MS, MINES_MESSAGES, roundCurrency } from './context';
import type { MinesContext, MinesInput, MinesRound } from './context';
import type { MinesEvent } from './events';
import { minesGuards } from './guards';
import type { ActiveMinesGame, MinesCashoutResponse, MinesPickResponse } from './wire';

export { DEFAULT_MINES_COUNT, MINES_MESSAGE_MS, MINES_MESSAGES, minesCheck } from './context';
export type { MinesContext, MinesInput, MinesRound, MinesWin } from './context';
export type { MinesEvent } from './events';
export type * from './wire';
export { amountInCoins, typedAmount } from '../shared/betAmount';

const minesCountOf = ({ event }: { event: { count: number } }) => ({ count: event.count });

/** The amount and the mines slider, editable only while no game runs (docs/product.md §4: locked during play). */
const settingsEditable = {
  ...amountTransitions,
  'user.setMinesCount': { guard: { type: 'isMinesCount', params: minesCountOf }, actions: { type: 'storeMinesCount', params: minesCountOf } },
} as const;

/** After a game: a new setting clears the board for the next bet. */
const settingsClearBoard = {
  'user.typeAmount': {
    target: '#mines.round.idle',
    actions: ['clearBoard', { type: 'storeAmount', params: ({ event }: { event: { text: string } }) => ({ text: event.text }) }],
  },
  'user.halveAmount': { guard: 'limitsKnown', target: '#mines.round.idle', actions: ['clearBoard', 'halveAmount'] },
  'user.doubleAmount': { guard: 'limitsKnown', target: '#mines.round.idle', actions: ['clearBoard', 'doubleAmount'] },
  'user.setMinesCount': {
    guard: { type: 'isMinesCount', params: minesCountOf },
    target: '#mines.round.idle',
    actions: ['clearBoard', { type: 'storeMinesCount', params: minesCountOf }],
  },
} as const;

const tileOf = ({ event }: { event: { tileId: number } }) => ({ tileId: event.tileId });
/** Picking and cashing out, while no request of the game is in flight. */
const playMoves = {
  'user.pick': { guard: { type: 'isHiddenTile', params: tileOf }, target: '#mines.round.playing.revealing', actions: { type: 'showPending', params: tileOf } },
  'user.cashout': { guard: 'hasGem', target: '#mines.round.playing.cashingOut' },
} as const;

type Answer<T> = { event: { output: BetOutcome<T> }; context: MinesContext };
const answerOf = <T,>(outcome: BetOutcome<T>): T => (outcome as { answer: T }).answer;
const outcomeOf = <T,>({ event }: Answer<T>) => ({ outcome: event.output });
/** The balance the server settled the ended game to. */
const settled = <T extends MinesPickResponse | MinesCashoutResponse>({ context, event }: Answer<T>) => ({
  currency: roundCurrency(context),
  balance: balanceAfter(context, answerOf(event.output)),
});
/** Instant reveal: the ended game's bet and its server seed, when the answer made the seed public. */
const revealedOf = <T extends MinesPickResponse | MinesCashoutResponse>({ event }: Answer<T>) => {
  const answer = answerOf(event.output) as { betId?: number; serverSeed?: string };
  return { betId: answer.betId ?? null, serverSeed: answer.serverSeed ?? null };
};
const winOf = <T extends MinesPickResponse | MinesCashoutResponse>({ event }: Answer<T>) => ({
  amount: answerOf(event.output).cashedOutAmount ?? 0,
  mines: answerOf(event.output).mineLocations ?? [],
});

/** Pressing Bet (docs/product.md §5 order), and pressing it again where only a player can be. */
const { first: betAttempt, next: nextBetAttempt } = betAttempts('mines');
/** Start autobet (with at least one tile chosen), and each bet of a run, whose round picks the chosen tiles (machines/autobet/gameKit.ts). */
const autoAttempt = autobetRoundTransitions('mines', MINES_MESSAGES.betNetworkError, {
  notReady: { guard: 'noAutoTiles', show: 'storeAutoNotReady' },
  onPlace: ['beginAutoRound'],
});
const autoTileOf = ({ event }: { event: { tileId: number } }) => ({ tileId: event.tileId });
/** Auto mode: a tile chosen (or unchosen) for the rounds of a run, where no game is on the board. */
const autoToggle = {
  'auto.toggleTile': { guard: { type: 'isAutoTile', params: autoTileOf }, actions: { type: 'toggleAutoTile', params: autoTileOf } },
} as const;

export const minesMachine = setup({
  types: {
    context: {} as MinesContext,
    events: {} as MinesEvent,
    input: {} as MinesInput,
  },
  actors: minesActors,
  delays: {
    /** docs/product.md §8: bet and cash-out messages show for 3 s. */
    messageDuration: MINES_MESSAGE_MS,
    /** docs/product.md §9: the win popup shows for 3 s. */
    winPopupDuration: MINES_WIN_POPUP_MS,
  },
  actions: minesActions,
  guards: minesGuards,
}).createMachine({
  id: 'mines',
  context: initialContext,
  type: 'parallel',
  states: {
    player: playerRegion(),
    mode: modeRegion({
      // Chosen on the board while no game is on it: the round region takes it in those states.
      'user.toggleAutoTile': { actions: { type: 'raiseAutoToggle', params: autoTileOf } },
    }),
    limits: limitsRegion({
      game: 'mines',
      loading: "The selected currency's mines limits (min bet, max bet, max payout) are being fetched.",
      known: 'The limits of the selected currency are known: bets can be checked and the next profit is capped at max payout.',
    }),
    round: {
      initial: 'choosing',
      on: {
        // Whatever was on the board belonged to the player who left.
        'auth.loggedOut': { target: '.idle', actions: ['clearBoard', 'endAutoRound'] },
      },
      states: {
        choosing: {
          description: 'A signed-in player may have a game open from an earlier visit; a visitor cannot.',
          always: [{ guard: 'startsSignedIn', target: 'restoring' }, { target: 'idle' }],
        },
        restoring: {
          description: "The player's open game, if any, is being fetched so a reload continues it (bet, mines count, gems found).",
          tags: ['busy'],
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
          on: { ...settingsEditable, ...betAttempt, ...autoAttempt, ...autoToggle, 'auth.loggedIn': 'restoring' },
        },
        refused: {
          description: 'A check of docs/product.md §5 refused the bet; its message shows for 3 s and nothing was sent.',
          tags: ['message'],
          on: { ...settingsEditable, ...nextBetAttempt, ...autoAttempt, ...autoToggle },
          after: { messageDuration: { target: 'idle', actions: 'clearMessage' } },
        },
        placing: {
          description: 'The bet is in flight; the settings are locked and another bet waits.',
          tags: ['busy'],
          entry: 'rememberBet',
          invoke: {
            id: 'placeBet',
            src: 'placeBet',
            input: ({ context }) => ({ ...(context.round as MinesRound) }),
            onDone: [
              {
                guard: { type: 'answered', params: outcomeOf },
                target: 'playing',
                actions: {
                  type: 'reportBalance',
                  params: ({ context, event }) => ({ currency: roundCurrency(context), balance: answerOf(event.output).balance ?? context.wallet.balance }),
                },
              },
              {
                target: 'failed',
                actions: [
                  'forgetBet',
                  'endAutoRound',
                  { type: 'storeMessage', params: ({ event }) => ({ message: outcomeMessage(event.output, { unanswered: MINES_MESSAGES.betNetworkError }) }) },
                  'tellAutobetRefusal',
                ],
              },
            ],
            onError: {
              target: 'failed',
              actions: [
                'forgetBet',
                'endAutoRound',
                { type: 'storeMessage', params: { message: MINES_MESSAGES.betNetworkError } },
                { type: 'tellAutobet', params: autobetRefused(MINES_MESSAGES.betNetworkError) },
              ],
            },
          },
        },
        failed: {
          description: "The server refused the bet (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the message shows for 3 s.",
          tags: ['message'],
          on: { ...settingsEditable, ...nextBetAttempt, ...autoAttempt, ...autoToggle },
          after: { messageDuration: { target: 'idle', actions: 'clearMessage' } },
        },
        playing: {
          description: 'A game is open: tiles can be picked one at a time; the amount and the mines slider are locked.',
          tags: ['inPlay'],
          initial: 'ready',
          states: {
            ready: {
              description:
                "Waiting for the player: pick a hidden tile, or cash out once at least one gem is found. In a run's round the chosen tiles are picked in order, then it cashes out.",
              always: [
                { guard: 'autoPickDue', target: 'revealing', actions: 'showNextAutoPick' },
                { guard: 'autoCashoutDue', target: 'cashingOut' },
              ],
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
                    guard: { type: 'isMine', params: outcomeOf },
                    target: '#mines.round.roundOver',
                    actions: [
                      { type: 'revealBust', params: ({ event }) => ({ mines: answerOf(event.output).mineLocations ?? [] }) },
                      { type: 'storeRevealed', params: revealedOf },
                      { type: 'reportBalance', params: settled },
                      { type: 'reportAutoRound', params: { payout: 0 } },
                    ],
                  },
                  {
                    // The last gem: the server cashed the game out by itself (docs/product.md §4).
                    guard: { type: 'isGameOver', params: outcomeOf },
                    target: '#mines.round.roundOver',
                    actions: [
                      'addGem',
                      { type: 'storeWin', params: winOf },
                      { type: 'storeRevealed', params: revealedOf },
                      { type: 'reportBalance', params: settled },
                      { type: 'reportAutoRound', params: ({ event }) => ({ payout: answerOf(event.output).cashedOutAmount ?? 0 }) },
                    ],
                  },
                  { guard: { type: 'answered', params: outcomeOf }, target: 'ready', actions: 'addGem' },
                  {
                    target: 'ready',
                    actions: ['unrevealPending', { type: 'stopAutoRound', params: ({ event }) => ({ message: outcomeMessage(event.output, { unanswered: MINES_MESSAGES.betNetworkError }) }) }],
                  },
                ],
                onError: { target: 'ready', actions: ['unrevealPending', { type: 'stopAutoRound', params: { message: MINES_MESSAGES.betNetworkError } }] },
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
                    guard: { type: 'answered', params: outcomeOf },
                    target: '#mines.round.roundOver',
                    actions: [
                      { type: 'storeWin', params: winOf },
                      { type: 'storeRevealed', params: revealedOf },
                      { type: 'reportBalance', params: settled },
                      { type: 'reportAutoRound', params: ({ event }) => ({ payout: answerOf(event.output).cashedOutAmount ?? 0 }) },
                    ],
                  },
                  {
                    target: 'cashoutFailed',
                    actions: [
                      {
                        type: 'storeMessage',
                        params: ({ event }) => ({ message: outcomeMessage(event.output, { refused: MINES_MESSAGES.cashoutFailed, unanswered: MINES_MESSAGES.cashoutError }) }),
                      },
                      {
                        type: 'stopAutoRound',
                        params: ({ event }) => ({ message: outcomeMessage(event.output, { refused: MINES_MESSAGES.cashoutFailed, unanswered: MINES_MESSAGES.cashoutError }) }),
                      },
                    ],
                  },
                ],
                onError: {
                  target: 'cashoutFailed',
                  actions: [{ type: 'storeMessage', params: { message: MINES_MESSAGES.cashoutError } }, { type: 'stopAutoRound', params: { message: MINES_MESSAGES.cashoutError } }],
                },
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
        roundOver: {
          description: 'The game is over: every tile is revealed. A new setting clears the board; Bet starts the next game.',
          tags: ['result'],
          entry: 'endAutoRound',
          on: { ...settingsClearBoard, ...nextBetAttempt, ...autoAttempt, ...autoToggle },
          initial: 'deciding',
          states: {
            deciding: {
              description: 'A mine was hit, or the game was cashed out (in Auto mode without the popup: the board and the run show the result).',
              always: [{ guard: 'hitMine', target: 'busted' }, { guard: 'inAutoMode', target: 'cashedOut.shown' }, { target: 'cashedOut' }],
            },
            busted: {
              description: 'A mine ended the game with no win; the hit mine is marked.',
            },
            cashedOut: {
              description: 'The game was cashed out (by the player, or by itself on the last gem).',
              initial: 'celebrating',
              states: {
                celebrating: {
                  description: 'The win popup shows the amount, the multiplier and the gems found for 3 s.',
                  tags: ['winPopup'],
                  after: { winPopupDuration: 'shown' },
                },
                shown: {
                  description: 'The popup has closed (or never showed: a round of an Auto run); the revealed board stays until the next bet or setting.',
                },
              },
            },
          },
        },
      },
    },
  },
});
