/**
 * Game recall (issue 20 "Every bet can be recalled"; GLI-19 game recall): a settled bet's stored
 * outcome read back as the game it was, the verifier request that recomputes it from the revealed
 * seeds, and the comparison of the two. Pure: the browser draws and checks with it, the server
 * picks from it what a visitor may see.
 */
import { isCardIndex } from '../games/cards';
import { isValidChance } from '../games/dice';
import type { DiceTarget } from '../games/dice';
import { isTileId, isValidMinesCount } from '../games/mines';
import type { BaccaratWinner } from '../games/baccarat';
import type { HandOutcome } from '../games/blackjack';
import type { VerifiableGame, VerifiableGames } from '../fairness/verify';
import { unitsToNumber } from '../money';

/** A bet's number as it appears in /bet/ID and in get-bet's query: 1 to 15 digits, no leading zero. */
export const BET_ID_PATTERN = '^[1-9][0-9]{0,14}$';
const BET_ID = new RegExp(BET_ID_PATTERN);

export function isBetId(text: string): boolean {
  return BET_ID.test(text);
}

export interface DiceRecall {
  game: 'dice';
  roll: number;
  chance: number;
  target: DiceTarget;
  win: boolean;
}

export interface MinesRecall {
  game: 'mines';
  minesCount: number;
  /** Every mine of the board, ascending. */
  mines: number[];
  /** The gems picked, in the order they were picked. */
  gems: number[];
  /** The mine that ended the game, or null for a cash-out. */
  hitMine: number | null;
}

export interface BlackjackHandRecall {
  cards: number[];
  /** Coins staked on the hand (doubled included). */
  bet: number;
  doubled: boolean;
  outcome: HandOutcome | null;
}

/** Who a dealt card went to, in the order the shoe dealt it (float i is card i). */
export type BlackjackSeat = 'player' | 'player1' | 'player2' | 'dealer';

export interface BlackjackRecall {
  game: 'blackjack';
  hands: BlackjackHandRecall[];
  dealer: number[];
  /** The cards in the order they were dealt, reconstructed from the hands (see blackjackDealOrder). */
  dealt: Array<{ seat: BlackjackSeat; card: number }>;
}

export interface BaccaratRecall {
  game: 'baccarat';
  playerHand: number[];
  bankerHand: number[];
  playerScore: number;
  bankerScore: number;
  winner: BaccaratWinner;
  /** Coins on each area; null when the record does not hold them. */
  bets: { player: number; tie: number; banker: number } | null;
}

/** A record that cannot be drawn: a game this page does not know, or an outcome missing its fields. */
export interface UnreadableRecall {
  game: 'unreadable';
  gameName: string;
}

export type BetRecall = DiceRecall | MinesRecall | BlackjackRecall | BaccaratRecall | UnreadableRecall;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCards = (value: unknown): value is number[] => Array.isArray(value) && value.every(isCardIndex);
const isTiles = (value: unknown): value is number[] => Array.isArray(value) && value.every((t) => typeof t === 'number' && isTileId(t));
const HAND_OUTCOMES: readonly string[] = ['blackjack', 'win', 'push', 'lose'];
const WINNERS: readonly string[] = ['player', 'banker', 'tie'];

/** Base units as the server stores them (a decimal string, or a number) to coins; null if it is neither. */
function coins(value: unknown): number | null {
  if (typeof value === 'string' && /^\d{1,30}$/.test(value)) return unitsToNumber(BigInt(value));
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return unitsToNumber(BigInt(value));
  return null;
}

function readDice(o: Record<string, unknown>): DiceRecall | null {
  const { roll, chance, target, win } = o;
  if (typeof roll !== 'number' || !(roll >= 0 && roll <= 100)) return null;
  if (typeof chance !== 'number' || !isValidChance(chance)) return null;
  if (target !== 'under' && target !== 'over') return null;
  if (typeof win !== 'boolean') return null;
  return { game: 'dice', roll, chance, target, win };
}

function readMines(o: Record<string, unknown>): MinesRecall | null {
  const { minesCount, mines, gems, hitMine } = o;
  if (typeof minesCount !== 'number' || !isValidMinesCount(minesCount)) return null;
  if (!isTiles(mines) || mines.length !== minesCount || !isTiles(gems)) return null;
  if (hitMine !== null && !(typeof hitMine === 'number' && mines.includes(hitMine))) return null;
  if (gems.some((g) => mines.includes(g)) || new Set([...mines, ...gems]).size !== mines.length + gems.length) return null;
  return { game: 'mines', minesCount, mines: [...mines].sort((a, b) => a - b), gems: [...gems], hitMine };
}

/**
 * The shoe's order, from how blackjack deals (src/core/games/blackjack.ts): player, dealer up card,
 * player, hole card; at a split the second card of each new hand (first hand first); then the hits
 * of the first hand, of the second hand, and last the dealer's draws. Hands are played one after
 * the other, so the stored hands fix every card's position.
 */
export function blackjackDealOrder(hands: readonly (readonly number[])[], dealer: readonly number[]): Array<{ seat: BlackjackSeat; card: number }> {
  const [first = [], second] = hands;
  const dealt: Array<{ seat: BlackjackSeat; card: number }> = [];
  const push = (seat: BlackjackSeat, cards: readonly number[]) => cards.forEach((card) => dealt.push({ seat, card }));
  if (second === undefined) {
    push('player', first.slice(0, 1));
    push('dealer', dealer.slice(0, 1));
    push('player', first.slice(1, 2));
    push('dealer', dealer.slice(1, 2));
    push('player', first.slice(2));
  } else {
    push('player1', first.slice(0, 1));
    push('dealer', dealer.slice(0, 1));
    push('player2', second.slice(0, 1));
    push('dealer', dealer.slice(1, 2));
    push('player1', first.slice(1, 2));
    push('player2', second.slice(1, 2));
    push('player1', first.slice(2));
    push('player2', second.slice(2));
  }
  push('dealer', dealer.slice(2));
  return dealt;
}

function readBlackjack(o: Record<string, unknown>): BlackjackRecall | null {
  const { playerHands, dealerHand, outcomes } = o;
  if (!Array.isArray(playerHands) || playerHands.length < 1 || playerHands.length > 2) return null;
  if (!isCards(dealerHand) || dealerHand.length < 2) return null;
  const hands: BlackjackHandRecall[] = [];
  for (const [i, hand] of playerHands.entries()) {
    if (!isRecord(hand) || !isCards(hand.cards) || hand.cards.length < 2) return null;
    const bet = coins(hand.bet);
    if (bet === null) return null;
    const outcome = Array.isArray(outcomes) && typeof outcomes[i] === 'string' && HAND_OUTCOMES.includes(outcomes[i]) ? (outcomes[i] as HandOutcome) : null;
    hands.push({ cards: [...hand.cards], bet, doubled: hand.doubled === true, outcome });
  }
  return { game: 'blackjack', hands, dealer: [...dealerHand], dealt: blackjackDealOrder(hands.map((h) => h.cards), dealerHand) };
}

function readBaccarat(o: Record<string, unknown>): BaccaratRecall | null {
  const { playerHand, bankerHand, playerScore, bankerScore, winner, bets } = o;
  if (!isCards(playerHand) || !isCards(bankerHand)) return null;
  if (playerHand.length < 2 || playerHand.length > 3 || bankerHand.length < 2 || bankerHand.length > 3) return null;
  if (typeof playerScore !== 'number' || typeof bankerScore !== 'number') return null;
  if (typeof winner !== 'string' || !WINNERS.includes(winner)) return null;
  let areaBets: BaccaratRecall['bets'] = null;
  if (isRecord(bets)) {
    const [player, tie, banker] = [coins(bets.player), coins(bets.tie), coins(bets.banker)];
    if (player !== null && tie !== null && banker !== null) areaBets = { player, tie, banker };
  }
  return { game: 'baccarat', playerHand: [...playerHand], bankerHand: [...bankerHand], playerScore, bankerScore, winner: winner as BaccaratWinner, bets: areaBets };
}

const READERS: Record<string, (o: Record<string, unknown>) => BetRecall | null> = {
  Dice: readDice,
  Mines: readMines,
  Blackjack: readBlackjack,
  Baccarat: readBaccarat,
};

/** The stored outcome of a bet as the game it was; unreadable when the record lacks what drawing it needs. */
export function readRecall(gameName: string, outcome: unknown): BetRecall {
  const reader = Object.hasOwn(READERS, gameName) ? READERS[gameName] : undefined;
  const recall = reader && isRecord(outcome) ? reader(outcome) : null;
  return recall ?? { game: 'unreadable', gameName };
}

/**
 * What a visitor may see of a stored outcome: the fields the recall draws, and nothing else the
 * record keeps (the game's internal id, bookkeeping). An unreadable record shows nothing.
 */
export function publicOutcome(gameName: string, outcome: unknown): Record<string, unknown> | null {
  const recall = readRecall(gameName, outcome);
  if (recall.game === 'unreadable' || !isRecord(outcome)) return null;
  const keep: Record<Exclude<BetRecall['game'], 'unreadable'>, readonly string[]> = {
    dice: ['roll', 'chance', 'target', 'win'],
    mines: ['minesCount', 'mines', 'gems', 'hitMine'],
    blackjack: ['playerHands', 'dealerHand', 'outcomes'],
    baccarat: ['playerHand', 'bankerHand', 'playerScore', 'bankerScore', 'winner', 'bets'],
  };
  const picked: Record<string, unknown> = Object.fromEntries(keep[recall.game].filter((key) => key in outcome).map((key) => [key, outcome[key]]));
  if (recall.game === 'blackjack') {
    picked.playerHands = recall.hands.map((hand, i) => ({ cards: hand.cards, bet: String((outcome.playerHands as Array<{ bet: unknown }>)[i]!.bet), doubled: hand.doubled }));
  }
  if (recall.game === 'baccarat' && isRecord(outcome.bets)) {
    const bets = outcome.bets;
    picked.bets = { player: String(bets.player), tie: String(bets.tie), banker: String(bets.banker) };
  }
  return picked;
}

// ---------------------------------------------------------------------------------------------
// Verification of a recall

export type RecallVerifyRequest = { [G in VerifiableGame]: { game: G; params: VerifiableGames[G]['params'] } }[VerifiableGame];

/** The Seed modal's verifier request that recomputes this bet (the same verifiers, the same params). */
export function verifyRequestOf(recall: BetRecall): RecallVerifyRequest | null {
  switch (recall.game) {
    case 'dice':
      return { game: 'dice', params: { chance: recall.chance, target: recall.target } };
    case 'mines':
      return { game: 'mines', params: { mines: recall.minesCount } };
    case 'blackjack':
      return { game: 'blackjack', params: { cards: recall.dealt.length } };
    case 'baccarat':
      return { game: 'baccarat', params: {} };
    case 'unreadable':
      return null;
  }
}

/** What the browser computed from the revealed seed: its SHA-256 and the verifier's outcome. */
export interface ComputedRecall {
  serverSeedHash: string;
  outcome: VerifiableGames[VerifiableGame]['outcome'];
}

export interface RecallCheck {
  /** SHA-256(server seed) equals the hash shown before the bet. */
  hashMatches: boolean;
  /** The outcome recomputed from the seeds is the one the bet records. */
  outcomeMatches: boolean;
  /** The recomputed outcome in words ("roll 70.61", "mines on tiles 0, 6, 24"). */
  computed: string;
}

/** Tiles numbered 0 to 24 in reading order, as docs/fairness.md numbers them. */
const tileList = (tiles: readonly number[]) => tiles.join(', ');
const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function describeCards(cards: readonly number[]): string {
  const RANK = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
  const SUIT = ['♦', '♥', '♠', '♣'];
  return cards.map((c) => `${RANK[Math.floor(c / 4)]}${SUIT[c % 4]}`).join(' ');
}

function compareOutcome(recall: Exclude<BetRecall, UnreadableRecall>, outcome: unknown): { matches: boolean; computed: string } {
  const o = (isRecord(outcome) ? outcome : {}) as Record<string, unknown>;
  switch (recall.game) {
    case 'dice': {
      const roll = typeof o.roll === 'number' ? o.roll : Number.NaN;
      return { matches: roll === recall.roll && o.win === recall.win, computed: `roll ${roll.toFixed(2)}` };
    }
    case 'mines': {
      const mines = isTiles(o.mineTiles) ? o.mineTiles : [];
      return { matches: sameList(mines, recall.mines), computed: `mines on tiles ${tileList(mines)}` };
    }
    case 'blackjack': {
      const cards = Array.isArray(o.cards) ? o.cards.map((c: unknown) => (isRecord(c) && typeof c.index === 'number' ? c.index : -1)) : [];
      return { matches: sameList(cards, recall.dealt.map((d) => d.card)), computed: `cards dealt ${describeCards(cards.filter(isCardIndex))}` };
    }
    case 'baccarat': {
      const indexes = (hand: unknown) => (Array.isArray(hand) ? hand.map((c: unknown) => (isRecord(c) && typeof c.index === 'number' ? c.index : -1)) : []);
      const player = indexes(o.playerHand);
      const banker = indexes(o.bankerHand);
      return {
        matches: sameList(player, recall.playerHand) && sameList(banker, recall.bankerHand) && o.winner === recall.winner,
        computed: `player ${describeCards(player.filter(isCardIndex))}, banker ${describeCards(banker.filter(isCardIndex))}`,
      };
    }
  }
}

/** The two checks of a recall: the seed's hash against the hash shown, and the recomputed outcome against the record. */
export function checkRecall(recall: BetRecall, shownHash: string, computed: ComputedRecall): RecallCheck {
  const hashMatches = computed.serverSeedHash === shownHash.toLowerCase();
  if (recall.game === 'unreadable') return { hashMatches, outcomeMatches: false, computed: '' };
  const { matches, computed: words } = compareOutcome(recall, computed.outcome);
  return { hashMatches, outcomeMatches: matches, computed: words };
}
