import type { FloatAt } from '../fairness/floats';
import { blackjackCardValue, blackjackTotal, cardAt, describeCard, HIDDEN_CARD, isCardIndex } from './cards';
import type { Card } from './cards';
import { unitsToNumber } from '../money';

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = ['hit', 'stand', 'double', 'split'];

export type BlackjackGameState = 'PlayerTurn' | 'GameOver';

/**
 * One player hand. `bet` is in base units as a decimal string so the whole round state survives
 * JSON (database column, active-game restore) without a custom reviver.
 * `finished`: stood, doubled, bust, reached 21, or a split Ace that received its one card.
 */
export interface BlackjackHand {
  readonly cards: readonly number[];
  readonly bet: string;
  readonly doubled: boolean;
  readonly finished: boolean;
}

/**
 * The full, server-side round. `dealer[1]` is the hole card: it is dealt (and fixed by the stream)
 * at the start but only leaves the server once the round is over.
 * `cursor` is the index of the next unused float; cards are never redrawn, so replaying the actions
 * against the same stream reproduces the round exactly.
 */
export interface BlackjackState {
  readonly version: 1;
  readonly cursor: number;
  readonly hands: readonly BlackjackHand[];
  readonly dealer: readonly number[];
  readonly activeHandIndex: 0 | 1;
  readonly gameState: BlackjackGameState;
}

export type BlackjackRefusalCode =
  | 'GAME_OVER'
  | 'UNKNOWN_ACTION'
  | 'NOT_ACTIVE_HAND'
  | 'DOUBLE_NEEDS_TWO_CARDS'
  | 'ALREADY_SPLIT'
  | 'SPLIT_NEEDS_TWO_CARDS'
  | 'SPLIT_NEEDS_EQUAL_VALUES';

export interface BlackjackRefusal {
  readonly code: BlackjackRefusalCode;
  readonly message: string;
}

export type BlackjackActionResult =
  | { readonly ok: true; readonly state: BlackjackState }
  | { readonly ok: false; readonly refusal: BlackjackRefusal };

export type HandOutcome = 'blackjack' | 'win' | 'push' | 'lose';

export interface BlackjackSettlement {
  readonly outcomes: readonly HandOutcome[];
  /** Returned on hand 1 (stake included); 0 on a loss. */
  readonly resultAmount: bigint;
  /** Returned on hand 2; 0 when the round was not split. */
  readonly resultAmount2: bigint;
  readonly payout: bigint;
  readonly wager: bigint;
}

export interface WireBlackjackGame {
  id: string | number;
  currency: string;
  playerHand1: number[];
  playerHand2: number[];
  dealerHand: number[];
  playerScore1: number;
  playerScore2: number;
  dealerScore: number;
  isSplit: boolean;
  activeHandIndex: 0 | 1;
  betAmount: number;
  betAmount2: number;
  resultAmount: number;
  resultAmount2: number;
  gameState: BlackjackGameState;
}

/** docs/product.md §9 animation: the hole card turns over in 300 ms, each further dealer card comes in 150 ms after a 500 ms pause. */
export const BLACKJACK_HOLE_CARD_REVEAL_MS = 300;
export const BLACKJACK_DEALER_CARD_REVEAL_MS = 150;
export const BLACKJACK_DEALER_PAUSE_MS = 500;
/** docs/product.md §8: a refused or failed bet shows its message for 3 s. */
export const BLACKJACK_ERROR_CLEAR_MS = 3000;

const DEALER_STANDS_AT = 17;
const FIRST_CARDS = 4;

function handTotal(cards: readonly number[]): number {
  return blackjackTotal(cards).total;
}

function isTwoCardTwentyOne(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards) === 21;
}

function isAce(card: number): boolean {
  return blackjackCardValue(card) === 11;
}

function activeHand(state: BlackjackState): BlackjackHand {
  const hand = state.hands[state.activeHandIndex];
  if (!hand) throw new Error(`Corrupt blackjack state: no hand ${state.activeHandIndex}`);
  return hand;
}

export function isSplit(state: BlackjackState): boolean {
  return state.hands.length === 2;
}

/** A blackjack can only stand on the original, unsplit two cards. */
function hasNatural(state: BlackjackState): boolean {
  const first = state.hands[0];
  return !isSplit(state) && first !== undefined && isTwoCardTwentyOne(first.cards);
}

function dealerHasBlackjack(dealer: readonly number[]): boolean {
  return isTwoCardTwentyOne(dealer);
}

/**
 * Deals player, dealer up card, player, dealer hole card (floats 0..3). The dealer peeks when the up
 * card is an Ace or worth ten; a dealer blackjack or a player natural ends the round at once.
 */
export function startRound(bet: bigint, floatAt: FloatAt): BlackjackState {
  if (bet <= 0n) throw new RangeError(`A blackjack bet must be positive; got ${bet}`);
  const player1 = cardAt(floatAt, 0);
  const upCard = cardAt(floatAt, 1);
  const player2 = cardAt(floatAt, 2);
  const holeCard = cardAt(floatAt, 3);
  const dealer = [upCard, holeCard];
  const playerCards = [player1, player2];
  const roundOver = dealerHasBlackjack(dealer) || isTwoCardTwentyOne(playerCards);
  return {
    version: 1,
    cursor: FIRST_CARDS,
    hands: [{ cards: playerCards, bet: bet.toString(), doubled: false, finished: roundOver }],
    dealer,
    activeHandIndex: 0,
    gameState: roundOver ? 'GameOver' : 'PlayerTurn',
  };
}

function refusal(code: BlackjackRefusalCode, message: string): BlackjackRefusal {
  return { code, message };
}

function refusalFor(state: BlackjackState, action: string, handIndex: number): BlackjackRefusal | null {
  if (state.gameState === 'GameOver') {
    return refusal('GAME_OVER', 'The round is over; no further actions are accepted.');
  }
  if (!(BLACKJACK_ACTIONS as readonly string[]).includes(action)) {
    return refusal('UNKNOWN_ACTION', `Unknown action "${action}"; expected hit, stand, double or split.`);
  }
  if (handIndex !== state.activeHandIndex) {
    return refusal(
      'NOT_ACTIVE_HAND',
      `Hand ${handIndex} is not the hand in play; the active hand is ${state.activeHandIndex}.`,
    );
  }
  const hand = activeHand(state);
  if (action === 'double' && hand.cards.length !== 2) {
    return refusal('DOUBLE_NEEDS_TWO_CARDS', 'Double is only allowed on a hand of exactly two cards.');
  }
  if (action === 'split') {
    if (isSplit(state)) {
      return refusal('ALREADY_SPLIT', 'This round has already been split; a hand can be split only once.');
    }
    if (hand.cards.length !== 2) {
      return refusal('SPLIT_NEEDS_TWO_CARDS', 'Split is only allowed on a hand of exactly two cards.');
    }
    const [first, second] = hand.cards as [number, number];
    if (blackjackCardValue(first) !== blackjackCardValue(second)) {
      return refusal('SPLIT_NEEDS_EQUAL_VALUES', 'Split is only allowed on two cards of equal value.');
    }
  }
  return null;
}

/** What the player may do now; empty once the round is over. */
export function allowedActions(state: BlackjackState): BlackjackAction[] {
  return BLACKJACK_ACTIONS.filter((action) => refusalFor(state, action, state.activeHandIndex) === null);
}

/**
 * What the player may do on a round as the browser sees it (docs/product.md §3 game, hole card hidden): the
 * same refusal rules as the server, applied to the wire game, so a button is enabled exactly when
 * the server would accept the action.
 */
export function allowedWireActions(
  game: Pick<WireBlackjackGame, 'playerHand1' | 'playerHand2' | 'isSplit' | 'activeHandIndex' | 'gameState'>,
): BlackjackAction[] {
  const hands = (game.isSplit ? [game.playerHand1, game.playerHand2] : [game.playerHand1]).map((cards) => ({
    cards,
    bet: '1',
    doubled: false,
    finished: false,
  }));
  if (game.activeHandIndex >= hands.length || hands.some((hand) => !hand.cards.every(isCardIndex))) return [];
  const state: BlackjackState = {
    version: 1,
    cursor: FIRST_CARDS,
    hands,
    dealer: [],
    activeHandIndex: game.activeHandIndex,
    gameState: game.gameState,
  };
  return allowedActions(state);
}

function withCard(hand: BlackjackHand, card: number): BlackjackHand {
  const cards = [...hand.cards, card];
  return { ...hand, cards, finished: hand.finished || handTotal(cards) >= 21 };
}

/**
 * Applies one player action. A refusal leaves the given state untouched (states are never mutated),
 * so the caller can answer with the message and keep the round as it was.
 */
export function applyAction(
  state: BlackjackState,
  action: BlackjackAction,
  handIndex: number,
  floatAt: FloatAt,
): BlackjackActionResult {
  const refused = refusalFor(state, action, handIndex);
  if (refused) return { ok: false, refusal: refused };

  let cursor = state.cursor;
  const draw = (): number => cardAt(floatAt, cursor++);
  const hands = [...state.hands];
  const hand = activeHand(state);
  const index = state.activeHandIndex;

  switch (action) {
    case 'hit':
      hands[index] = withCard(hand, draw());
      break;
    case 'stand':
      hands[index] = { ...hand, finished: true };
      break;
    case 'double':
      hands[index] = {
        ...withCard(hand, draw()),
        bet: (BigInt(hand.bet) * 2n).toString(),
        doubled: true,
        finished: true,
      };
      break;
    case 'split': {
      const [first, second] = hand.cards as [number, number];
      // Both second cards are dealt at the split (hand 1's first), which fixes their stream positions
      // whatever the player later does with hand 1.
      const splitHand = (card: number, next: number): BlackjackHand => ({
        cards: [card, next],
        bet: hand.bet,
        doubled: false,
        finished: isAce(card) || handTotal([card, next]) === 21,
      });
      const secondCardOfFirst = draw();
      const secondCardOfSecond = draw();
      hands.splice(index, 1, splitHand(first, secondCardOfFirst), splitHand(second, secondCardOfSecond));
      break;
    }
  }
  return { ok: true, state: advance(state, hands, cursor, floatAt) };
}

function advance(
  previous: BlackjackState,
  hands: readonly BlackjackHand[],
  cursor: number,
  floatAt: FloatAt,
): BlackjackState {
  const next = hands.findIndex((hand) => !hand.finished);
  if (next === 0 || next === 1) {
    return { ...previous, hands, cursor, activeHandIndex: next };
  }
  const dealer = [...previous.dealer];
  const anyHandStanding = hands.some((hand) => handTotal(hand.cards) <= 21);
  if (anyHandStanding) {
    // Dealer stands on all 17s, soft ones included.
    while (handTotal(dealer) < DEALER_STANDS_AT) dealer.push(cardAt(floatAt, cursor++));
  }
  return {
    ...previous,
    hands,
    dealer,
    cursor,
    activeHandIndex: hands.length === 2 ? 1 : 0,
    gameState: 'GameOver',
  };
}

function handOutcome(state: BlackjackState, hand: BlackjackHand): HandOutcome {
  const player = handTotal(hand.cards);
  if (player > 21) return 'lose';
  const natural = hasNatural(state);
  if (dealerHasBlackjack(state.dealer)) return natural ? 'push' : 'lose';
  if (natural) return 'blackjack';
  const dealer = handTotal(state.dealer);
  if (dealer > 21 || player > dealer) return 'win';
  return player === dealer ? 'push' : 'lose';
}

/** Stake included. A blackjack pays 3:2, floored to the base unit when the bet is odd. */
function returned(outcome: HandOutcome, bet: bigint): bigint {
  switch (outcome) {
    case 'blackjack':
      return bet + (bet * 3n) / 2n;
    case 'win':
      return bet * 2n;
    case 'push':
      return bet;
    case 'lose':
      return 0n;
  }
}

export function totalWager(state: BlackjackState): bigint {
  return state.hands.reduce((sum, hand) => sum + BigInt(hand.bet), 0n);
}

/**
 * The most a bet of `bet` could ever win beyond everything staked on it: split, double both hands
 * and win both (4 × bet), which beats a blackjack's 1.5 × bet. Bets are refused when this is above
 * maxPayout, so every win can be paid.
 */
export const BLACKJACK_MAX_PROFIT_FACTOR = 4n;

/** The most the player could still win beyond the stakes on this hand: split and double, double, or a plain win. */
function handMaxProfit(state: BlackjackState, hand: BlackjackHand): bigint {
  const bet = BigInt(hand.bet);
  if (hand.finished || hand.cards.length !== 2) return bet;
  const [first, second] = hand.cards as [number, number];
  const canSplit = !isSplit(state) && blackjackCardValue(first) === blackjackCardValue(second);
  return canSplit ? bet * BLACKJACK_MAX_PROFIT_FACTOR : bet * 2n;
}

/**
 * What an open round could still take from the house at most: the stakes already on it plus its
 * largest possible profit. A double or split adds its stake and its extra profit in equal measure,
 * so what the house has set aside for a round never has to grow beyond the stakes it receives.
 */
export function blackjackMaxPayout(state: BlackjackState): bigint {
  if (state.gameState === 'GameOver') return 0n;
  return state.hands.reduce((sum, hand) => sum + BigInt(hand.bet) + handMaxProfit(state, hand), 0n);
}

/** Extra stake the action takes from the balance, to be debited before the action is applied. */
export function actionStake(state: BlackjackState, action: BlackjackAction): bigint {
  if (action !== 'double' && action !== 'split') return 0n;
  return BigInt(activeHand(state).bet);
}

/** payout ÷ wager for the bets feed: a display number, the double nearest the exact ratio. */
export function payoutMultiplier(payout: bigint, wager: bigint): number {
  if (wager <= 0n) throw new RangeError(`Wager must be positive; got ${wager}`);
  const safe = BigInt(Number.MAX_SAFE_INTEGER);
  // Below 2^53 both convert exactly and one IEEE division rounds correctly.
  if (payout <= safe && wager <= safe) return Number(payout) / Number(wager);
  const scale = 10n ** 18n;
  return Number((payout * scale * 2n + wager) / (wager * 2n)) / Number(scale);
}

export function settle(state: BlackjackState): BlackjackSettlement {
  if (state.gameState !== 'GameOver') throw new Error('Only a finished round can be settled.');
  const outcomes = state.hands.map((hand) => handOutcome(state, hand));
  const results = state.hands.map((hand, i) => returned(outcomes[i] ?? 'lose', BigInt(hand.bet)));
  const resultAmount = results[0] ?? 0n;
  const resultAmount2 = results[1] ?? 0n;
  return {
    outcomes,
    resultAmount,
    resultAmount2,
    payout: resultAmount + resultAmount2,
    wager: totalWager(state),
  };
}

/**
 * docs/product.md §3 game shape. While the player acts the hole card goes out as 52 (`Hidden`) and
 * `dealerScore` counts the up card alone, so nothing on the wire reveals the hole card early.
 */
export function toWireGame(state: BlackjackState, id: string | number, currency: string): WireBlackjackGame {
  const over = state.gameState === 'GameOver';
  const [hand1, hand2] = state.hands;
  if (!hand1) throw new Error('Corrupt blackjack state: no player hand');
  const upCard = state.dealer[0];
  if (upCard === undefined) throw new Error('Corrupt blackjack state: no dealer card');
  const dealerHand = over ? [...state.dealer] : [upCard, HIDDEN_CARD];
  const settlement = over ? settle(state) : null;
  return {
    id,
    currency,
    playerHand1: [...hand1.cards],
    playerHand2: hand2 ? [...hand2.cards] : [],
    dealerHand,
    playerScore1: handTotal(hand1.cards),
    playerScore2: hand2 ? handTotal(hand2.cards) : 0,
    dealerScore: handTotal(dealerHand),
    isSplit: hand2 !== undefined,
    activeHandIndex: state.activeHandIndex,
    betAmount: unitsToNumber(BigInt(hand1.bet)),
    betAmount2: hand2 ? unitsToNumber(BigInt(hand2.bet)) : 0,
    resultAmount: unitsToNumber(settlement?.resultAmount ?? 0n),
    resultAmount2: unitsToNumber(settlement?.resultAmount2 ?? 0n),
    gameState: state.gameState,
  };
}

const BASE_UNITS = /^[1-9][0-9]*$/;

function parseHand(value: unknown): BlackjackHand {
  if (typeof value !== 'object' || value === null) throw new TypeError('hand must be an object');
  const { cards, bet, doubled, finished } = value as Record<string, unknown>;
  if (!Array.isArray(cards) || cards.length === 0 || !cards.every(isCardIndex)) {
    throw new TypeError('hand.cards must be a non-empty list of card indexes 0..51');
  }
  if (typeof bet !== 'string' || !BASE_UNITS.test(bet)) throw new TypeError('hand.bet must be positive base units');
  if (typeof doubled !== 'boolean' || typeof finished !== 'boolean') {
    throw new TypeError('hand.doubled and hand.finished must be booleans');
  }
  return { cards: [...cards], bet, doubled, finished };
}

/** Checks a state read back from storage (JSON.parse) before the engine trusts it. */
export function parseBlackjackState(value: unknown): BlackjackState {
  if (typeof value !== 'object' || value === null) throw new TypeError('blackjack state must be an object');
  const { version, cursor, hands, dealer, activeHandIndex, gameState } = value as Record<string, unknown>;
  if (version !== 1) throw new TypeError(`unsupported blackjack state version ${String(version)}`);
  if (typeof cursor !== 'number' || !Number.isInteger(cursor) || cursor < FIRST_CARDS) {
    throw new TypeError('cursor must be an integer of at least 4');
  }
  if (!Array.isArray(hands) || hands.length < 1 || hands.length > 2) {
    throw new TypeError('hands must hold 1 or 2 hands');
  }
  if (!Array.isArray(dealer) || dealer.length < 2 || !dealer.every(isCardIndex)) {
    throw new TypeError('dealer must hold at least two card indexes 0..51');
  }
  if (activeHandIndex !== 0 && activeHandIndex !== 1) throw new TypeError('activeHandIndex must be 0 or 1');
  if (activeHandIndex >= hands.length) throw new TypeError('activeHandIndex points past the hands');
  if (gameState !== 'PlayerTurn' && gameState !== 'GameOver') {
    throw new TypeError('gameState must be PlayerTurn or GameOver');
  }
  return {
    version,
    cursor,
    hands: hands.map(parseHand),
    dealer: [...(dealer as number[])],
    activeHandIndex,
    gameState,
  };
}

export interface VerifiedCard extends Card {
  /** Float index in the bet's stream. */
  readonly position: number;
}

/** The first `count` cards of a blackjack stream, in dealing order (see docs/blackjack.md). */
export function verifyBlackjack(floatAt: FloatAt, count: number): VerifiedCard[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer; got ${count}`);
  return Array.from({ length: count }, (_, position) => ({ position, ...describeCard(cardAt(floatAt, position)) }));
}
