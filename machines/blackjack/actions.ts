import type { EventObject } from 'xstate';
import type { BlackjackAction, WireBlackjackGame } from '../../src/core/games/blackjack';
import { assignFor } from '../shared/assign';
import { amountActions } from '../shared/betAmount';
import { limitsActions } from '../shared/limits';
import { blackjackCheck } from './context';
import type { BlackjackContext } from './context';
import type { BlackjackEvent } from './events';
import type { BlackjackAnswer } from './wire';

const assign = assignFor<BlackjackContext, BlackjackEvent>();

export const blackjackActions = {
  ...amountActions<BlackjackContext, BlackjackEvent>(),
  ...limitsActions<BlackjackContext, BlackjackEvent>(),
  storeRefusal: assign(({ context }) => {
    const check = blackjackCheck(context);
    return { message: check?.kind === 'invalid' ? check.message : null };
  }),
  storeFailure: assign((_, params: { message: string }) => ({ message: params.message })),
  clearMessage: assign({ message: null }),
  /** A new round replaces the last one; the reveal counters start over. */
  startRound: assign({ message: null, finalBalance: null, betId: null }),
  storeGame: assign((_, params: { game: WireBlackjackGame }) => ({ game: params.game })),
  /** The answer that ended the round: its game, and what to report once the reveal is over. */
  storeFinalAnswer: assign((_, params: { answer: BlackjackAnswer }) => ({
    game: params.answer.game ?? null,
    finalBalance: params.answer.balance ?? null,
    betId: params.answer.bet?.id ?? null,
    dealerCardsShown: 1,
  })),
  showHoleCard: assign({ dealerCardsShown: 2 }),
  showNextDealerCard: assign(({ context }) => ({ dealerCardsShown: context.dealerCardsShown + 1 })),
  clearRound: assign({ game: null, finalBalance: null, betId: null, dealerCardsShown: 1 }),

  // Messaging block: the actions that tell other actors (modals, wallet, betsFeed), and the log.
  openLogin: ({ system }: { system: Directory }) => tell('modals', { type: 'app.openModal', name: 'Auth', params: { tab: 'login' } }, system),
  reportBalance: ({ system }: { system: Directory }, params: { currency: string; balance: number }) =>
    tell('wallet', { type: 'game.balanceUpdated', currency: params.currency, balance: params.balance }, system),
  switchCurrency: ({ system }: { system: Directory }, params: { currency: string }) => tell('wallet', { type: 'game.switchCurrency', currency: params.currency }, system),
  announceRound: ({ system }: { system: Directory }, params: { betId: number | string }) =>
    tell('betsFeed', { type: 'game.animationOver', betId: params.betId }, system),
  /** SPEC §8: stand, hit, double and split errors are logged, nothing more; provided by src/app. */
  logActionError: (_: unknown, _params: { action: BlackjackAction; error: unknown }) => {},
};

type Directory = { get: (id: string) => { send: (e: EventObject) => void } | undefined };

/** Tells another app-wide actor (by systemId); an actor that is not running simply misses it. */
function tell<TEvent extends EventObject>(to: string, event: TEvent, system: Directory) {
  system.get(to)?.send(event);
}
