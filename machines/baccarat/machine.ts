/**
 * Baccarat screen (docs/product.md §2 Baccarat, §4 Baccarat, §5 Baccarat checks, §8, §9). One actor per visit of /baccarat.
 * The game kit's vocabulary (docs/architecture.md, "The game kit"): `round.betting` is idle,
 * awaitingChips, refused, failed or roundOver, then placing and dealing; tags busy, message and
 * result mean the same in every game.
 *
 * Receives
 *   user.selectChip {value} · user.placeChip {area} · user.clear · user.bet · user.closeWinPopup
 *   auth.loggedIn · auth.loggedOut                       (from the auth actor, or the provider)
 *   wallet.changed {wallet: {currency, balance, fiatRate, exchangeRate}} (from the provider, which follows
 *     the wallet actor: the selected currency, its balance, the dollar rate only while Display FIAT is
 *     on (fiatRate), and the dollar rate always (exchangeRate, for the chip values))
 * Sends (actions.ts, the messaging block)
 *   openLogin                          → modals:   app.openModal {name: 'Auth', params: {tab: 'login'}}
 *   adjustBalance {currency, delta}    → wallet:   game.balanceAdjusted (the stake held at once, refunded on failure)
 *   reportBalance {currency, balance}  → wallet:   game.balanceUpdated (the server's balance, once the cards are out)
 *   reportBet {bet}                    → betsFeed: game.betPlaced (animationOver false: the feed keeps it hidden)
 *   reportAnimationOver {betId}        → betsFeed: game.animationOver (the player's own round may now show)
 * Actors src/app provides (actors.ts): loadLimits, placeBet (a BetOutcome).
 *
 * Chips are counted in base units (10^-8 coin), so stacks add up exactly; the checks are the shared
 * src/core ones, so the browser refuses a bet with the server's words. The chip values follow the
 * selected currency (src/core chipLadder over its limits and dollar rate): none until its limits are
 * known, and a new currency takes the chips off the table, since their values were in the old coin.
 */
import { setup } from 'xstate';
import { unitsToNumber } from '../../src/core/money';
import { BACCARAT_ERROR_CLEAR_MS } from '../../src/core/bets/validation';
import { limitsRegion } from '../shared/limits';
import { playerRegion } from '../shared/regions';
import type { BetOutcome } from '../shared/requestFailure';
import { baccaratActions } from './actions';
import { baccaratActors } from './actors';
import { CARD_DEAL_MS, CARD_FLIP_MS, initialContext, placedBet, placedCurrency, stakeUnits, WIN_POPUP_MS } from './context';
import type { BaccaratContext, BaccaratInput, PlacedRound } from './context';
import type { BaccaratEvent } from './events';
import { baccaratGuards } from './guards';
import type { BaccaratBetResponse, BaccaratWireBet } from './wire';

export {
  areaUnits,
  BACCARAT_AREAS,
  BACCARAT_NETWORK_ERROR,
  baccaratCheck,
  CARD_DEAL_MS,
  CARD_FLIP_MS,
  chipValuesFor,
  dealOrder,
  totalUnits,
  WIN_POPUP_MS,
} from './context';
export type { BaccaratArea, BaccaratContext, BaccaratInput, Chips, DealtRound, PlacedBaccaratBet, PlacedRound } from './context';
export type { BaccaratEvent } from './events';
export type * from './wire';

const answerOf = (outcome: BetOutcome<BaccaratBetResponse>) => (outcome as { answer: BaccaratBetResponse }).answer;

export const baccaratMachine = setup({
  types: {
    context: {} as BaccaratContext,
    events: {} as BaccaratEvent,
    input: {} as BaccaratInput,
  },
  actors: baccaratActors,
  delays: {
    /** docs/product.md §9: a card reaches its hand in 300 ms … */
    cardDeal: CARD_DEAL_MS,
    /** … and turns face up in 150 ms before the next one is dealt. */
    cardFlip: CARD_FLIP_MS,
    /** docs/product.md §5/§8/§9: the baccarat messages clear after 3 s. */
    errorClear: BACCARAT_ERROR_CLEAR_MS,
    winPopup: WIN_POPUP_MS,
  },
  actions: baccaratActions,
  guards: baccaratGuards,
}).createMachine({
  id: 'baccarat',
  context: initialContext,
  type: 'parallel',
  states: {
    player: playerRegion('Nobody is signed in: chips can be placed, but Bet opens the login modal instead of betting (docs/product.md §5 check 1).'),
    limits: limitsRegion({
      game: 'baccarat',
      loading: "The selected currency's baccarat limits (min bet, max bet) are being fetched; its chips wait for them (a new currency clears the table).",
      known:
        'The limits of the selected currency are known: a bet can be checked, and the chips run from about $0.10 to $100 within them, the cheapest selected.',
      onNewCurrency: ['forgetChips'] as const,
      onSameCurrency: ['refreshChips'] as const,
      // Only while the controls are enabled, so Bet stays disabled during a round.
      retryGuard: 'isBetting',
    }),
    round: {
      initial: 'betting',
      states: {
        betting: {
          description: 'No round is running: the chip selector, the areas, Clear and Bet are enabled.',
          initial: 'idle',
          // The controls: enabled in every state of this one, and only here (docs/product.md §4: disabled while a game runs).
          on: {
            'user.selectChip': {
              guard: { type: 'isChipValue', params: ({ event }) => ({ value: event.value }) },
              actions: { type: 'selectChip', params: ({ event }) => ({ value: event.value }) },
            },
            'user.placeChip': { guard: 'hasChip', actions: { type: 'placeChip', params: ({ event }) => ({ area: event.area }) } },
            'user.clear': { actions: 'clearChips' },
            'user.bet': [
              { guard: 'isVisitor', actions: 'openLogin' },
              // awaitingChips is entered anew (with or without reenter: betting has no entry, exit or timer), so pressing Bet again restarts the 3 s.
              { guard: 'hasNoBet', target: '.awaitingChips', reenter: true, actions: 'storeRefusal' },
              { guard: 'isRefused', target: '.refused', actions: 'storeRefusal' },
              { guard: 'isAccepted', target: 'placing' },
            ],
          },
          states: {
            idle: {
              description: 'The player places chips on player, tie and banker (stacked per area) with the selected chip value, clears them, or deals.',
            },
            awaitingChips: {
              description: "Bet was pressed with no chip on the table: 'Please place at least one bet before starting the game.' shows for 3 s.",
              tags: ['message'],
              after: { errorClear: { target: 'idle', actions: 'clearMessage' } },
              on: {
                'user.placeChip': { guard: 'hasChip', target: 'idle', actions: ['clearMessage', { type: 'placeChip', params: ({ event }) => ({ area: event.area }) }] },
              },
            },
            refused: {
              description: "A check of docs/product.md §5 refused the bet ('Balance too low.', the limits, ACC); the message stays until the chips change.",
              tags: ['message'],
              on: {
                'user.placeChip': { guard: 'hasChip', target: 'idle', actions: ['clearMessage', { type: 'placeChip', params: ({ event }) => ({ area: event.area }) }] },
                'user.clear': { target: 'idle', actions: ['clearMessage', 'clearChips'] },
              },
            },
            failed: {
              description:
                "The server refused the round (its errorMessage) or did not answer ('An error occurred while placing the bet.'); the stake is back in the balance and the message shows for 3 s.",
              tags: ['message'],
              after: { errorClear: { target: 'idle', actions: 'clearMessage' } },
            },
            roundOver: {
              description: "The cards are out: the final scores and the message (You Won, You Lost or Draw) show until the next deal; the chips stay for it.",
              tags: ['result'],
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
                  description: 'Compares what the round returned with the total bet (docs/product.md §4).',
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
                guard: { type: 'wasDealt', params: ({ event }) => ({ outcome: event.output }) },
                target: 'dealing',
                actions: [
                  { type: 'storeRound', params: ({ event }) => ({ response: answerOf(event.output) }) },
                  { type: 'reportBet', params: ({ context, event }) => ({ bet: placedBet(context, answerOf(event.output).bet as BaccaratWireBet) }) },
                ],
              },
              {
                target: 'betting.failed',
                actions: [
                  { type: 'storeFailure', params: ({ event }) => ({ outcome: event.output }) },
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
                { type: 'storeFailure', params: { outcome: { kind: 'unanswered' } } },
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
                cardFlip: [{ guard: 'moreCards', target: 'cardArriving' }, { target: '#baccarat.round.betting.roundOver' }],
              },
            },
          },
        },
      },
    },
  },
});
