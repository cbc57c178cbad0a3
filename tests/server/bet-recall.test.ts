import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRecall, readRecall, verifyRequestOf } from '../../src/core/bets/recall';
import { verifyOutcomeAsync } from '../../src/core/fairness/verify';
import type { VerifiableGame } from '../../src/core/fairness/verify';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/** Issue 20 "Every bet can be recalled": GET /casino/get-bet as a visitor opening /bet/ID sees it. */

interface Detail {
  id: number;
  gameName: string;
  playerName: string;
  outcome: Record<string, unknown> | null;
  seedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
}

const DETAIL_KEYS = ['clientSeed', 'createdAt', 'currency', 'gameName', 'id', 'multiplier', 'nonce', 'outcome', 'payout', 'playerName', 'seedHash', 'serverSeed', 'wager'];
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('a bet recalled by anyone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** No token, no cookie: what a visitor's browser gets for /bet/ID. */
  async function asVisitor(id: number) {
    const response = await fetch(`${server.url}/api/casino/get-bet?id=${id}`);
    expect(response.status).toBe(200);
    return (await json<{ bet: Detail }>(response)).bet;
  }

  const ok = async (answer: Promise<{ status: number; body: unknown }>) => {
    const { status, body } = await answer;
    expect(status, JSON.stringify(body)).toBe(200);
    return body as Record<string, unknown>;
  };

  /** One settled round of each game, through the real routes; returns the bet ids in order of play. */
  async function playEachGame(player: Player): Promise<number[]> {
    const ids: number[] = [];
    const latest = async () => ((await player.call('GET', '/casino/get-bets')).body as { myBets: Array<{ id: number }> }).myBets[0]!.id;

    ids.push(((await ok(player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 49.5, target: 'under' }))).bet as { id: number }).id);

    await ok(player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' }));
    for (let tile = 0; tile < 25; tile += 1) {
      const pick = await ok(player.call('POST', '/mines/pick', { tileId: tile }));
      if (pick.isMine || pick.gameState === 'GameOver') break;
      if (tile === 1) {
        await ok(player.call('POST', '/mines/cashout'));
        break;
      }
    }
    ids.push(await latest());

    let game = (await ok(player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' }))).game as { gameState: string; activeHandIndex: number };
    while (game.gameState !== 'GameOver') {
      game = (await ok(player.call('POST', '/blackjack/stand', { activeHand: game.activeHandIndex }))).game as typeof game;
    }
    ids.push(await latest());

    await ok(player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0.5, currency: 'USDT' }));
    ids.push(await latest());
    return ids;
  }

  it('should show a visitor the bet, the game as played and the seed hash, never the server seed while the pair plays', async () => {
    const player = await fundedPlayer(server);
    const ids = await playEachGame(player);
    const seed = (await player.call('GET', '/casino/get-seed')).body as { seedHash: string; clientSeed: string };
    const details = await Promise.all(ids.map(asVisitor));
    expect(details.map((d) => d.gameName)).toEqual(['Dice', 'Mines', 'Blackjack', 'Baccarat']);
    for (const [nonce, detail] of details.entries()) {
      expect(Object.keys(detail).sort()).toEqual(DETAIL_KEYS);
      expect(detail).toMatchObject({ serverSeed: null, seedHash: seed.seedHash, clientSeed: seed.clientSeed, nonce });
      expect(readRecall(detail.gameName, detail.outcome).game).toBe(detail.gameName.toLowerCase());
    }
    // The record's bookkeeping stays on the server.
    expect(Object.keys(details[1]!.outcome!).sort()).toEqual(['gems', 'hitMine', 'mines', 'minesCount']);
    expect(Object.keys(details[2]!.outcome!).sort()).toEqual(['dealerHand', 'outcomes', 'playerHands']);
    expect(Object.keys(details[3]!.outcome!).sort()).toEqual(['bankerHand', 'bankerScore', 'bets', 'playerHand', 'playerScore', 'winner']);
    expect(details[3]!.outcome!.bets).toEqual({ player: '100000000', tie: '0', banker: '50000000' });
  });

  it('should keep the server seed hidden while a round is open on the pair, and refuse to reveal it then', async () => {
    const player = await fundedPlayer(server);
    const dice = ((await ok(player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' }))).bet as { id: number }).id;
    await ok(player.call('GET', '/casino/get-seed'));
    await ok(player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' }));
    expect((await player.call('POST', '/casino/rotate-seed', { clientSeed: 'too-soon' })).status).toBe(409);
    expect((await asVisitor(dice)).serverSeed).toBeNull();
    await ok(player.call('POST', '/mines/pick', { tileId: 0 }));
    const ended = await player.call('POST', '/mines/cashout');
    expect([200, 409]).toContain(ended.status);
    await ok(player.call('POST', '/casino/rotate-seed', { clientSeed: 'now' }));
    expect(sha256((await asVisitor(dice)).serverSeed!)).toBe((await asVisitor(dice)).seedHash);
  });

  it('should reveal the server seed once the pair is rotated out, and every game then verifies in the browser code', async () => {
    const player = await fundedPlayer(server);
    await ok(player.call('GET', '/casino/get-seed'));
    const ids = await playEachGame(player);
    const rotated = (await ok(player.call('POST', '/casino/rotate-seed', { clientSeed: 'recall-check' }))).previous as { serverSeed: string; seedHash: string };
    for (const id of ids) {
      const detail = await asVisitor(id);
      expect(detail.serverSeed).toBe(rotated.serverSeed);
      expect(sha256(detail.serverSeed!)).toBe(detail.seedHash);
      const recall = readRecall(detail.gameName, detail.outcome);
      const request = verifyRequestOf(recall)!;
      const { outcome } = await verifyOutcomeAsync(request.game as VerifiableGame, { serverSeed: detail.serverSeed!, clientSeed: detail.clientSeed, nonce: detail.nonce }, request.params as never);
      expect(checkRecall(recall, detail.seedHash, { serverSeedHash: sha256(detail.serverSeed!), outcome }), detail.gameName).toMatchObject({ hashMatches: true, outcomeMatches: true });
    }
  });

  it.each([
    ['abc', 400],
    ['0', 400],
    ['1.5', 400],
    ['9999999999999999', 400],
    ['999999999', 404],
  ])('should answer the id %s with %i and a clear message', async (id, status) => {
    const response = await fetch(`${server.url}/api/casino/get-bet?id=${id}`);
    expect(response.status).toBe(status);
    const body = await json<{ error: string; message: string }>(response);
    expect(body.message).toMatch(status === 404 ? /^No bet with that id\.$/ : /id/);
  });
});
