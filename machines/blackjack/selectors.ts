import type { SnapshotFrom } from 'xstate';
import { blackjackScoreLabel, HIDDEN_CARD } from '../../src/core/games/cards';
import type { blackjackMachine } from './machine';

type Snapshot = SnapshotFrom<typeof blackjackMachine>;

export interface ShownHand {
  cards: number[];
  /** "7/17" for a soft hand below 21, else one number (docs/product.md §9). */
  score: string;
  bet: number;
  /** What the hand returned, only once the result is shown. */
  result: number | null;
  active: boolean;
}

export interface ShownTable {
  /** Card indexes; 52 is a face-down card. */
  dealer: number[];
  /** The dealer's soft total only at 17 or more (docs/product.md §9); '' with no card face up. */
  dealerScore: string;
  hands: ShownHand[];
}

export type RoundOutcome = 'won' | 'lost' | 'push';

export const selectAmountText = (s: Snapshot): string => s.context.amountText;
export const selectMessage = (s: Snapshot): string | null => (s.hasTag('message') ? s.context.message : null);
export const selectBusy = (s: Snapshot): boolean => s.hasTag('busy');
/** The amount stays put while a round is being played or dealt. */
export const selectAmountLocked = (s: Snapshot): boolean => s.hasTag('inPlay') || s.hasTag('busy');
export const selectPlacing = (s: Snapshot): boolean => s.matches({ round: 'placing' });
export const selectSignedIn = (s: Snapshot): boolean => s.hasTag('signedIn');
export const selectLimits = (s: Snapshot) => s.context.limits;
export const selectRevealing = (s: Snapshot): boolean => s.hasTag('revealing');
/** The hole card is turning over right now (the card component plays its flip). */
export const selectTurningHoleCard = (s: Snapshot): boolean => s.matches({ round: { revealing: 'turningHoleCard' } });

/** The dealer's cards the table shows: the server's hand, cut to what the reveal has turned up so far. */
function shownDealer(s: Snapshot): number[] {
  const game = s.context.game;
  if (!game) return [];
  if (!s.hasTag('revealing')) return [...game.dealerHand];
  const shown = game.dealerHand.slice(0, s.context.dealerCardsShown);
  return shown.length < 2 ? [...shown, HIDDEN_CARD] : shown;
}

/** Everything on the table, or null with no round to show. */
export function selectTable(s: Snapshot): ShownTable | null {
  const game = s.context.game;
  if (!game) return null;
  const showResult = s.hasTag('result');
  const dealer = shownDealer(s);
  const hand = (cards: number[], bet: number, result: number, index: 0 | 1): ShownHand => ({
    cards: [...cards],
    score: cards.length ? blackjackScoreLabel(cards, 'player') : '',
    bet,
    result: showResult ? result : null,
    active: s.hasTag('inPlay') && game.isSplit && game.activeHandIndex === index,
  });
  const hands = [hand(game.playerHand1, game.betAmount, game.resultAmount, 0)];
  if (game.isSplit) hands.push(hand(game.playerHand2, game.betAmount2, game.resultAmount2, 1));
  const faceUp = dealer.filter((card) => card !== HIDDEN_CARD);
  return { dealer, dealerScore: faceUp.length ? blackjackScoreLabel(faceUp, 'dealer') : '', hands };
}

/** Won, lost or push on the total staked, once the reveal is over. */
export function selectOutcome(s: Snapshot): RoundOutcome | null {
  const game = s.context.game;
  if (!game || !s.hasTag('result')) return null;
  const staked = Math.round((game.betAmount + game.betAmount2) * 1e8);
  const returned = Math.round((game.resultAmount + game.resultAmount2) * 1e8);
  return returned > staked ? 'won' : returned < staked ? 'lost' : 'push';
}

/** Instant reveal: the ended round's bet and its public server seed, once the reveal is over; never during a round. */
export function selectRevealedBet(s: Snapshot): { betId: number; serverSeed: string } | null {
  const { betId, serverSeed } = s.context;
  if (!s.hasTag('result') || betId === null || !serverSeed) return null;
  return { betId: Number(betId), serverSeed };
}
