import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { diceRollFromStream } from '../../src/core/games/dice';
import { recordBet } from '../../src/server/bets/record';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { takeBetSeed } from '../../src/server/fairness/seeds';
import { signedInUser } from '../support/wallet';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('seeds, rotation and the bets record', () => {
  let server: TestServer;
  const openGame = new Set<number>();

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.openGames.register((userId) => (openGame.has(userId) ? 'Mines' : null));
    });
  });
  afterAll(async () => server.close());

  let counter = 0;
  async function player() {
    counter += 1;
    const { user, token } = await signedInUser(server, `p${counter}`);
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      });
    return { user, call };
  }

  const seedRows = (userId: number) =>
    (server.app.db.prepare('SELECT COUNT(*) AS n FROM seed_pairs WHERE user_id = ?').get(userId) as { n: number }).n;

  it('should need a signed-in player', async () => {
    expect((await fetch(`${server.url}/api/casino/get-seed`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/casino/rotate-seed`, { method: 'POST' })).status).toBe(401);
  });

  it("should show hashes first, then adopt the browser's client seed once, never the server seed", async () => {
    const { call } = await player();
    // The hash is shown in this very answer, so the client seed offered with it cannot play with it.
    const first = await json<Record<string, unknown>>(await call('/casino/get-seed?clientSeed=AbCdEfGhIj0123456789'));
    expect(first).toEqual({
      seedHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      nextHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      nonce: 0,
      clientSeed: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
    });
    expect(first.clientSeed).not.toBe('AbCdEfGhIj0123456789');
    expect(first.seedHash).not.toBe(first.nextHash);
    // Now that the hash has been shown, the browser's seed is adopted for the unplayed pair.
    const adopted = await json(await call('/casino/get-seed?clientSeed=AbCdEfGhIj0123456789'));
    expect(adopted).toEqual({ ...first, clientSeed: 'AbCdEfGhIj0123456789' });
    // A later visit with another random seed does not replace the player's seed.
    const again = await json(await call('/casino/get-seed?clientSeed=zzzzzzzzzzzzzzzzzzzz'));
    expect(again).toEqual(adopted);
  });

  it('should refuse a bad client seed and create nothing', async () => {
    const { user, call } = await player();
    const spaced = await call(`/casino/get-seed?clientSeed=${encodeURIComponent('has space')}`);
    expect(spaced.status).toBe(400);
    expect(await json(spaced)).toEqual({
      error: 'invalid_client_seed',
      message: 'Client seed must be 1 to 64 visible characters without spaces.',
    });
    const long = await call(`/casino/get-seed?clientSeed=${'a'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(seedRows(user.id)).toBe(0);
    const rotate = await call('/casino/rotate-seed', { method: 'POST', body: JSON.stringify({ clientSeed: 42 }) });
    expect(rotate.status).toBe(400);
    expect(seedRows(user.id)).toBe(0);
  });

  it('should reveal on rotation a seed whose SHA-256 is the hash shown, and recompute every bet of the pair', async () => {
    const { user, call } = await player();
    await call('/casino/get-seed');
    const before = await json<{ seedHash: string; nextHash: string }>(await call('/casino/get-seed?clientSeed=client-one'));
    const bets = [0, 1, 2].map(() =>
      server.app.db.transaction(() => {
        const seed = takeBetSeed(server.app.db, user.id);
        const roll = diceRollFromStream(createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at);
        return recordBet(server.app.db, {
          userId: user.id,
          game: 'Dice',
          currency: 'BTC',
          wager: 1000n,
          payout: 0n,
          seed,
          outcome: { roll },
          usdRate: 95_000,
        });
      })(),
    );
    expect((await json<{ nonce: number }>(await call('/casino/get-seed'))).nonce).toBe(3);
    const hidden = await json<{ bet: { serverSeed: string | null; nonce: number; seedHash: string } }>(
      await call(`/casino/get-bet?id=${bets[1]!.id}`),
    );
    expect(hidden.bet).toMatchObject({ serverSeed: null, nonce: 1, seedHash: before.seedHash });

    const rotated = await json<{
      previous: { serverSeed: string; seedHash: string; clientSeed: string; nonce: number };
      seedHash: string;
      nextHash: string;
      nonce: number;
      clientSeed: string;
    }>(await call('/casino/rotate-seed', { method: 'POST', body: JSON.stringify({ clientSeed: 'client-two' }) }));
    expect(sha256(rotated.previous.serverSeed)).toBe(before.seedHash);
    expect(rotated.previous).toMatchObject({ seedHash: before.seedHash, clientSeed: 'client-one', nonce: 3 });
    expect(rotated).toMatchObject({ seedHash: before.nextHash, nonce: 0, clientSeed: 'client-two' });
    expect(rotated.nextHash).not.toBe(before.nextHash);

    for (const bet of bets) {
      const { bet: detail } = await json<{ bet: { serverSeed: string; clientSeed: string; nonce: number; outcome: { roll: number } } }>(
        await call(`/casino/get-bet?id=${bet.id}`),
      );
      expect(detail.serverSeed).toBe(rotated.previous.serverSeed);
      const stream = createFloatStream(nodeHmacSha256, detail.serverSeed, detail.clientSeed, detail.nonce);
      expect(diceRollFromStream(stream.at)).toBe(detail.outcome.roll);
    }
    const history = await json<{ seeds: Array<{ serverSeed: string }> }>(await call('/casino/get-seed-history'));
    expect(history.seeds.map((s) => s.serverSeed)).toEqual([rotated.previous.serverSeed]);
  });

  it('should refuse to rotate while a game is open and change nothing', async () => {
    const { user, call } = await player();
    const before = await json(await call('/casino/get-seed'));
    openGame.add(user.id);
    const refused = await call('/casino/rotate-seed', { method: 'POST', body: JSON.stringify({ clientSeed: 'later' }) });
    openGame.delete(user.id);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ error: 'game_in_progress', message: 'Finish your Mines game before changing seeds.' });
    expect(await json(await call('/casino/get-seed'))).toEqual(before);
  });

  it('should answer a bad or unknown bet id clearly', async () => {
    expect((await fetch(`${server.url}/api/casino/get-bet?id=abc`)).status).toBe(400);
    expect((await fetch(`${server.url}/api/casino/get-bet?id=-1`)).status).toBe(400);
    const missing = await fetch(`${server.url}/api/casino/get-bet?id=999999`);
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ error: 'bet_not_found', message: 'No bet with that id.' });
  });

  it('should list latest bets for everyone, mine only when signed in, and file high rollers by $100', async () => {
    const { user, call } = await player();
    const record = (wager: bigint, payout: bigint, usdRate: number) =>
      recordBet(server.app.db, { userId: user.id, game: 'Dice', currency: 'BTC', wager, payout, seed: null, outcome: {}, usdRate });
    const small = record(100_000n, 0n, 95_000); // 0.001 BTC = $95
    const bigWin = record(100_000n, 200_000n, 95_000); // pays $190
    const bigWager = record(200_000n, 0n, 95_000); // $190 staked

    const visitor = await json<{ latestBets: Array<{ id: number }>; myBets: unknown[]; highrollerBets: Array<{ id: number }> }>(
      await fetch(`${server.url}/api/casino/get-bets`),
    );
    expect(visitor.myBets).toEqual([]);
    expect(visitor.latestBets.slice(0, 3).map((b) => b.id)).toEqual([bigWager.id, bigWin.id, small.id]);
    const highIds = visitor.highrollerBets.map((b) => b.id);
    expect(highIds).toContain(bigWin.id);
    expect(highIds).toContain(bigWager.id);
    expect(highIds).not.toContain(small.id);
    expect(bigWin).toMatchObject({ gameName: 'Dice', playerName: user.userName, wager: 0.001, payout: 0.002, multiplier: 2, currency: 'BTC' });

    const mine = await json<{ myBets: Array<{ id: number }> }>(await call('/casino/get-bets'));
    expect(mine.myBets.map((b) => b.id)).toEqual([bigWager.id, bigWin.id, small.id]);

    for (let i = 0; i < 25; i += 1) record(1n, 0n, 95_000);
    const full = await json<{ latestBets: unknown[]; myBets: unknown[] }>(await call('/casino/get-bets'));
    expect(full.latestBets).toHaveLength(20);
    expect(full.myBets).toHaveLength(20);
  });
});
