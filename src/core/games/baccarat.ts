import type { FloatAt } from '../fairness/floats';
import { baccaratCardValue, baccaratScore, cardAt, describeCard } from './cards';
import type { Card } from './cards';
import { unitsToNumber } from '../money';

export type BaccaratSide = 'player' | 'banker';
export type BaccaratWinner = BaccaratSide | 'tie';

export interface BaccaratDeal {
  readonly playerHand: readonly number[];
  readonly bankerHand: readonly number[];
  readonly playerScore: number;
  readonly bankerScore: number;
  readonly winner: BaccaratWinner;
  /** Cards in the order they were dealt; entry i came from float i of the stream. */
  readonly order: readonly { readonly side: BaccaratSide; readonly card: number }[];
}

export interface BaccaratBets {
  readonly player: bigint;
  readonly tie: bigint;
  readonly banker: bigint;
}

export interface BaccaratSettlement {
  /** Total returned to the player across the three bets, stakes included. */
  readonly resultAmount: bigint;
  readonly wager: bigint;
  readonly returns: BaccaratBets;
}

export interface WireBaccaratGame {
  playerHand: number[];
  bankerHand: number[];
  playerScore: number;
  bankerScore: number;
  resultAmount: number;
}

/** A two-card 8 or 9 ends the deal for both sides. */
export function isNatural(twoCardScore: number): boolean {
  return twoCardScore >= 8;
}

export function playerDraws(playerTwoCardScore: number): boolean {
  return playerTwoCardScore <= 5;
}

/**
 * Punto banco tableau. `playerThirdValue` is null when the player stood, in which case the banker
 * plays like the player (draws on 0–5).
 */
export function bankerDraws(bankerTwoCardScore: number, playerThirdValue: number | null): boolean {
  if (playerThirdValue === null) return bankerTwoCardScore <= 5;
  switch (bankerTwoCardScore) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThirdValue !== 8;
    case 4:
      return playerThirdValue >= 2 && playerThirdValue <= 7;
    case 5:
      return playerThirdValue >= 4 && playerThirdValue <= 7;
    case 6:
      return playerThirdValue === 6 || playerThirdValue === 7;
    default:
      return false;
  }
}

function winnerOf(playerScore: number, bankerScore: number): BaccaratWinner {
  if (playerScore === bankerScore) return 'tie';
  return playerScore > bankerScore ? 'player' : 'banker';
}

/** Floats 0..3 deal player, banker, player, banker; then the player's third card, then the banker's. */
export function dealBaccarat(floatAt: FloatAt): BaccaratDeal {
  const order: { side: BaccaratSide; card: number }[] = [];
  const playerHand: number[] = [];
  const bankerHand: number[] = [];
  const deal = (side: BaccaratSide): number => {
    const card = cardAt(floatAt, order.length);
    order.push({ side, card });
    (side === 'player' ? playerHand : bankerHand).push(card);
    return card;
  };
  deal('player');
  deal('banker');
  deal('player');
  deal('banker');
  const playerTwo = baccaratScore(playerHand);
  const bankerTwo = baccaratScore(bankerHand);
  if (!isNatural(playerTwo) && !isNatural(bankerTwo)) {
    let playerThirdValue: number | null = null;
    if (playerDraws(playerTwo)) playerThirdValue = baccaratCardValue(deal('player'));
    if (bankerDraws(bankerTwo, playerThirdValue)) deal('banker');
  }
  const playerScore = baccaratScore(playerHand);
  const bankerScore = baccaratScore(bankerHand);
  return { playerHand, bankerHand, playerScore, bankerScore, winner: winnerOf(playerScore, bankerScore), order };
}

/**
 * Player pays 1:1, banker 0.95:1 (the win floored to the base unit, so the house never pays a
 * fraction), tie 8:1. A tie returns the player and banker stakes.
 */
export function settleBaccarat(bets: BaccaratBets, outcome: Pick<BaccaratDeal, 'winner'>): BaccaratSettlement {
  for (const [name, amount] of Object.entries(bets) as [string, bigint][]) {
    if (amount < 0n) throw new RangeError(`The ${name} bet must not be negative; got ${amount}`);
  }
  const tie = outcome.winner === 'tie';
  const returns: BaccaratBets = {
    player: tie ? bets.player : outcome.winner === 'player' ? bets.player * 2n : 0n,
    banker: tie ? bets.banker : outcome.winner === 'banker' ? bets.banker + (bets.banker * 95n) / 100n : 0n,
    tie: tie ? bets.tie * 9n : 0n,
  };
  return {
    resultAmount: returns.player + returns.banker + returns.tie,
    wager: bets.player + bets.tie + bets.banker,
    returns,
  };
}

export function toWireBaccaratGame(deal: BaccaratDeal, resultAmount: bigint): WireBaccaratGame {
  return {
    playerHand: [...deal.playerHand],
    bankerHand: [...deal.bankerHand],
    playerScore: deal.playerScore,
    bankerScore: deal.bankerScore,
    resultAmount: unitsToNumber(resultAmount),
  };
}

export interface BaccaratProbabilities {
  /** Numerators over `denominator` = 13^6: every deal uses at most six cards. */
  readonly player: number;
  readonly banker: number;
  readonly tie: number;
  readonly denominator: number;
}

export interface BaccaratRtp {
  readonly player: number;
  readonly banker: number;
  readonly tie: number;
}

/** Of the 13 equally likely ranks, four (Ten to King) count 0 and the others 1..9 once each. */
const VALUE_WEIGHTS = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1] as const;

/**
 * Exact outcome probabilities over the infinite deck, by enumerating six card values with their
 * rank weights. Unused third cards still range over all values, which adds a factor 13 to every
 * branch alike, so the counts stay exact integers over 13^6.
 */
export function baccaratExactProbabilities(): BaccaratProbabilities {
  const counts = { player: 0, banker: 0, tie: 0 };
  const weight = (value: number): number => VALUE_WEIGHTS[value] ?? 0;
  for (let p1 = 0; p1 < 10; p1++)
    for (let b1 = 0; b1 < 10; b1++)
      for (let p2 = 0; p2 < 10; p2++)
        for (let b2 = 0; b2 < 10; b2++) {
          const w4 = weight(p1) * weight(b1) * weight(p2) * weight(b2);
          const playerTwo = (p1 + p2) % 10;
          const bankerTwo = (b1 + b2) % 10;
          for (let c5 = 0; c5 < 10; c5++)
            for (let c6 = 0; c6 < 10; c6++) {
              let player = playerTwo;
              let banker = bankerTwo;
              // Floats 4 and 5 are the next cards; whoever draws first takes the 5th float.
              if (!isNatural(playerTwo) && !isNatural(bankerTwo)) {
                let thirdValue: number | null = null;
                if (playerDraws(playerTwo)) {
                  thirdValue = c5;
                  player = (player + c5) % 10;
                }
                if (bankerDraws(bankerTwo, thirdValue)) banker = (banker + (thirdValue === null ? c5 : c6)) % 10;
              }
              counts[winnerOf(player, banker)] += w4 * weight(c5) * weight(c6);
            }
        }
  return { ...counts, denominator: 13 ** 6 };
}

/** Expected return per unit staked on each bet, with the banker's 5% commission taken exactly. */
export function baccaratExactRtp(): BaccaratRtp {
  const { player, banker, tie, denominator } = baccaratExactProbabilities();
  return {
    player: (2 * player + tie) / denominator,
    banker: (1.95 * banker + tie) / denominator,
    tie: (9 * tie) / denominator,
  };
}

export interface VerifiedBaccarat {
  readonly playerHand: readonly Card[];
  readonly bankerHand: readonly Card[];
  readonly playerScore: number;
  readonly bankerScore: number;
  readonly winner: BaccaratWinner;
  readonly order: readonly (Card & { readonly position: number; readonly side: BaccaratSide })[];
}

export function verifyBaccarat(floatAt: FloatAt): VerifiedBaccarat {
  const deal = dealBaccarat(floatAt);
  return {
    playerHand: deal.playerHand.map(describeCard),
    bankerHand: deal.bankerHand.map(describeCard),
    playerScore: deal.playerScore,
    bankerScore: deal.bankerScore,
    winner: deal.winner,
    order: deal.order.map(({ side, card }, position) => ({ position, side, ...describeCard(card) })),
  };
}

let houseEdge: BaccaratRtp | null = null;

/**
 * House edge of each bet over the infinite deck (docs/baccarat.md): player 1.23%, banker 1.06%, tie
 * 14.12%. Worked out on first use, not on import: the browser imports this module too.
 */
function houseEdges(): BaccaratRtp {
  if (!houseEdge) {
    const rtp = baccaratExactRtp();
    houseEdge = { player: 1 - rtp.player, tie: 1 - rtp.tie, banker: 1 - rtp.banker };
  }
  return houseEdge;
}

/** A round mixing areas has the stake-weighted edge of its bets (what the rewards pool shares). */
export function roundHouseEdge(bets: BaccaratBets): number {
  const total = bets.player + bets.tie + bets.banker;
  if (total <= 0n) return 0;
  const edge = houseEdges();
  const weighted = Number(bets.player) * edge.player + Number(bets.tie) * edge.tie + Number(bets.banker) * edge.banker;
  return weighted / Number(total);
}

/** The largest profit the three areas could bring together, over the three possible winners. */
export function maxProfitOf(bets: BaccaratBets): bigint {
  let best = 0n;
  for (const winner of ['player', 'banker', 'tie'] as const) {
    const settlement = settleBaccarat(bets, { winner });
    const profit = settlement.resultAmount - settlement.wager;
    if (profit > best) best = profit;
  }
  return best;
}
