import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { diceRollFromStream } from '../../src/core/games/dice';
import { minesBoard } from '../../src/core/games/mines';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { SEED_MESSAGES, setSeedMode } from '../../src/server/fairness/seeds';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

/** Instant reveal (docs/fairness.md): a hash chain used from the end backwards, each seed public as its bet settles. */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface SeedState {
  mode: 'classic' | 'instant';
  seedHash: string;
  nextHash: string;
  nonce: number;
  clientSeed: string;
}
interface DiceAnswer {
  bet: { id: number; roll: number; nonce: number; serverSeed?: string };
}
interface BetDetail {
  serverSeed: string | null;
  seedHash: string;
  clientSeed: string;
  nonce: number;
  outcome: { roll?: number; mines?: number[] };
}

const DICE = { betAmount: 1, currency: 'USDT', chance: 49.5, target: 'under' };

describe('instant-reveal seeds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const seeds = async (p: Player) => (await p.call('GET', '/casino/get-seed')).body as SeedState;
  const switchTo = async (p: Player, mode: string) => p.call('POST', '/casino/set-seed-mode', { mode });
  const dice = async (p: Player) => {
    const answer = await p.call('POST', '/dice/bet', DICE);
    expect(answer.status).toBe(200);
    return (answer.body as DiceAnswer).bet;
  };
  const detail = async (id: number) => ((await fetch(`${server.url}/api/casino/get-bet?id=${id}`).then((r) => r.json())) as { bet: BetDetail }).bet;
  const openMinesTiles = async (p: Player) =>
    JSON.parse((await server.app.db.get<{ mine_tiles: string }>(`SELECT mine_tiles FROM mines_games WHERE user_id = ? AND status = 'open'`, [p.id]))!.mine_tiles) as number[];

  async function instantPlayer(): Promise<Player> {
    const p = await fundedPlayer(server);
    await seeds(p);
    const switched = await switchTo(p, 'instant');
    expect(switched.status).toBe(200);
    return p;
  }

  it('should say the mode, classic first, and switch to instant carrying the client seed over', async () => {
    const p = await fundedPlayer(server);
    const classic = await seeds(p);
    expect(classic.mode).toBe('classic');
    const switched = await switchTo(p, 'instant');
    expect(switched.status).toBe(200);
    const instant = switched.body as SeedState;
    expect(instant).toEqual({ mode: 'instant', seedHash: expect.stringMatching(/^[0-9a-f]{64}$/), nextHash: instant.seedHash, nonce: 0, clientSeed: classic.clientSeed });
    expect(instant.seedHash).not.toBe(classic.seedHash);
    expect(await seeds(p)).toEqual(instant);
    // Switching to the mode already on changes nothing.
    expect((await switchTo(p, 'instant')).body).toEqual(instant);
  });

  it('should play each bet with the seed whose hash was shown before it, reveal it in the answer, and show it as the next hash', async () => {
    const p = await instantPlayer();
    let shown = (await seeds(p)).seedHash;
    for (let i = 0; i < 4; i += 1) {
      const bet = await dice(p);
      expect(bet.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(bet.serverSeed!)).toBe(shown);
      expect(bet.nonce).toBe(0);
      // The bet can be checked the moment it lands: get-bet shows the seed, and it recomputes the roll.
      const recalled = await detail(bet.id);
      expect(recalled).toMatchObject({ serverSeed: bet.serverSeed, seedHash: shown, nonce: 0 });
      expect(diceRollFromStream(createFloatStream(nodeHmacSha256, recalled.serverSeed!, recalled.clientSeed, 0).at)).toBe(bet.roll);
      // The hash shown before the next bet is the seed just revealed.
      const after = await seeds(p);
      expect(after.seedHash).toBe(bet.serverSeed);
      shown = after.seedHash;
    }
  });

  it('should let the client seed change between any two bets, the chain going on', async () => {
    const p = await instantPlayer();
    const first = await dice(p);
    const set = await p.call('POST', '/casino/set-client-seed', { clientSeed: 'my-own-seed!' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ mode: 'instant', clientSeed: 'my-own-seed!', seedHash: first.serverSeed });
    const second = await dice(p);
    expect(sha256(second.serverSeed!)).toBe(first.serverSeed);
    expect((await detail(second.id)).clientSeed).toBe('my-own-seed!');
    expect((await detail(first.id)).clientSeed).not.toBe('my-own-seed!');
  });

  it('should refuse set-client-seed in classic mode and a bad client seed, changing nothing', async () => {
    const p = await fundedPlayer(server);
    const before = await seeds(p);
    const classic = await p.call('POST', '/casino/set-client-seed', { clientSeed: 'abc' });
    expect(classic.status).toBe(409);
    expect(classic.body).toEqual({ error: 'classic_mode', message: SEED_MESSAGES.classicClientSeed });
    expect(await seeds(p)).toEqual(before);
    await switchTo(p, 'instant');
    const instant = await seeds(p);
    for (const clientSeed of ['has space', '', 'a'.repeat(65)]) {
      const bad = await p.call('POST', '/casino/set-client-seed', { clientSeed });
      expect(bad.status).toBe(400);
    }
    expect(await seeds(p)).toEqual(instant);
    const badMode = await p.call('POST', '/casino/set-seed-mode', { mode: 'turbo' });
    expect(badMode.status).toBe(400);
    expect(await seeds(p)).toEqual(instant);
  });

  it('should keep a mines round’s seed secret until it ends, refuse every other bet meanwhile, and reveal it at the end', async () => {
    const p = await instantPlayer();
    const shown = (await seeds(p)).seedHash;
    expect((await p.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' })).status).toBe(200);
    // While the round is open the hash shown stays the round's own, and no other bet is taken.
    expect((await seeds(p)).seedHash).toBe(shown);
    const refused = await p.call('POST', '/dice/bet', DICE);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: SEED_MESSAGES.finishRound });
    const blackjack = await p.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' });
    expect(blackjack.status).toBe(409);
    expect(blackjack.body).toMatchObject({ success: false, errorMessage: SEED_MESSAGES.finishRound });
    const baccarat = await p.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' });
    expect(baccarat.status).toBe(409);
    expect((await seeds(p)).seedHash).toBe(shown);
    // No switch either way while the round is open.
    const switched = await switchTo(p, 'classic');
    expect(switched.status).toBe(409);
    expect(switched.body).toEqual({ error: 'game_in_progress', message: SEED_MESSAGES.modeSwitchOpenGame('mines') });
    expect((await seeds(p)).mode).toBe('instant');

    const mines = await openMinesTiles(p);
    const end = await p.call('POST', '/mines/pick', { tileId: mines[0] });
    expect(end.body).toMatchObject({ success: true, isMine: true, gameState: 'GameOver' });
    const serverSeed = (end.body as { serverSeed: string }).serverSeed;
    expect(sha256(serverSeed)).toBe(shown);
    // The answer names the bet, whose page shows the same seed at once.
    expect((await detail((end.body as { betId: number }).betId)).serverSeed).toBe(serverSeed);
    const board = minesBoard(createFloatStream(nodeHmacSha256, serverSeed, (await seeds(p)).clientSeed, 0).at, 3);
    expect(board).toEqual([...mines].sort((a, b) => a - b));
    expect((await seeds(p)).seedHash).toBe(serverSeed);
    const next = await dice(p);
    expect(sha256(next.serverSeed!)).toBe(serverSeed);
  });

  it('should never show a round’s seed while it is open, and reveal a blackjack round’s seed when it ends', async () => {
    const p = await instantPlayer();
    const shown = (await seeds(p)).seedHash;
    let round = await p.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' });
    expect(round.status).toBe(200);
    while ((round.body as { game: { gameState: string } }).game.gameState !== 'GameOver') {
      expect((round.body as { bet: unknown }).bet).toBeNull();
      expect(JSON.stringify(round.body)).not.toContain('serverSeed');
      round = await p.call('POST', '/blackjack/stand', { activeHand: (round.body as { game: { activeHandIndex: number } }).game.activeHandIndex });
      expect(round.status).toBe(200);
    }
    const bet = (round.body as { bet: { id: number; serverSeed: string } }).bet;
    expect(sha256(bet.serverSeed)).toBe(shown);
    expect((await detail(bet.id)).serverSeed).toBe(bet.serverSeed);
    // The live table's row is the same row without the seed.
    expect(Object.keys(bet)).toContain('playerName');
  });

  it('should refuse a switch to instant with an open classic game, and keep classic bets on their classic reveal', async () => {
    const p = await fundedPlayer(server);
    await seeds(p);
    const classicBet = await dice(p);
    expect(classicBet.serverSeed).toBeUndefined();
    expect((await detail(classicBet.id)).serverSeed).toBeNull();
    expect((await p.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' })).status).toBe(200);
    const refused = await switchTo(p, 'instant');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'game_in_progress', message: SEED_MESSAGES.modeSwitchOpenGame('mines') });
    expect((await seeds(p)).mode).toBe('classic');
    await p.call('POST', '/mines/pick', { tileId: (await openMinesTiles(p))[0] });
    expect((await switchTo(p, 'instant')).status).toBe(200);
    await dice(p);
    // The classic pair is still secret, and rotation is for classic mode only.
    expect((await detail(classicBet.id)).serverSeed).toBeNull();
    const rotate = await p.call('POST', '/casino/rotate-seed', { clientSeed: 'x' });
    expect(rotate.status).toBe(409);
    expect(rotate.body).toEqual({ error: 'instant_mode', message: SEED_MESSAGES.instantRotation });
    // Back to classic: the pair plays on at its nonce (the dice bet and the mines game took 0 and 1); instant seeds stay out of the rotation history.
    const back = (await switchTo(p, 'classic')).body as SeedState;
    expect(back).toMatchObject({ mode: 'classic', nonce: 2 });
    expect((await dice(p)).nonce).toBe(2);
    const rotated = await p.call('POST', '/casino/rotate-seed', { clientSeed: 'x' });
    expect(rotated.status).toBe(200);
    expect((await detail(classicBet.id)).serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const history = (await p.call('GET', '/casino/get-seed-history')).body as { seeds: unknown[] };
    expect(history.seeds).toHaveLength(1);
  });

  it('should resume the paused chain where it stopped after a switch back', async () => {
    const p = await instantPlayer();
    const bet = await dice(p);
    await switchTo(p, 'classic');
    const resumed = (await switchTo(p, 'instant')).body as SeedState;
    expect(resumed.seedHash).toBe(bet.serverSeed);
    expect(sha256((await dice(p)).serverSeed!)).toBe(bet.serverSeed);
  });

  it('should begin a new chain when one runs out, its first hash shown before its first bet', async () => {
    const p = await fundedPlayer(server);
    await seeds(p);
    await setSeedMode(server.app.db, p.id, 'instant', async () => {}, 3);
    const played: string[] = [];
    for (let i = 0; i < 3; i += 1) played.push((await dice(p)).serverSeed!);
    // Within a chain each seed hashes to the one used before it.
    expect(sha256(played[1]!)).toBe(played[0]);
    expect(sha256(played[2]!)).toBe(played[1]);
    // The next chain exists but its first hash has not been shown: no bet plays with it yet.
    const unshown = await p.call('POST', '/dice/bet', DICE);
    expect(unshown.status).toBe(409);
    expect(unshown.body).toMatchObject({ message: SEED_MESSAGES.chainNotShown });
    const fresh = await seeds(p);
    expect(fresh.seedHash).not.toBe(played[2]);
    const first = await dice(p);
    expect(sha256(first.serverSeed!)).toBe(fresh.seedHash);
    const chains = await server.app.db.all<{ status: string; length: number }>('SELECT status, length FROM seed_chains WHERE user_id = ? ORDER BY id', [p.id]);
    expect(chains.map((c) => [c.status, Number(c.length)])).toEqual([
      ['done', 3],
      ['current', 3],
    ]);
  });

  it('should give bets raced side by side each their own seed', async () => {
    const p = await instantPlayer();
    const bets = await Promise.all(Array.from({ length: 8 }, () => p.call('POST', '/dice/bet', DICE)));
    const revealed = bets.map((b) => {
      expect(b.status).toBe(200);
      return (b.body as DiceAnswer).bet.serverSeed!;
    });
    expect(new Set(revealed).size).toBe(8);
    // They form one unbroken run of the chain: each seed's hash is another's seed, but for one.
    const set = new Set(revealed);
    expect(revealed.filter((seed) => !set.has(sha256(seed)))).toHaveLength(1);
  });

  it('should refuse a mines bet raced against a dice bet in instant reveal rather than reveal the round’s seed', async () => {
    const p = await instantPlayer();
    const [mines, roll] = await Promise.all([
      p.call('POST', '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' }),
      p.call('POST', '/dice/bet', DICE),
    ]);
    expect(mines.status).toBe(200);
    if (roll.status === 200) {
      // The roll went first: its seed is the one before the round's (the round's hash), which stays secret.
      expect((await seeds(p)).seedHash).toBe((roll.body as DiceAnswer).bet.serverSeed);
    } else {
      expect(roll.body).toMatchObject({ message: SEED_MESSAGES.finishRound });
    }
  });
});
