import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BET_CSV_HEADER, parseBetExport } from '../../src/core/fairness/betExport';
import type { ExportedBet } from '../../src/core/fairness/betExport';
import { verifyBets } from '../../src/core/fairness/bulkVerify';
import { nodeVerifyCrypto } from '../../src/server/fairness/verifyCrypto';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 23 "Every bet, downloadable and verifiable offline in bulk": GET /casino/export-bets streams
 * every bet of the signed-in player, oldest first, in get-bet's shape, as JSON lines or CSV.
 */

describe('the bet export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body as Record<string, unknown>;
  };

  async function download(player: Player | null, format: string) {
    const response = await fetch(`${server.url}/api/casino/export-bets?format=${format}`, player ? { headers: { authorization: `Bearer ${player.token}` } } : {});
    return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), text: await response.text() };
  }

  /** One settled round of each game through the real routes. */
  async function playEachGame(player: Player): Promise<void> {
    await ok(player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 49.5, target: 'under' }));
    await ok(player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' }));
    for (let tile = 0; tile < 25; tile += 1) {
      const pick = await ok(player.call('POST', '/mines/pick', { tileId: tile }));
      if (pick.isMine || pick.gameState === 'GameOver') break;
      await ok(player.call('POST', '/mines/cashout'));
      break;
    }
    let game = (await ok(player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' }))).game as { gameState: string; activeHandIndex: number };
    while (game.gameState !== 'GameOver') {
      game = (await ok(player.call('POST', '/blackjack/stand', { activeHand: game.activeHandIndex }))).game as typeof game;
    }
    await ok(player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0.25, bankerBetAmount: 0.5, currency: 'USDT' }));
  }

  it('streams every bet of the player, oldest first, each line what get-bet answers; the seed rotated out is revealed, the active one is not', async () => {
    const player = await fundedPlayer(server);
    const other = await fundedPlayer(server);
    await ok(other.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' }));
    await playEachGame(player);
    await ok(player.call('GET', '/casino/get-seed'));
    await ok(player.call('POST', '/casino/rotate-seed', { clientSeed: 'export-test' }));
    await ok(player.call('POST', '/dice/bet', { betAmount: 0.5, currency: 'USDT', chance: 90, target: 'over' }));
    await ok(other.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' }));

    const reply = await download(player, 'jsonl');
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^application\/x-ndjson/);
    expect(reply.disposition).toMatch(/^attachment; filename="bets-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    expect(reply.text.endsWith('\n')).toBe(true);
    const lines = reply.text.trimEnd().split('\n').map((line) => JSON.parse(line) as ExportedBet);
    expect(lines.map((bet) => bet.gameName)).toEqual(['Dice', 'Mines', 'Blackjack', 'Baccarat', 'Dice']);
    // The other player's bets (before and after) are not there.
    expect(new Set(lines.map((bet) => bet.playerName)).size).toBe(1);
    const ids = lines.map((bet) => bet.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // Each line is get-bet's answer for that bet, key for key.
    for (const line of lines) {
      const answer = await fetch(`${server.url}/api/casino/get-bet?id=${line.id}`);
      expect(line).toEqual((await json<{ bet: ExportedBet }>(answer)).bet);
    }
    expect(lines.slice(0, 4).every((bet) => typeof bet.serverSeed === 'string')).toBe(true);
    expect(lines[4]!.serverSeed).toBeNull();
    expect(lines[4]!.clientSeed).toBe('export-test');

    const parsed = parseBetExport(reply.text);
    if (!parsed.ok) throw new Error(parsed.error);
    const summary = await verifyBets(parsed.bets, nodeVerifyCrypto);
    expect(summary).toEqual({ total: 5, checked: 4, matched: 4, mismatches: [], awaitingReveal: 1 });
  });

  it('gives the same bets as CSV with a header row', async () => {
    const player = await fundedPlayer(server);
    await playEachGame(player);
    await ok(player.call('GET', '/casino/get-seed'));
    await ok(player.call('POST', '/casino/rotate-seed', { clientSeed: 'with,comma"quote' }));
    await ok(player.call('POST', '/dice/bet', { betAmount: 0.01234567, currency: 'USDT', chance: 90, target: 'over' }));

    const csv = await download(player, 'csv');
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    expect(csv.disposition).toMatch(/filename="bets-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.text.split('\r\n')[0]).toBe(BET_CSV_HEADER);
    expect(csv.text).toContain('"with,comma""quote"');
    const fromCsv = parseBetExport(csv.text);
    const fromJsonl = parseBetExport((await download(player, 'jsonl')).text);
    if (!fromCsv.ok || !fromJsonl.ok) throw new Error('unreadable export');
    expect(fromCsv.format).toBe('csv');
    expect(fromCsv.bets.map((read) => read.bet)).toEqual(fromJsonl.bets.map((read) => read.bet));
    expect(fromCsv.bets.at(-1)!.bet.wager).toBe(0.01234567);
    expect(await verifyBets(fromCsv.bets, nodeVerifyCrypto)).toMatchObject({ checked: 4, matched: 4, awaitingReveal: 1 });
  });

  it('is empty for a player without bets (CSV: the header alone)', async () => {
    const player = await fundedPlayer(server);
    expect((await download(player, 'jsonl')).text).toBe('');
    expect((await download(player, 'csv')).text).toBe(`${BET_CSV_HEADER}\r\n`);
  });

  it('refuses a visitor and a format other than jsonl or csv', async () => {
    const visitor = await download(null, 'jsonl');
    expect(visitor.status).toBe(401);
    const player = await fundedPlayer(server);
    const bad = await download(player, 'xml');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: 'invalid_format', message: 'Format must be jsonl or csv.' });
    const missing = await fetch(`${server.url}/api/casino/export-bets`, { headers: { authorization: `Bearer ${player.token}` } });
    expect(missing.status).toBe(400);
  });

  it('pages through a long history by id: every bet once, in order, across batches', async () => {
    const player = await fundedPlayer(server);
    const db = server.app.db;
    const rows = 2_345;
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows; i += 1) {
        await tx.run(
          `INSERT INTO bets (user_id, game, currency, wager, payout, seed_pair_id, nonce, outcome, wager_usd_cents, payout_usd_cents, created_at) VALUES (?, 'Dice', 'USDT', ?, 0, NULL, NULL, ?, 0, 0, ?)`,
          [player.id, 100_000_000 + i, JSON.stringify({ roll: 50, chance: 49.5, target: 'under', win: false }), new Date().toISOString()],
        );
      }
    });
    const lines = (await download(player, 'jsonl')).text.trimEnd().split('\n').map((line) => JSON.parse(line) as ExportedBet);
    expect(lines).toHaveLength(rows);
    expect(lines.map((bet) => bet.wager)).toEqual(Array.from({ length: rows }, (_, i) => (100_000_000 + i) / 100_000_000));
  });
});
