import { blackjackCardValue, blackjackTotal } from './cards';
import { allowedActions } from './blackjack';
import type { BlackjackAction, BlackjackState } from './blackjack';

/**
 * Basic strategy for our rules (infinite deck, dealer stands on soft 17, peek on Ace/ten, 3:2,
 * double any two cards including after a split, one split, split Aces get one card, no surrender).
 * Used by the simulations and to publish the game's theoretical return; it is not a player hint.
 */
export interface StrategyHand {
  readonly total: number;
  readonly soft: boolean;
  /** Value of the two paired cards when a split is allowed, else null. */
  readonly pairValue: number | null;
  readonly canDouble: boolean;
}

/** Dealer up-card values 2..11 (Ace = 11). */
function upIn(up: number, from: number, to: number): boolean {
  return up >= from && up <= to;
}

function splits(pairValue: number, up: number): boolean {
  switch (pairValue) {
    case 11:
    case 8:
      return true;
    case 9:
      return upIn(up, 2, 6) || up === 8 || up === 9;
    case 7:
    case 3:
    case 2:
      return upIn(up, 2, 7);
    case 6:
      return upIn(up, 2, 6);
    case 4:
      return up === 5 || up === 6;
    default:
      return false;
  }
}

function softMove(total: number, up: number, canDouble: boolean): BlackjackAction {
  const hitOrDouble = (doubleFrom: number, doubleTo: number): BlackjackAction =>
    canDouble && upIn(up, doubleFrom, doubleTo) ? 'double' : 'hit';
  if (total >= 19) return 'stand';
  if (total === 18) {
    if (upIn(up, 3, 6)) return canDouble ? 'double' : 'stand';
    return upIn(up, 9, 11) ? 'hit' : 'stand';
  }
  if (total === 17) return hitOrDouble(3, 6);
  if (total >= 15) return hitOrDouble(4, 6);
  if (total >= 13) return hitOrDouble(5, 6);
  return 'hit';
}

function hardMove(total: number, up: number, canDouble: boolean): BlackjackAction {
  if (total >= 17) return 'stand';
  if (total >= 13) return upIn(up, 2, 6) ? 'stand' : 'hit';
  if (total === 12) return upIn(up, 4, 6) ? 'stand' : 'hit';
  const doubleOn = total === 11 ? upIn(up, 2, 10) : total === 10 ? upIn(up, 2, 9) : total === 9 && upIn(up, 3, 6);
  return canDouble && doubleOn ? 'double' : 'hit';
}

export function basicStrategyMove(hand: StrategyHand, dealerUpValue: number): BlackjackAction {
  if (hand.pairValue !== null && splits(hand.pairValue, dealerUpValue)) return 'split';
  return hand.soft
    ? softMove(hand.total, dealerUpValue, hand.canDouble)
    : hardMove(hand.total, dealerUpValue, hand.canDouble);
}

/** The basic-strategy action for the hand in play of an engine round in PlayerTurn. */
export function basicStrategyAction(state: BlackjackState): BlackjackAction {
  const hand = state.hands[state.activeHandIndex];
  const upCard = state.dealer[0];
  if (!hand || upCard === undefined || state.gameState !== 'PlayerTurn') {
    throw new Error('Basic strategy needs a round in PlayerTurn');
  }
  const allowed = allowedActions(state);
  const { total, soft } = blackjackTotal(hand.cards);
  const first = hand.cards[0];
  const pairValue = allowed.includes('split') && first !== undefined ? blackjackCardValue(first) : null;
  const canDouble = allowed.includes('double');
  return basicStrategyMove({ total, soft, pairValue, canDouble }, blackjackCardValue(upCard));
}

// ---- Exact expectation over the infinite deck -------------------------------------------------

/** Card values 2..11 with their probabilities: four ranks are worth ten. */
const DRAWS: readonly (readonly [number, number])[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((value) => [
  value,
  value === 10 ? 4 / 13 : 1 / 13,
]);

interface Total {
  readonly total: number;
  readonly soft: boolean;
}

function addCard({ total, soft }: Total, value: number): Total {
  let next = total + value;
  let aces = (soft ? 1 : 0) + (value === 11 ? 1 : 0);
  while (next > 21 && aces > 0) {
    next -= 10;
    aces -= 1;
  }
  return { total: next, soft: aces > 0 };
}

/** Final dealer totals 17..21 and 22 (= bust), given the up card and that the dealer has no blackjack. */
export function dealerFinals(up: number): Map<number, number> {
  const finals = new Map<number, number>();
  const play = (hand: Total, probability: number): void => {
    if (hand.total >= 17) {
      const key = Math.min(hand.total, 22);
      finals.set(key, (finals.get(key) ?? 0) + probability);
      return;
    }
    for (const [value, p] of DRAWS) play(addCard(hand, value), probability * p);
  };
  const start: Total = { total: up, soft: up === 11 };
  // Conditioning on the peek: the hole card cannot complete a blackjack.
  const holeCards = DRAWS.filter(([value]) => value + up !== 21);
  const mass = holeCards.reduce((sum, [, p]) => sum + p, 0);
  for (const [value, p] of holeCards) play(addCard(start, value), p / mass);
  return finals;
}

/** Net result and stake of one hand, both per unit of its original bet. */
interface HandExpectation {
  readonly net: number;
  readonly wager: number;
}

function standNet(total: number, finals: Map<number, number>): number {
  if (total > 21) return -1;
  let net = 0;
  for (const [dealer, p] of finals) net += dealer > 21 || total > dealer ? p : total === dealer ? 0 : -p;
  return net;
}

function handExpectation(
  hand: Total,
  pairValue: number | null,
  canDouble: boolean,
  up: number,
  finals: Map<number, number>,
): HandExpectation {
  if (hand.total >= 21) return { net: standNet(hand.total, finals), wager: 1 };
  const move = basicStrategyMove({ ...hand, pairValue, canDouble }, up);
  switch (move) {
    case 'stand':
      return { net: standNet(hand.total, finals), wager: 1 };
    case 'double': {
      let net = 0;
      for (const [value, p] of DRAWS) net += p * 2 * standNet(addCard(hand, value).total, finals);
      return { net, wager: 2 };
    }
    case 'hit': {
      let net = 0;
      let wager = 0;
      for (const [value, p] of DRAWS) {
        const next = handExpectation(addCard(hand, value), null, false, up, finals);
        net += p * next.net;
        wager += p * next.wager;
      }
      return { net, wager };
    }
    case 'split': {
      // Expectation is linear, so the two hands count separately even though they share the dealer.
      const card = pairValue ?? 0;
      let net = 0;
      let wager = 0;
      for (const [value, p] of DRAWS) {
        const start = addCard({ total: card, soft: card === 11 }, value);
        const played =
          card === 11 ? { net: standNet(start.total, finals), wager: 1 } : handExpectation(start, null, true, up, finals);
        net += 2 * p * played.net;
        wager += 2 * p * played.wager;
      }
      return { net, wager };
    }
  }
}

export interface BlackjackExpectation {
  /** 1 + expected net result per unit of initial bet: the usual "RTP" (1 − house edge). */
  readonly returnPerInitialBet: number;
  /** Expected stake per unit of initial bet, doubles and splits included. */
  readonly wagerPerInitialBet: number;
  /** Expected payout ÷ expected stake, i.e. the long-run total payout ÷ total wagered. */
  readonly returnPerUnitWagered: number;
}

/** Exact expectation of basic strategy under our rules, by recursion over the infinite deck. */
export function basicStrategyExpectation(): BlackjackExpectation {
  let net = 0;
  let wager = 0;
  for (const [up, pUp] of DRAWS) {
    const finals = dealerFinals(up);
    const dealerBlackjack = up === 11 ? 4 / 13 : up === 10 ? 1 / 13 : 0;
    for (const [first, p1] of DRAWS)
      for (const [second, p2] of DRAWS) {
        const p = pUp * p1 * p2;
        const hand = addCard({ total: first, soft: first === 11 }, second);
        if (hand.total === 21) {
          net += p * (1 - dealerBlackjack) * 1.5;
          wager += p;
          continue;
        }
        const played = handExpectation(hand, first === second ? first : null, true, up, finals);
        net += p * (dealerBlackjack * -1 + (1 - dealerBlackjack) * played.net);
        wager += p * (dealerBlackjack + (1 - dealerBlackjack) * played.wager);
      }
  }
  return { returnPerInitialBet: 1 + net, wagerPerInitialBet: wager, returnPerUnitWagered: (wager + net) / wager };
}
