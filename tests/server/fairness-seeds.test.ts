import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { diceRollFromStream } from '../../src/core/games/dice';
import { recordBet } from '../../src/server/bets/record';
import type { WireBet } from '../../src/server/bets/record';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { takeBetSeed } from '../../src/server/fairness/seeds';
import { fundedPlayer, signedInUser } from '../support/wallet';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('seeds, rotation and the bets record', () => {
  let server: TestServer;
  const openGame = new Set<number>();

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.openGames.register(async (_sql, userId) => (openGame.has(userId) ? 'Mines' : null));
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

  const seedRows = async (userId: number) =>
    (await server.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM seed_pairs WHERE user_id = ?', [userId]))!.n;

  it('should need a signed-in player', async () => {
    expect((await fetch(`${server.url}/api/casino/get-seed`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/casino/rotate-seed`, { method: 'POST' })).status).toBe(401);
  });

  it("should show hashes first, then adopt the browser's client seed once, never the server seed", async () => {
    const { call } = await player();
    // The hash is shown in this very answer, so the client seed offered with it cannot play with it.
    const first = await json<Record<string, unknown>>(await call('/casino/get-seed?clientSeed=AbCdEfGhIj0123456789'));
    expect(first).toEqual({
      mode: 'classic',
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
    expect(await seedRows(user.id)).toBe(0);
    const rotate = await call('/casino/rotate-seed', { method: 'POST', body: JSON.stringify({ clientSeed: 42 }) });
    expect(rotate.status).toBe(400);
    expect(await seedRows(user.id)).toBe(0);
  });

  it('should reveal on rotation a seed whose SHA-256 is the hash shown, and recompute every bet of the pair', async () => {
    const { user, call } = await player();
    await call('/casino/get-seed');
    const before = await json<{ seedHash: string; nextHash: string }>(await call('/casino/get-seed?clientSeed=client-one'));
    const bets: WireBet[] = [];
    for (let i = 0; i < 3; i += 1) {
      bets.push(
        await server.app.db.transaction(async (tx) => {
          const seed = await takeBetSeed(tx, user.id);
          const roll = diceRollFromStream(createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at);
          return recordBet(tx, {
            userId: user.id,
            game: 'Dice',
            currency: 'BTC',
            wager: 1000n,
            payout: 0n,
            seed,
            // As the dice route stores it (a bet page draws the roll against its target).
            outcome: { roll, chance: 0.01, target: 'under', win: false },
            usdRate: 95_000,
          });
        }),
      );
    }
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

  // PostgreSQL runs a player's requests side by side; SQLite one after another. Same outcome on both.
  it('should draw one pair, not two, when the first get-seeds of an account race', async () => {
    const { user, call } = await player();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('/casino/get-seed')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const states = await Promise.all(answers.map((a) => json<{ seedHash: string; nextHash: string }>(a)));
    expect(new Set(states.map((s) => `${s.seedHash} ${s.nextHash}`)).size).toBe(1);
    expect(await seedRows(user.id)).toBe(2);
  });

  it('should give every bet its own nonce, and reveal the exact count, when bets race a rotation', async () => {
    const bettor = await fundedPlayer(server);
    const before = (await bettor.call('GET', '/casino/get-seed')).body as { seedHash: string; nextHash: string };
    const bet = () => bettor.call('POST', '/dice/bet', { betAmount: 0.1, currency: 'USDT', chance: 50, target: 'under' });
    const answers = await Promise.all([
      ...Array.from({ length: 15 }, bet),
      bettor.call('POST', '/casino/rotate-seed', { clientSeed: 'raced-rotation' }),
      ...Array.from({ length: 15 }, bet),
    ]);
    const rotation = answers[15]!;
    expect(rotation.status).toBe(200);
    const rotated = rotation.body as { previous: { seedHash: string; nonce: number }; seedHash: string };
    expect(rotated.previous.seedHash).toBe(before.seedHash);
    expect(rotated.seedHash).toBe(before.nextHash);
    const bets = answers.filter((_, i) => i !== 15);
    expect(bets.map((a) => a.status)).toEqual(bets.map(() => 200));
    const details = await Promise.all(
      bets.map(async (a) => {
        const id = (a.body as { bet: { id: number } }).bet.id;
        return (await json<{ bet: { seedHash: string; nonce: number } }>(await fetch(`${server.url}/api/casino/get-bet?id=${id}`))).bet;
      }),
    );
    const nonces = (hash: string) => details.filter((d) => d.seedHash === hash).map((d) => d.nonce).sort((a, b) => a - b);
    const onOld = nonces(before.seedHash);
    const onNew = nonces(before.nextHash);
    expect(onOld.length + onNew.length).toBe(30);
    // Each pair's bets took 0, 1, 2, ... with none shared or skipped, and the rotation revealed them all.
    expect(onOld).toEqual(onOld.map((_, i) => i));
    expect(onNew).toEqual(onNew.map((_, i) => i));
    expect(rotated.previous.nonce).toBe(onOld.length);
    expect(((await bettor.call('GET', '/casino/get-seed')).body as { nonce: number }).nonce).toBe(onNew.length);
  });

  it('should apply two racing rotations one after the other, each revealing the pair the other promoted', async () => {
    const { call } = await player();
    const before = await json<{ seedHash: string; nextHash: string }>(await call('/casino/get-seed'));
    const rotate = (clientSeed: string) => call('/casino/rotate-seed', { method: 'POST', body: JSON.stringify({ clientSeed }) });
    const answers = await Promise.all([rotate('first-racer'), rotate('second-racer')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    type Rotated = { previous: { seedHash: string }; seedHash: string; nextHash: string };
    const [a, b] = await Promise.all(answers.map((answer) => json<Rotated>(answer)));
    const [first, second] = a!.previous.seedHash === before.seedHash ? [a!, b!] : [b!, a!];
    expect(first.previous.seedHash).toBe(before.seedHash);
    expect(first.seedHash).toBe(before.nextHash);
    expect(second.previous.seedHash).toBe(first.seedHash);
    expect(second.seedHash).toBe(first.nextHash);
    const history = await json<{ seeds: Array<{ seedHash: string }> }>(await call('/casino/get-seed-history'));
    expect(history.seeds.map((seed) => seed.seedHash)).toEqual([first.seedHash, before.seedHash]);
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
      server.app.db.transaction((tx) => recordBet(tx, { userId: user.id, game: 'Dice', currency: 'BTC', wager, payout, seed: null, outcome: {}, usdRate }));
    const small = await record(100_000n, 0n, 95_000); // 0.001 BTC = $95
    const bigWin = await record(100_000n, 200_000n, 95_000); // pays $190
    const bigWager = await record(200_000n, 0n, 95_000); // $190 staked

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

    for (let i = 0; i < 25; i += 1) await record(1n, 0n, 95_000);
    const full = await json<{ latestBets: unknown[]; myBets: unknown[] }>(await call('/casino/get-bets'));
    expect(full.latestBets).toHaveLength(20);
    expect(full.myBets).toHaveLength(20);
  });
});
