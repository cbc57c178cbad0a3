import { describe, expect, it, vi } from 'vitest';
import { BET_CSV_HEADER, betCsvLine, betJsonLine, linesOf, parseBetExport } from '../../src/core/fairness/betExport';
import type { ExportedBet, ReadBet } from '../../src/core/fairness/betExport';
import { exitCodeOf, recordedMultiplier, summaryLines, verifyBets, verifyExportStream } from '../../src/core/fairness/bulkVerify';
import { createFloatStream } from '../../src/core/fairness/floats';
import { floatsAsync, sha256HexAsync } from '../../src/core/fairness/webcrypto';
import { diceMultiplier, diceRollFromStream, diceWins } from '../../src/core/games/dice';
import { minesMultiplier, minesTileOrder } from '../../src/core/games/mines';
import { nodeHmacSha256, sha256Hex } from '../../src/server/fairness/hmac';
import { nodeVerifyCrypto } from '../../src/server/fairness/verifyCrypto';

/** The bet export's formats and the bulk verifier shared by the CLI and the /fairness page. */

const SERVER_SEED = 'b6c5e8e1f7a0a9d4c3b2a1908f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4';
const CLIENT_SEED = 'Kx9fQ2mZ7rLp0aT4vW1y';
const floatAt = (nonce: number) => createFloatStream(nodeHmacSha256, SERVER_SEED, CLIENT_SEED, nonce).at;

const base = (nonce: number): Omit<ExportedBet, 'gameName' | 'wager' | 'payout' | 'multiplier' | 'outcome'> => ({
  id: 100 + nonce,
  playerName: 'alice',
  currency: 'USDT',
  seedHash: sha256Hex(SERVER_SEED),
  clientSeed: CLIENT_SEED,
  nonce,
  serverSeed: SERVER_SEED,
  createdAt: '2026-11-27T01:00:00.000Z',
});

/** A dice bet as the server records it: the roll from the seeds, the payout by the rules. */
function diceBet(nonce: number, chance = 49.5): ExportedBet {
  const roll = diceRollFromStream(floatAt(nonce));
  const win = diceWins(roll, chance, 'under');
  const payout = win ? Math.floor(10 * diceMultiplier(chance) * 1e8) / 1e8 : 0;
  return { ...base(nonce), gameName: 'Dice', wager: 10, payout, multiplier: payout / 10, outcome: { roll, chance, target: 'under', win } };
}

/** A Mines cash-out after two gems (the first two tiles that are not mines). */
function minesBet(nonce: number, payout?: number): ExportedBet {
  const order = minesTileOrder(floatAt(nonce));
  const mines = order.slice(0, 3).sort((a, b) => a - b);
  const gems = order.slice(3, 5);
  const paid = payout ?? minesMultiplier(3, 2);
  return { ...base(nonce), gameName: 'Mines', wager: 1, payout: paid, multiplier: recordedMultiplier(100_000_000n, BigInt(Math.round(paid * 1e8))), outcome: { minesCount: 3, mines, gems, hitMine: null } };
}

const reads = (...bets: ExportedBet[]): ReadBet[] => bets.map((bet, k) => ({ line: k + 1, bet }));

describe('bulk verification', () => {
  it('matches honest bets, counts those awaiting a reveal, and exits 0', async () => {
    const pending = { ...diceBet(3), serverSeed: null };
    const summary = await verifyBets(reads(diceBet(0), diceBet(1, 90), minesBet(2), pending), nodeVerifyCrypto);
    expect(summary).toEqual({ total: 4, checked: 3, matched: 3, mismatches: [], awaitingReveal: 1 });
    expect(exitCodeOf(summary)).toBe(0);
    expect(summaryLines(summary)).toEqual({ headline: '3 bets checked: 3 matched, 0 did not.', mismatches: [], awaiting: '1 bet awaits a seed reveal.' });
  });

  it('gives the same verdicts through WebCrypto (the browser) as through node:crypto (the CLI)', async () => {
    const webCrypto = { sha256: sha256HexAsync, floats: floatsAsync };
    const bets = reads(diceBet(0), { ...diceBet(1), payout: 5 }, minesBet(2));
    expect(await verifyBets(bets, webCrypto)).toEqual(await verifyBets(bets, nodeVerifyCrypto));
  });

  it('names each tampered line and why, and exits 1', async () => {
    const honest = diceBet(0);
    const roll = (honest.outcome as { roll: number }).roll;
    const summary = await verifyBets(
      reads(
        { ...honest, outcome: { ...(honest.outcome as object), roll: roll === 1 ? 2 : 1 } },
        { ...diceBet(1), payout: 19.8, multiplier: 1.98 },
        { ...diceBet(2), multiplier: 3 },
        { ...diceBet(3), seedHash: sha256Hex('another seed') },
        { ...diceBet(4), nonce: 5 },
        { ...minesBet(5), outcome: { ...(minesBet(5).outcome as object), mines: [0, 1, 2], gems: [3, 4] } },
      ),
      nodeVerifyCrypto,
    );
    expect(summary.checked).toBe(6);
    expect(summary.matched).toBe(0);
    expect(exitCodeOf(summary)).toBe(1);
    const [rollChanged, payout, multiplier, hash, nonce, board] = summary.mismatches.map((m) => m.reasons.join('; '));
    expect(rollChanged).toBe(`the seeds give roll ${roll.toFixed(2)}, not the outcome recorded`);
    expect(payout).toContain('payout 19.8 recorded, the rules pay ');
    expect(multiplier).toMatch(/^multiplier 3 recorded, payout ÷ wager is /);
    expect(hash).toBe('the server seed does not hash to the seed hash shown before the bet');
    expect(nonce).toMatch(/^the seeds give roll /);
    expect(board).toMatch(/^the seeds give mines on tiles /);
    expect(summaryLines(summary).mismatches[0]).toBe(`Bet 100 (line 1): the seeds give roll ${roll.toFixed(2)}, not the outcome recorded.`);
  });

  it('accepts a Mines cash-out capped below what the multiplier promised, never one above it', async () => {
    const full = minesMultiplier(3, 2);
    const summary = await verifyBets(reads(minesBet(0, 1.1), minesBet(1, full + 0.01), minesBet(2, 0.5)), nodeVerifyCrypto);
    expect(summary.matched).toBe(1);
    expect(summary.mismatches.map((m) => m.line)).toEqual([2, 3]);
  });

  it('reports progress after each chunk and pauses between chunks', async () => {
    const progress = vi.fn();
    const pause = vi.fn(async () => undefined);
    const bets = reads(...Array.from({ length: 5 }, (_, k) => diceBet(k)));
    await verifyBets(bets, nodeVerifyCrypto, { chunk: 2, onProgress: progress, pause });
    expect(progress.mock.calls).toEqual([[2, 5], [4, 5], [5, 5]]);
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it('hashes a seed once however many bets it played', async () => {
    const sha256 = vi.fn(sha256Hex);
    await verifyBets(reads(diceBet(0), diceBet(1), diceBet(2)), { ...nodeVerifyCrypto, sha256 });
    expect(sha256).toHaveBeenCalledTimes(1);
  });
});

/** A text as a stream would hand it over: in pieces of `size` characters. */
async function* piecesOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

describe('bulk verification of a file as it is read (the /fairness page)', () => {
  const collect = async (pieces: AsyncIterable<string>) => {
    const lines: string[] = [];
    for await (const line of linesOf(pieces)) lines.push(line);
    return lines;
  };

  it('splits a text arriving in pieces into the lines of the whole text, wherever the pieces break', async () => {
    for (const text of ['a\nbc\r\n\nd', 'one line', '', 'ends\n', '\n\n']) {
      for (const size of [1, 2, 3, 7, 100]) expect(await collect(piecesOf(text, size)), `${JSON.stringify(text)} in pieces of ${size}`).toEqual(text.split('\n'));
    }
  });

  it('gives the summary and the errors of the whole-file reader, in any pieces', async () => {
    const honest = [diceBet(0), { ...diceBet(1), payout: 5 }, minesBet(2), { ...diceBet(3), serverSeed: null }];
    const jsonl = `${honest.map(betJsonLine).join('\n')}\n`;
    const csv = `${[BET_CSV_HEADER, ...honest.map(betCsvLine)].join('\r\n')}\r\n`;
    for (const text of [jsonl, csv]) {
      const parsed = parseBetExport(text);
      const whole = await verifyBets(parsed.ok ? parsed.bets : [], nodeVerifyCrypto);
      expect(whole.mismatches).toHaveLength(1);
      for (const size of [1, 5, 64, 100_000]) expect(await verifyExportStream(piecesOf(text, size), nodeVerifyCrypto)).toEqual({ ok: true, summary: whole });
    }
    for (const text of [`${betJsonLine(diceBet(0))}\n{"id":\n`, 'hello\n', 'id,foo\n', `${BET_CSV_HEADER}\n1,2\n`]) {
      const parsed = parseBetExport(text);
      expect(parsed.ok).toBe(false);
      expect(await verifyExportStream(piecesOf(text, 3), nodeVerifyCrypto)).toEqual({ ok: false, error: (parsed as { error: string }).error });
    }
  });

  it('reports the bets read after each chunk and at the end, pausing between chunks', async () => {
    const progress = vi.fn();
    const pause = vi.fn(async () => undefined);
    const text = Array.from({ length: 5 }, (_, k) => betJsonLine(diceBet(k))).join('\n');
    await verifyExportStream(piecesOf(text, 50), nodeVerifyCrypto, { chunk: 2, onProgress: progress, pause });
    expect(progress.mock.calls).toEqual([[2], [4], [5]]);
    expect(pause).toHaveBeenCalledTimes(2);
  });
});

describe('the export formats', () => {
  const bets = [diceBet(0), { ...minesBet(1), playerName: 'bob, "the" player', serverSeed: null }];

  it('reads back what it writes, as JSON lines and as CSV', () => {
    const jsonl = bets.map((bet) => `${betJsonLine(bet)}\n`).join('');
    const csv = `${BET_CSV_HEADER}\r\n${bets.map((bet) => `${betCsvLine(bet)}\r\n`).join('')}`;
    expect(parseBetExport(jsonl)).toEqual({ ok: true, format: 'jsonl', bets: [{ line: 1, bet: bets[0] }, { line: 2, bet: bets[1] }] });
    expect(parseBetExport(`\uFEFF${csv}`)).toEqual({ ok: true, format: 'csv', bets: [{ line: 2, bet: bets[0] }, { line: 3, bet: bets[1] }] });
    expect(parseBetExport('')).toEqual({ ok: true, format: 'jsonl', bets: [] });
  });

  it('refuses what is not a bet export, naming the line', () => {
    const line = betJsonLine(bets[0]!);
    expect(parseBetExport(`${line}\n{"id":`)).toEqual({ ok: false, error: 'line 2: not JSON' });
    expect(parseBetExport(`${line}\n${JSON.stringify({ ...bets[0], id: -1 })}`)).toEqual({ ok: false, error: 'line 2: id must be a positive integer' });
    expect(parseBetExport(`${line}\n${JSON.stringify({ ...bets[0], serverSeed: 'x' })}`)).toEqual({ ok: false, error: 'line 2: serverSeed must be 64 lowercase hex characters' });
    expect(parseBetExport('id,game\n1,Dice')).toEqual({ ok: false, error: `line 1: the header must be ${BET_CSV_HEADER}` });
    expect(parseBetExport(`${BET_CSV_HEADER}\n1,Dice`)).toEqual({ ok: false, error: 'line 2: 2 columns, expected 13' });
    expect(parseBetExport('hello')).toMatchObject({ ok: false, error: expect.stringMatching(/^line 1: this is not a bet export/) });
  });
});
