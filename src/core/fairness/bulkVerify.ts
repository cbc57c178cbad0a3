/**
 * Bulk verification of a bet export (issue 23): every bet whose server seed is revealed is
 * recomputed from its seeds and compared with the outcome, multiplier and payout its line records,
 * and the revealed seed is checked against the hash shown before the bet. Shared by the CLI
 * (`npm run verify -- --file bets.jsonl`) and the /fairness page; the hashing is a port (node:crypto
 * in the CLI, WebCrypto in the browser), the rest is pure.
 */
import { readRecall, verifyRequestOf, checkRecall } from '../bets/recall';
import type { BetRecall } from '../bets/recall';
import { blackjackTotal } from '../games/cards';
import { dicePayoutUnits } from '../games/dice';
import { minesPayoutUnits } from '../games/mines';
import { settleBaccarat } from '../games/baccarat';
import type { HandOutcome } from '../games/blackjack';
import { decimalToUnits, unitsToDecimalString } from '../units';
import { floatAtFromArray } from './floats';
import { verifierFor } from './verify';
import { BetExportError, BetExportReader, linesOf } from './betExport';
import type { ReadBet } from './betExport';

/** The hashing a verification needs; sync or async. */
export interface VerifyCrypto {
  /** Lowercase hex SHA-256 of the text. */
  sha256(text: string): string | Promise<string>;
  /** The first `count` floats of the stream (docs/fairness.md). */
  floats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] | Promise<number[]>;
}

/** A bet that did not match, and why, in words. */
export interface Mismatch {
  id: number;
  line: number;
  reasons: string[];
}

export interface BulkSummary {
  /** Bets in the file. */
  total: number;
  /** Bets whose seed is revealed, all recomputed. */
  checked: number;
  matched: number;
  mismatches: Mismatch[];
  /** Bets whose seed pair still plays: their server seed is not public yet. */
  awaitingReveal: number;
}

/** payout ÷ wager floored to 4 decimals, as the bets table records it. */
export function recordedMultiplier(wager: bigint, payout: bigint): number {
  return wager > 0n ? Number((payout * 10_000n) / wager) / 10_000 : 0;
}

const units = (coins: number): bigint | null => {
  try {
    return decimalToUnits(coins);
  } catch {
    return null;
  }
};
const coins = (value: bigint) => unitsToDecimalString(value).replace(/\.?0+$/, '');

function blackjackHandOutcome(cards: readonly number[], dealer: readonly number[], split: boolean): HandOutcome {
  const twentyOne = (hand: readonly number[]) => hand.length === 2 && blackjackTotal(hand).total === 21;
  const player = blackjackTotal(cards).total;
  if (player > 21) return 'lose';
  const natural = !split && twentyOne(cards);
  if (twentyOne(dealer)) return natural ? 'push' : 'lose';
  if (natural) return 'blackjack';
  const dealerTotal = blackjackTotal(dealer).total;
  if (dealerTotal > 21 || player > dealerTotal) return 'win';
  return player === dealerTotal ? 'push' : 'lose';
}

function handReturn(outcome: HandOutcome, bet: bigint): bigint {
  if (outcome === 'blackjack') return bet + (bet * 3n) / 2n;
  if (outcome === 'win') return bet * 2n;
  return outcome === 'push' ? bet : 0n;
}

/**
 * What the game's rules pay for the recorded round and stake: `exact`, or at most `max` and more
 * than the stake (a Mines cash-out whose profit was capped at the maximum payout of the day).
 */
type ExpectedPayout = { exact: bigint } | { capped: bigint } | { problem: string };

function expectedPayout(recall: Exclude<BetRecall, { game: 'unreadable' }>, wager: bigint): ExpectedPayout {
  switch (recall.game) {
    case 'dice':
      return { exact: recall.win ? dicePayoutUnits(wager, recall.chance) : 0n };
    case 'mines':
      if (recall.hitMine !== null) return { exact: 0n };
      if (recall.gems.length === 0) return { problem: 'a cash-out without a gem' };
      return { capped: minesPayoutUnits(wager, recall.minesCount, recall.gems.length, wager * 1_000_000n) };
    case 'blackjack': {
      const split = recall.hands.length > 1;
      let payout = 0n;
      let staked = 0n;
      for (const [i, hand] of recall.hands.entries()) {
        const outcome = blackjackHandOutcome(hand.cards, recall.dealer, split);
        if (hand.outcome !== null && hand.outcome !== outcome) return { problem: `hand ${i + 1} is recorded as ${hand.outcome}, its cards make it ${outcome}` };
        const bet = units(hand.bet) ?? 0n;
        staked += bet;
        payout += handReturn(outcome, bet);
      }
      if (staked !== wager) return { problem: `the hands stake ${coins(staked)}, the wager is ${coins(wager)}` };
      return { exact: payout };
    }
    case 'baccarat': {
      if (recall.bets === null) return { problem: 'the stakes on each area are not recorded' };
      const bets = { player: units(recall.bets.player) ?? 0n, tie: units(recall.bets.tie) ?? 0n, banker: units(recall.bets.banker) ?? 0n };
      const settlement = settleBaccarat(bets, { winner: recall.winner });
      if (settlement.wager !== wager) return { problem: `the areas stake ${coins(settlement.wager)}, the wager is ${coins(wager)}` };
      return { exact: settlement.resultAmount };
    }
  }
}

/** Why one revealed bet does not match; empty when it does. */
export async function checkBet(read: ReadBet, crypto: VerifyCrypto, hashOf: (seed: string) => Promise<string>): Promise<string[]> {
  const { bet } = read;
  const reasons: string[] = [];
  const serverSeed = bet.serverSeed!;
  if (bet.seedHash === null || bet.clientSeed === null || bet.nonce === null) return ['its seed hash, client seed or nonce is missing'];
  const hash = await hashOf(serverSeed);
  if (hash !== bet.seedHash) reasons.push('the server seed does not hash to the seed hash shown before the bet');

  const recall = readRecall(bet.gameName, bet.outcome);
  const request = verifyRequestOf(recall);
  if (recall.game === 'unreadable' || request === null) return [...reasons, 'its outcome cannot be read'];
  const verifier = verifierFor(request.game);
  const floats = await crypto.floats(serverSeed, bet.clientSeed, bet.nonce, verifier.floatsNeeded(request.params as never));
  const outcome = verifier.verify(floatAtFromArray(floats), request.params as never);
  const check = checkRecall(recall, bet.seedHash, { serverSeedHash: hash, outcome });
  if (!check.outcomeMatches) reasons.push(`the seeds give ${check.computed}, not the outcome recorded`);

  const wager = units(bet.wager);
  const payout = units(bet.payout);
  if (wager === null || payout === null) return [...reasons, 'its wager or payout has more than 8 decimals'];
  const expected = expectedPayout(recall, wager);
  if ('problem' in expected) reasons.push(expected.problem);
  else if ('exact' in expected && expected.exact !== payout) reasons.push(`payout ${coins(payout)} recorded, the rules pay ${coins(expected.exact)}`);
  else if ('capped' in expected && !(payout === expected.capped || (payout > wager && payout < expected.capped))) {
    reasons.push(`payout ${coins(payout)} recorded, the rules pay ${coins(expected.capped)}`);
  }
  const multiplier = recordedMultiplier(wager, payout);
  if (multiplier !== bet.multiplier) reasons.push(`multiplier ${bet.multiplier} recorded, payout ÷ wager is ${multiplier}`);
  return reasons;
}

export interface BulkOptions {
  /** Bets checked between two pauses (the browser stays responsive between them). */
  chunk?: number;
  /** Called after each chunk with the bets done so far. */
  onProgress?: (done: number, total: number) => void;
  /** What runs between chunks: a macrotask in the browser; nothing by default. */
  pause?: () => Promise<void>;
}

/**
 * Checks bets batch by batch and keeps the running summary (the CLI feeds it a streamed file). A
 * seed is hashed once however many bets it played.
 */
export class BulkVerifier {
  private readonly hashes = new Map<string, Promise<string>>();
  private readonly summary: BulkSummary = { total: 0, checked: 0, matched: 0, mismatches: [], awaitingReveal: 0 };

  constructor(private readonly crypto: VerifyCrypto) {}

  private readonly hashOf = (seed: string): Promise<string> => {
    let hash = this.hashes.get(seed);
    if (!hash) {
      hash = Promise.resolve(this.crypto.sha256(seed));
      this.hashes.set(seed, hash);
    }
    return hash;
  };

  async add(read: ReadBet): Promise<void> {
    const summary = this.summary;
    summary.total += 1;
    if (read.bet.serverSeed === null) {
      summary.awaitingReveal += 1;
      return;
    }
    summary.checked += 1;
    const reasons = await checkBet(read, this.crypto, this.hashOf);
    if (reasons.length === 0) summary.matched += 1;
    else summary.mismatches.push({ id: read.bet.id, line: read.line, reasons });
  }

  result(): BulkSummary {
    return { ...this.summary, mismatches: [...this.summary.mismatches] };
  }
}

/** Checks every bet of a parsed export and sums up, pausing between chunks (the page stays responsive). */
export async function verifyBets(bets: readonly ReadBet[], crypto: VerifyCrypto, options: BulkOptions = {}): Promise<BulkSummary> {
  const chunk = options.chunk ?? 500;
  const verifier = new BulkVerifier(crypto);
  for (const [k, read] of bets.entries()) {
    await verifier.add(read);
    if ((k + 1) % chunk === 0 && k + 1 < bets.length) {
      options.onProgress?.(k + 1, bets.length);
      await options.pause?.();
    }
  }
  options.onProgress?.(bets.length, bets.length);
  return verifier.result();
}

export interface StreamOptions {
  /** Bets checked between two pauses (the browser stays responsive between them). */
  chunk?: number;
  /** Called after each chunk of bets, and once at the end, with the bets read so far. */
  onProgress?: (bets: number) => void;
  /** What runs between chunks: a macrotask in the browser; nothing by default. */
  pause?: () => Promise<void>;
}

export type StreamedVerify = { ok: true; summary: BulkSummary } | { ok: false; error: string };

/**
 * Verifies a bets download as its text arrives (the /fairness page reads the dropped file as a
 * stream): each line is read and its bet checked as it comes, so the file's text is never held
 * whole. A line that is not a bet ends it with the message naming the line, as parseBetExport
 * gives it; a read or hashing failure is thrown.
 */
export async function verifyExportStream(pieces: AsyncIterable<string>, crypto: VerifyCrypto, options: StreamOptions = {}): Promise<StreamedVerify> {
  const chunk = options.chunk ?? 500;
  const reader = new BetExportReader();
  const verifier = new BulkVerifier(crypto);
  let bets = 0;
  try {
    for await (const line of linesOf(pieces)) {
      const read = reader.line(line);
      if (!read) continue;
      await verifier.add(read);
      bets += 1;
      if (bets % chunk === 0) {
        options.onProgress?.(bets);
        await options.pause?.();
      }
    }
  } catch (error) {
    if (error instanceof BetExportError) return { ok: false, error: error.message };
    throw error;
  }
  options.onProgress?.(bets);
  return { ok: true, summary: verifier.result() };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary in words, line by line: what the CLI prints and the page shows. */
export function summaryLines(summary: BulkSummary): { headline: string; mismatches: string[]; awaiting: string } {
  return {
    headline: `${plural(summary.checked, 'bet', 'bets')} checked: ${summary.matched} matched, ${summary.mismatches.length} did not.`,
    mismatches: summary.mismatches.map((m) => `Bet ${m.id} (line ${m.line}): ${m.reasons.join('; ')}.`),
    awaiting: `${plural(summary.awaitingReveal, 'bet awaits', 'bets await')} a seed reveal.`,
  };
}

/** The CLI's exit code: 0 when every revealed bet matches, 1 on any mismatch. */
export function exitCodeOf(summary: BulkSummary): 0 | 1 {
  return summary.mismatches.length === 0 ? 0 : 1;
}
