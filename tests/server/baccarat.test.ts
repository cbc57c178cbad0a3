import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { baccaratExactRtp, dealBaccarat } from '../../src/core/games/baccarat';
import type { BaccaratWinner } from '../../src/core/games/baccarat';
import { decimalToUnits, unitsToNumber } from '../../src/core/money';
import { nodeHmacSha256, sha256Hex } from '../../src/server/fairness/hmac';
import { checkLedger } from '../../src/server/ledger/check';
import { roundHouseEdge } from '../../src/core/games/baccarat';
import { serverPerBlock } from '../support/server';
import { createPlayer, ledgerRows, TOKEN_ROWS, fundedPlayer as fundPlayer, balanceIn, nonceOf, serverWithSettlementSpy } from '../support/wallet';
import type { Player } from '../support/wallet';

interface WireGame {
  playerHand: number[];
  bankerHand: number[];
  playerScore: number;
  bankerScore: number;
  resultAmount: number;
}
interface BetAnswer {
  success: boolean;
  game: WireGame;
  balance: number;
  bet: { id: number; gameName: string; playerName: string; wager: number; currency: string; multiplier: number; payout: number };
  errorMessage: string | null;
}
interface Stakes {
  player: string;
  tie: string;
  banker: string;
}

const CLIENT_SEED = 'baccarat-test-client';

/** The payout table of docs/baccarat.md, written out independently of the engine, in base units. */
function expectedReturn(stakes: { player: bigint; tie: bigint; banker: bigint }, winner: BaccaratWinner): bigint {
  if (winner === 'tie') return stakes.player + stakes.banker + stakes.tie * 9n;
  if (winner === 'player') return stakes.player * 2n;
  return stakes.banker + (stakes.banker * 95n) / 100n;
}

/** A server seed whose deal at nonce 0 with CLIENT_SEED has the wanted winner (searched, then planted). */
function seedFor(winner: BaccaratWinner): string {
  for (let i = 0; ; i++) {
    const serverSeed = sha256Hex(`planted-${i}`);
    if (dealBaccarat(createFloatStream(nodeHmacSha256, serverSeed, CLIENT_SEED, 0).at).winner === winner) return serverSeed;
  }
}

describe('baccarat bets', () => {
  const shared = serverPerBlock();

  const fundedPlayer = () => fundPlayer(shared.server);
  const usdt = (player: Player) => balanceIn(shared.server, player);
  const bet = (player: Player, stakes: Partial<Stakes>, currency = 'USDT') =>
    player.call('POST', '/baccarat/bet', {
      playerBetAmount: stakes.player ?? 0,
      tieBetAmount: stakes.tie ?? 0,
      bankerBetAmount: stakes.banker ?? 0,
      currency,
    });
  /** Replaces the player's active server seed before any bet, so the next deal is known. */
  async function plantSeed(player: Player, serverSeed: string): Promise<void> {
    await player.call('GET', `/casino/get-seed?clientSeed=${CLIENT_SEED}`);
    await shared.server.app.db.run(
      `UPDATE seed_pairs SET server_seed = ?, server_seed_hash = ?, client_seed = ? WHERE user_id = ? AND status = 'active'`,
      [serverSeed, sha256Hex(serverSeed), CLIENT_SEED, player.id],
    );
  }

  it('should settle a round in one go: debit, deal, payout, bet row, nonce and ledger', async () => {
    const player = await fundedPlayer();
    const before = await usdt(player);
    const rows = await ledgerRows(shared.server);
    const answer = await bet(player, { player: '1.5', tie: '0.25', banker: '2' });
    expect(answer.status).toBe(200);
    const { success, game, balance, bet: row, errorMessage } = answer.body as BetAnswer;
    expect(success).toBe(true);
    expect(errorMessage).toBeNull();
    expect(game.playerHand.length).toBeGreaterThanOrEqual(2);
    expect(game.bankerHand.length).toBeGreaterThanOrEqual(2);
    const result = decimalToUnits(game.resultAmount);
    const after = await usdt(player);
    expect(after).toBe(before - 375_000_000n + result);
    expect(balance).toBe(unitsToNumber(after));
    expect(row).toMatchObject({ gameName: 'Baccarat', wager: 3.75, currency: 'USDT', payout: game.resultAmount });
    expect(row.multiplier).toBe(Math.floor((Number(result) / 375_000_000) * 10_000) / 10_000);
    expect((await ledgerRows(shared.server)) - rows).toBe((result > 0n ? 4 : 2) + TOKEN_ROWS);
    expect(await nonceOf(player)).toBe(1);
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it.each([
    ['player', { player: '1' }, 2n * 100_000_000n],
    ['player', { banker: '1', tie: '1' }, 0n],
    ['banker', { banker: '1.00000003' }, 100_000_003n + 95_000_002n],
    ['banker', { player: '1', tie: '1' }, 0n],
    ['tie', { tie: '0.5' }, 450_000_000n],
    ['tie', { player: '1', banker: '2' }, 300_000_000n],
    ['tie', { player: '1', tie: '0.5', banker: '2' }, 750_000_000n],
  ] as const)('should pay a %s win on %j exactly by the table (player 1:1, banker 0.95:1 floored, tie 8:1)', async (winner, stakes, returned) => {
    const player = await fundedPlayer();
    await plantSeed(player, seedFor(winner));
    const units = {
      player: decimalToUnits(('player' in stakes && stakes.player) || '0'),
      tie: decimalToUnits(('tie' in stakes && stakes.tie) || '0'),
      banker: decimalToUnits(('banker' in stakes && stakes.banker) || '0'),
    };
    expect(expectedReturn(units, winner)).toBe(returned);
    const before = await usdt(player);
    const answer = await bet(player, stakes);
    expect(answer.status).toBe(200);
    const { game, bet: row } = answer.body as BetAnswer;
    const deal = dealBaccarat(createFloatStream(nodeHmacSha256, seedFor(winner), CLIENT_SEED, 0).at);
    expect(game).toEqual({
      playerHand: deal.playerHand,
      bankerHand: deal.bankerHand,
      playerScore: deal.playerScore,
      bankerScore: deal.bankerScore,
      resultAmount: unitsToNumber(returned),
    });
    const wager = units.player + units.tie + units.banker;
    expect(await usdt(player)).toBe(before - wager + returned);
    expect(row.payout).toBe(unitsToNumber(returned));
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should reveal on rotation a seed that recomputes both hands of every round', async () => {
    const player = await fundedPlayer();
    // As the SPA does at sign-in: rotation accepts a client seed only for a next seed already shown.
    await player.call('GET', '/casino/get-seed');
    const games: WireGame[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await bet(player, { player: '0.5', tie: '0.1', banker: '0.5' });
      expect(answer.status).toBe(200);
      games.push((answer.body as BetAnswer).game);
    }
    const rotated = (await player.call('POST', '/casino/rotate-seed', { clientSeed: 'next-one' })).body as {
      previous: { serverSeed: string; clientSeed: string; nonce: number };
    };
    expect(rotated.previous.nonce).toBe(6);
    games.forEach((game, nonce) => {
      const deal = dealBaccarat(createFloatStream(nodeHmacSha256, rotated.previous.serverSeed, rotated.previous.clientSeed, nonce).at);
      expect(game.playerHand).toEqual(deal.playerHand);
      expect(game.bankerHand).toEqual(deal.bankerHand);
      expect([game.playerScore, game.bankerScore]).toEqual([deal.playerScore, deal.bankerScore]);
      const result = expectedReturn({ player: 50_000_000n, tie: 10_000_000n, banker: 50_000_000n }, deal.winner);
      expect(game.resultAmount).toBe(unitsToNumber(result));
    });
  });

  it.each([
    ['all zero', { playerBetAmount: 0, tieBetAmount: '0', bankerBetAmount: 0, currency: 'USDT' }, 'Please place at least one bet before starting the game.'],
    ['a negative amount', { playerBetAmount: -1, tieBetAmount: 0, bankerBetAmount: 2, currency: 'USDT' }, 'playerBetAmount cannot be negative'],
    ['a negative string', { playerBetAmount: 1, tieBetAmount: '-0.5', bankerBetAmount: 0, currency: 'USDT' }, 'tieBetAmount cannot be negative'],
    ['9 decimals', { playerBetAmount: 0, tieBetAmount: 0, bankerBetAmount: '0.123456789', currency: 'USDT' }, 'bankerBetAmount can have at most 8 decimals'],
    ['a word', { playerBetAmount: 'abc', tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }, 'playerBetAmount must be a number'],
    ['an exponent', { playerBetAmount: '1e1', tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }, 'playerBetAmount must be a number'],
    ['a boolean', { playerBetAmount: true, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }, 'playerBetAmount'],
    ['a total above the balance', { playerBetAmount: 60, tieBetAmount: 0, bankerBetAmount: 60, currency: 'USDT' }, 'Balance too low.'],
    ['a total below minBet', { playerBetAmount: 0.05, tieBetAmount: 0, bankerBetAmount: 0.04, currency: 'USDT' }, 'Bet must be greater than 0.10000000 USDT'],
    ['ACC', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'ACC' }, 'ACC betting not available at this time'],
    ['an unknown currency', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'XRP' }, 'Unknown currency XRP.'],
    ['a missing area', { playerBetAmount: 1, tieBetAmount: 0, currency: 'USDT' }, 'bankerBetAmount is required'],
    ['an extra field', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT', betAmount: 1 }, 'betAmount is not allowed'],
  ])('should refuse %s with a 400 "%s" and change nothing', async (_name, body, message) => {
    const player = await fundedPlayer();
    const rows = await ledgerRows(shared.server);
    const before = await usdt(player);
    const nonce = await nonceOf(player);
    const answer = await player.call('POST', '/baccarat/bet', body);
    expect(answer.status).toBe(400);
    const refusal = answer.body as { success: boolean; errorMessage: string; error: string; message: string };
    expect(refusal.success).toBe(false);
    expect(refusal.message).toContain(message);
    expect(refusal.errorMessage).toBe(refusal.message);
    expect(await ledgerRows(shared.server)).toBe(rows);
    expect(await usdt(player)).toBe(before);
    expect(await nonceOf(player)).toBe(nonce);
  });

  it('should refuse a total above maxBet with the wording of docs/product.md, and put the message of docs/product.md §8 in error too', async () => {
    const player = await createPlayer(shared.server);
    await shared.server.app.wallet.creditDeposit(player.id, 'USDT', 2_000n * 100_000_000n, `baccarat-test-${player.id}`);
    const rows = await ledgerRows(shared.server);
    const answer = await bet(player, { player: '600', banker: '500.5' });
    const message = 'Bet must be less than less 1000.00000000 USDT';
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, errorMessage: message, error: message, message });
    expect(await ledgerRows(shared.server)).toBe(rows);
    expect(await nonceOf(player)).toBe(0);
  });

  it('should need a signed-in player', async () => {
    const answer = await fetch(`${shared.server.url}/api/baccarat/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' }),
    });
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ success: false, error: 'unauthorized' });
  });

  it('should never overdraw under 100 concurrent rounds from a balance that covers 20', async () => {
    const player = await createPlayer(shared.server);
    await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
    const start = await usdt(player);
    const stake = start / 40n;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => bet(player, { player: unitsToNumber(stake).toString(), tie: unitsToNumber(stake).toString() })),
    );
    const placed = answers.filter((a) => a.status === 200).map((a) => a.body as BetAnswer);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => (a.body as { errorMessage: string }).errorMessage === 'Balance too low.')).toBe(true);
    expect(placed.length).toBeGreaterThanOrEqual(20);
    const won = placed.reduce((sum, answer) => sum + decimalToUnits(answer.game.resultAmount), 0n);
    expect(await usdt(player)).toBe(start - 2n * stake * BigInt(placed.length) + won);
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should broadcast each settled round to the live hub as a Baccarat bet', async () => {
    const player = await fundedPlayer();
    const visitor = new HubConnectionBuilder().withUrl(`${shared.server.url}/api/socket`).configureLogging(LogLevel.None).build();
    const seen: Array<{ id: number }> = [];
    visitor.on('bet', (wire: { id: number }) => seen.push(wire));
    await visitor.start();
    try {
      const answer = await bet(player, { banker: '1' });
      const { bet: row } = answer.body as BetAnswer;
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toEqual(row);
      expect(row).toMatchObject({ gameName: 'Baccarat', wager: 1, playerName: expect.any(String) });
    } finally {
      await visitor.stop();
    }
  });
});

describe('baccarat settlement hooks', () => {
  it('should report the total wager, the payout and the stake-weighted house edge, and roll back with a failing hook', async () => {
    const { server, reported, failHooks } = await serverWithSettlementSpy();
    try {
      const player = await createPlayer(server);
      await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
      const ok = await player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 1, bankerBetAmount: 2, currency: 'USDT' });
      expect(ok.status).toBe(200);
      const { game } = ok.body as BetAnswer;
      const rtp = baccaratExactRtp();
      const edge = (1 * (1 - rtp.player) + 1 * (1 - rtp.tie) + 2 * (1 - rtp.banker)) / 4;
      expect(reported).toEqual([
        expect.objectContaining({ game: 'Baccarat', wager: 400_000_000n, payout: decimalToUnits(game.resultAmount), houseEdge: expect.closeTo(edge, 12) }),
      ]);
      expect(roundHouseEdge({ player: 1n, tie: 0n, banker: 0n })).toBeCloseTo(0.0123, 4);
      expect(roundHouseEdge({ player: 0n, tie: 0n, banker: 1n })).toBeCloseTo(0.0106, 4);
      expect(roundHouseEdge({ player: 0n, tie: 1n, banker: 0n })).toBeCloseTo(0.1412, 4);
      const rows = await ledgerRows(server);
      failHooks();
      const failed = await player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' });
      expect(failed.status).toBe(500);
      expect(await ledgerRows(server)).toBe(rows);
    } finally {
      await server.close();
    }
  });
});
