import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { diceRollFromStream, diceWins, dicePayoutUnits } from '../../src/core/games/dice';
import { decimalToUnits } from '../../src/core/money';
import { checkLedger } from '../../src/server/ledger/check';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { serverPerBlock } from '../support/server';
import { createPlayer, ledgerRows, fundedPlayer as fundPlayer, balanceIn, nonceOf, serverWithSettlementSpy } from '../support/wallet';
import type { Player } from '../support/wallet';

interface BetAnswer {
  balance: number;
  bet: { id: number; roll: number; wager: number; payout: number; multiplier: number; nonce: number; win: boolean };
}

describe('dice bets', () => {
  const shared = serverPerBlock();

  const fundedPlayer = () => fundPlayer(shared.server);
  const usdt = (player: Player) => balanceIn(shared.server, player);

  it('should settle a bet in one go: balance, nonce, ledger rows and the roll the seeds fix', async () => {
    const player = await fundedPlayer();
    const seed = (await player.call('GET', '/casino/get-seed?clientSeed=dice-test-seed')).body as { nonce: number };
    expect(seed.nonce).toBe(0);
    const rowsBefore = await ledgerRows(shared.server);
    const before = await usdt(player);

    const answer = await player.call('POST', '/dice/bet', { betAmount: 1.5, currency: 'USDT', chance: 49.5, target: 'under' });
    expect(answer.status).toBe(200);
    const { balance, bet } = answer.body as BetAnswer;
    expect(bet).toMatchObject({ wager: 1.5, nonce: 0, multiplier: 2 });
    expect(bet.win).toBe(bet.roll < 49.5);
    expect(bet.payout).toBe(bet.win ? 3 : 0);
    const after = await usdt(player);
    expect(after).toBe(before - 150_000_000n + decimalToUnits(bet.payout));
    expect(balance).toBe(Number(after) / 1e8);
    // Two rows per transfer: the wager, a win's payout, and the token economy's ACC mining and rewards-pool share.
    expect((await ledgerRows(shared.server)) - rowsBefore).toBe((bet.win ? 4 : 2) + 4);
    expect(await nonceOf(player)).toBe(1);
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should reveal on rotation a seed that recomputes every roll and payout', async () => {
    const player = await fundedPlayer();
    // As the SPA does at sign-in: rotation accepts a client seed only for a next seed already shown.
    await player.call('GET', '/casino/get-seed');
    const bets: BetAnswer['bet'][] = [];
    for (const target of ['under', 'over', 'under', 'over', 'under'] as const) {
      const answer = await player.call('POST', '/dice/bet', { betAmount: '0.5', currency: 'USDT', chance: 30, target });
      bets.push((answer.body as BetAnswer).bet);
    }
    const rotated = (await player.call('POST', '/casino/rotate-seed', { clientSeed: 'next-one' })).body as {
      previous: { serverSeed: string; clientSeed: string; nonce: number };
    };
    expect(rotated.previous.nonce).toBe(5);
    bets.forEach((bet, i) => {
      const roll = diceRollFromStream(createFloatStream(nodeHmacSha256, rotated.previous.serverSeed, rotated.previous.clientSeed, i).at);
      expect(bet.roll).toBe(roll);
      const win = diceWins(roll, 30, i % 2 ? 'over' : 'under');
      expect(bet.payout).toBe(win ? Number(dicePayoutUnits(50_000_000n, 30)) / 1e8 : 0);
    });
  });

  it.each([
    [{ betAmount: 0, currency: 'USDT', chance: 50, target: 'under' }, 400, 'Bet must be greater than 0'],
    [{ betAmount: -1, currency: 'USDT', chance: 50, target: 'under' }, 400, 'Bet must be greater than 0'],
    [{ betAmount: '-0.5', currency: 'USDT', chance: 50, target: 'under' }, 400, 'Bet must be greater than 0'],
    [{ betAmount: 1, currency: 'ACC', chance: 50, target: 'under' }, 400, 'ACC betting not available at this time'],
    [{ betAmount: 1000, currency: 'USDT', chance: 50, target: 'under' }, 400, "Can't bet more than balance"],
    [{ betAmount: 0.001, currency: 'USDT', chance: 50, target: 'under' }, 400, 'Bet must be greater than 0.01000000 USDT'],
    [{ betAmount: 50, currency: 'USDT', chance: 0.01, target: 'under' }, 400, 'Profit on win must be less than'],
    [{ betAmount: 1, currency: 'USDT', chance: 0, target: 'under' }, 400, 'Win chance must be from 0.01 to 98'],
    [{ betAmount: 1, currency: 'USDT', chance: 98.01, target: 'under' }, 400, 'Win chance must be from 0.01 to 98'],
    [{ betAmount: 1, currency: 'USDT', chance: 12.345, target: 'under' }, 400, 'Win chance must be from 0.01 to 98'],
    [{ betAmount: 1, currency: 'USDT', chance: 50, target: 'sideways' }, 400, 'target must be equal to one of the allowed values'],
    [{ betAmount: '0.123456789', currency: 'USDT', chance: 50, target: 'under' }, 400, 'at most 8 decimals'],
    [{ betAmount: 'abc', currency: 'USDT', chance: 50, target: 'under' }, 400, 'betAmount must be a number'],
    [{ betAmount: 1, currency: 'XRP', chance: 50, target: 'under' }, 400, 'Unknown currency XRP.'],
    [{ betAmount: 1, currency: 'USDT', chance: '50', target: 'under' }, 400, 'chance must be number'],
    [{ betAmount: 1, currency: 'USDT', chance: 50 }, 400, 'target is required'],
    [{ betAmount: 1, currency: 'USDT', chance: 50, target: 'under', extra: 1 }, 400, 'extra is not allowed'],
  ])('should refuse %j with %i "%s" and change nothing', async (body, status, message) => {
    const player = await fundedPlayer();
    const rows = await ledgerRows(shared.server);
    const before = await usdt(player);
    const nonce = await nonceOf(player);
    const answer = await player.call('POST', '/dice/bet', body);
    expect(answer.status).toBe(status);
    expect((answer.body as { message: string }).message).toContain(message);
    expect(await ledgerRows(shared.server)).toBe(rows);
    expect(await usdt(player)).toBe(before);
    expect(await nonceOf(player)).toBe(nonce);
  });

  it('should put the message of docs/product.md §8 in the error field of a refused bet (docs/product.md §8)', async () => {
    const player = await fundedPlayer();
    const answer = await player.call('POST', '/dice/bet', { betAmount: 500, currency: 'USDT', chance: 50, target: 'under' });
    expect(answer.body).toEqual({ error: "Can't bet more than balance", message: "Can't bet more than balance" });
  });

  it('should need a signed-in player', async () => {
    const answer = await fetch(`${shared.server.url}/api/dice/bet`, { method: 'POST' });
    expect(answer.status).toBe(401);
  });

  it('should never overdraw under 500 concurrent bets from a balance that covers 100', async () => {
    const player = await createPlayer(shared.server);
    await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
    const start = await usdt(player);
    const wager = start / 100n;
    const answers = await Promise.all(
      Array.from({ length: 500 }, () =>
        player.call('POST', '/dice/bet', { betAmount: Number(wager) / 1e8, currency: 'USDT', chance: 2, target: 'under' }),
      ),
    );
    const placed = answers.filter((a) => a.status === 200).map((a) => (a.body as BetAnswer).bet);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => (a.body as { message: string }).message === "Can't bet more than balance")).toBe(true);
    const won = placed.reduce((sum, bet) => sum + decimalToUnits(bet.payout), 0n);
    expect(placed.length).toBeGreaterThanOrEqual(100);
    const end = await usdt(player);
    expect(end).toBeGreaterThanOrEqual(0n);
    expect(end).toBe(start - wager * BigInt(placed.length) + won);
    // Every placed bet took exactly one nonce, with none skipped or reused.
    expect(placed.map((b) => b.nonce).sort((a, b) => a - b)).toEqual(placed.map((_, i) => i));
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should send every settled bet to visitors and players on the live hub', async () => {
    const player = await fundedPlayer();
    const watcher = await createPlayer(shared.server);
    const visitor = new HubConnectionBuilder().withUrl(`${shared.server.url}/api/socket`).configureLogging(LogLevel.None).build();
    const signedIn = new HubConnectionBuilder()
      .withUrl(`${shared.server.url}/api/socket`, { accessTokenFactory: () => watcher.token })
      .configureLogging(LogLevel.None)
      .build();
    const seenByVisitor: Array<{ id: number }> = [];
    const seenByPlayer: Array<{ id: number }> = [];
    visitor.on('bet', (bet: { id: number }) => seenByVisitor.push(bet));
    signedIn.on('bet', (bet: { id: number }) => seenByPlayer.push(bet));
    await Promise.all([visitor.start(), signedIn.start()]);
    try {
      const answer = await player.call('POST', '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'over' });
      const { bet } = answer.body as BetAnswer;
      await expect.poll(() => seenByVisitor.length).toBe(1);
      await expect.poll(() => seenByPlayer.length).toBe(1);
      expect(seenByVisitor[0]).toEqual({
        id: bet.id,
        gameName: 'Dice',
        playerName: expect.any(String),
        wager: 1,
        currency: 'USDT',
        multiplier: bet.win ? 1.98 : 0,
        payout: bet.payout,
      });
    } finally {
      await Promise.all([visitor.stop(), signedIn.stop()]);
    }
  });
});

describe('dice settlement hooks', () => {
  it('should report each settled bet to registered hooks inside its transaction, and roll back with a failing hook', async () => {
    const { server, reported, failHooks } = await serverWithSettlementSpy();
    try {
      const player = await createPlayer(server);
      await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
      const ok = await player.call('POST', '/dice/bet', { betAmount: 2, currency: 'USDT', chance: 50, target: 'under' });
      expect(ok.status).toBe(200);
      expect(reported).toEqual([expect.objectContaining({ game: 'Dice', wager: 200_000_000n, houseEdge: 0.01 })]);
      const rows = await ledgerRows(server);
      failHooks();
      const failed = await player.call('POST', '/dice/bet', { betAmount: 2, currency: 'USDT', chance: 50, target: 'under' });
      expect(failed.status).toBe(500);
      expect(await ledgerRows(server)).toBe(rows);
    } finally {
      await server.close();
    }
  });
});
