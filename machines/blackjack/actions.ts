import type { BlackjackAction, WireBlackjackGame } from '../../src/core/games/blackjack';
import { assignFor } from '../shared/assign';
import { amountActions } from '../shared/betAmount';
import { limitsActions } from '../shared/limits';
import { blackjackCheck } from './context';
import type { BlackjackContext } from './context';
import type { BlackjackEvent } from './events';
import type { BlackjackAnswer } from './wire';
import { effectAction } from '../shared/effects';
import { animationOver, balanceUpdated, currencySwitched, loginModal, sendToSystemFor } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

const assign = assignFor<BlackjackContext, BlackjackEvent>();
const sendToSystem = sendToSystemFor<BlackjackContext, BlackjackEvent>();

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
  startRound: assign({ message: null, finalBalance: null, betId: null, serverSeed: null }),
  storeGame: assign((_, params: { game: WireBlackjackGame }) => ({ game: params.game })),
  /** The answer that ended the round: its game, and what to report once the reveal is over. */
  storeFinalAnswer: assign((_, params: { answer: BlackjackAnswer }) => ({
    game: params.answer.game ?? null,
    finalBalance: params.answer.balance ?? null,
    betId: params.answer.bet?.id ?? null,
    serverSeed: params.answer.bet?.serverSeed ?? null,
    dealerCardsShown: 1,
  })),
  showHoleCard: assign({ dealerCardsShown: 2 }),
  showNextDealerCard: assign(({ context }) => ({ dealerCardsShown: context.dealerCardsShown + 1 })),
  clearRound: assign({ game: null, finalBalance: null, betId: null, serverSeed: null, dealerCardsShown: 1 }),

  // Messaging block: the events this game sends other actors of the app's system, by systemId, and the log.
  openLogin: sendToSystem(SYSTEM_IDS.modals, loginModal),
  reportBalance: sendToSystem(SYSTEM_IDS.wallet, balanceUpdated),
  switchCurrency: sendToSystem(SYSTEM_IDS.wallet, currencySwitched),
  announceRound: sendToSystem(SYSTEM_IDS.betsFeed, animationOver),
  /** docs/product.md §8: stand, hit, double and split errors are logged, nothing more (src/app provides the log). */
  logActionError: effectAction<{ action: BlackjackAction; error: unknown }>('logActionError'),
};
