import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gemsCount, minesPayoutUnits } from '../../src/core/games/mines';
import { reservedPayouts } from '../../src/server/bets/exposure';
import { loadConfig } from '../../src/server/config';
import { BIGINT } from '../../src/server/db/sql';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { blackjackMaxPayout } from '../../src/core/games/blackjack';
import { openGameOf as openRoundOf } from '../../src/server/blackjack/games';
import { unitsToDecimalString } from '../../src/core/money';
import { openGameOf } from '../../src/server/mines/games';
import { serverPerBlock, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer } from '../support/wallet';

/**
 * Issue 13: with no house bankroll (HOUSE_BANKROLL_USD=0) the pool is the investors' money only. An
 * investor removing "all" used to take a player's open mines stake with it; the player's cash-out then
 * failed with a 500 and the game stayed open. Now only the free part of the pool can leave.
 */

const UNIT = 100_000_000n;

describe('bankroll money promised to open games', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Only the wallet's configuration: the rest (the database among it) stays the test server's.
    const { wallet } = loadConfig({ HOUSE_BANKROLL_USD: '0' });
    server = await startTestServer({ wallet });
  });
  afterAll(async () => server.close());

  const usdt = (userId: number) => balanceOf(server.app.db, playerAccount(userId, 'USDT'));
  const house = () => balanceOf(server.app.db, houseAccount('USDT'));

  it("refuses to pay an investor a player's open stake, and the player's cash-out then succeeds", async () => {
    const investor = await createPlayer(server);
    const player = await createPlayer(server);
    for (const who of [investor, player]) expect((await who.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    expect(await house()).toBe(0n);
    expect((await investor.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: '100' })).status).toBe(200);
    expect(await house()).toBe(100n * UNIT);

    // 1 mine, 10 USDT: the first gem wins 0.3, within the 1 USDT maxPayout (1% of the 100 in the pool).
    const bet = await investorLimitsThenBet();
    expect(bet.status).toBe(200);
    const game = (await openGameOf(server.app.db, player.id))!;
    // The pool now holds 110 USDT, of which the game could still take 10 + 1.
    expect(await house()).toBe(110n * UNIT);

    const investorBefore = await usdt(investor.id);
    const all = await investor.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: 'all' });
    expect(all.status).toBe(400);
    expect((all.body as { message: string }).message).toBe(
      'Only 99.00000000 USDT of the USDT pool can be removed now: open games could still pay out 11.00000000 USDT from it. ' +
        'Remove at most that, or try again when those games have ended.',
    );
    const tooMuch = await investor.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: '99.00000001' });
    expect(tooMuch.status).toBe(400);
    expect(await usdt(investor.id)).toBe(investorBefore);
    expect(await house()).toBe(110n * UNIT);

    // The free part may leave.
    const free = await investor.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: '99' });
    expect(free.status).toBe(200);
    expect(await house()).toBe(11n * UNIT);

    // The player finds every gem but one and cashes out: paid in full, the game is over.
    const gems = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !game.mineTiles.includes(tile));
    for (const tile of gems.slice(0, gemsCount(1) - 1)) {
      const pick = await player.call('POST', '/mines/pick', { tileId: tile });
      expect(pick.status).toBe(200);
    }
    const playerBefore = await usdt(player.id);
    const cashout = await player.call('POST', '/mines/cashout', {});
    expect(cashout.status).toBe(200);
    const paid = (cashout.body as { cashedOutAmount: number }).cashedOutAmount;
    expect(paid).toBe(11);
    expect(await usdt(player.id)).toBe(playerBefore + 11n * UNIT);
    expect(await openGameOf(server.app.db, player.id)).toBeNull();
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true, violations: [] });

    // The investors carried the player's 1 USDT win: 100 in, 99 out, nothing left in the pool.
    expect(await house()).toBe(0n);

    async function investorLimitsThenBet() {
      const limits = await fetch(`${server.url}/api/casino/get-limits?game=mines&currency=USDT`);
      expect(((await limits.json()) as { data: { limit: { maxPayout: number } } }).data.limit.maxPayout).toBe(1);
      return player.call('POST', '/mines/bet', { betAmount: '10', minesCount: 1, currency: 'USDT' });
    }
  });

  it('sets aside an open blackjack round at its largest win until it ends', async () => {
    const investor = await createPlayer(server);
    const player = await createPlayer(server);
    for (const who of [investor, player]) expect((await who.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    expect((await investor.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: '100' })).status).toBe(200);

    // 0.24 USDT: split, double both and win both would make 0.96, within the 1 USDT maxPayout with room
    // to spare: a round that ends at the deal (a natural) takes a little from the pool, and with 0.25,
    // whose largest win is the whole maxPayout, the next deal was then refused. Deal until a round stays open.
    let round = null;
    for (let tries = 0; tries < 20 && !round; tries += 1) {
      expect((await player.call('POST', '/blackjack/bet', { betAmount: '0.24', currency: 'USDT' })).status).toBe(200);
      round = await openRoundOf(server.app.db, player.id);
    }
    expect(round).not.toBeNull();
    const reserved = blackjackMaxPayout(round!.state);
    expect(reserved === 72_000_000n || reserved === 120_000_000n).toBe(true);

    // Rounds that ended at the deal may have moved the pool either way; the refusal must move nothing.
    const pool = await house();
    const all = await investor.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: 'all' });
    expect(all.status).toBe(400);
    expect((all.body as { message: string }).message).toContain(
      `Only ${unitsToDecimalString(pool - reserved)} USDT of the USDT pool can be removed now: open games could still pay out ${unitsToDecimalString(reserved)} USDT`,
    );
    expect(await house()).toBe(pool);

    expect((await player.call('POST', '/blackjack/stand', { activeHand: 0 })).status).toBe(200);
    expect(await openRoundOf(server.app.db, player.id)).toBeNull();
    const rest = await investor.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: 'all' });
    expect(rest.status).toBe(200);
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true, violations: [] });
  });

  it('still pays a win in full when the house was emptied behind the API, booking what the operator owes', async () => {
    const player = await createPlayer(server);
    expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    const investor = await createPlayer(server);
    expect((await investor.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    expect((await investor.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: '100' })).status).toBe(200);
    expect((await player.call('POST', '/mines/bet', { betAmount: '10', minesCount: 1, currency: 'USDT' })).status).toBe(200);
    const game = (await openGameOf(server.app.db, player.id))!;

    // Someone with database access takes the whole bankroll out, stakes included.
    await transfer(server.app.db, { from: houseAccount('USDT'), to: externalAccount('USDT'), amount: await house(), kind: 'divestment', ref: 'by hand' });
    expect(await house()).toBe(0n);

    const gem = Array.from({ length: 25 }, (_, tile) => tile).find((tile) => !game.mineTiles.includes(tile))!;
    expect((await player.call('POST', '/mines/pick', { tileId: gem })).status).toBe(200);
    const before = await usdt(player.id);
    const cashout = await player.call('POST', '/mines/cashout', {});
    expect(cashout.status).toBe(200);
    // 1 gem of 1 mine pays 1.03 ×.
    expect((cashout.body as { cashedOutAmount: number }).cashedOutAmount).toBe(10.3);
    expect(await usdt(player.id)).toBe(before + 1_030_000_000n);
    expect(await openGameOf(server.app.db, player.id)).toBeNull();
    const report = await checkLedger(server.app.db);
    expect(report).toMatchObject({ ok: true, violations: [], shortfalls: [{ currency: 'USDT', count: 1, total: 1_030_000_000n }] });
  });
});

describe('the reserves of open games as one indexed sum (issue 19)', () => {
  const shared = serverPerBlock();

  it('reads the reserve each open game carries, and computes it for games opened before that column', async () => {
    const db = shared.server.app.db;
    const player = await createPlayer(shared.server);
    expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    expect((await player.call('GET', '/casino/get-seed')).status).toBe(200);
    expect((await player.call('POST', '/mines/bet', { betAmount: 10, minesCount: 3, currency: 'USDT' })).status).toBe(200);
    const game = (await openGameOf(db, player.id))!;
    const { max_payout: cap } = (await db.get<{ max_payout: bigint }>('SELECT max_payout FROM mines_games WHERE id = ?', [game.id], BIGINT))!;
    const expected = minesPayoutUnits(game.wager, 3, gemsCount(3), cap);
    expect(expected).toBeGreaterThan(0n);
    expect(await reservedPayouts(db, 'USDT')).toBe(expected);
    // The sum is what is read: a different stored reserve changes the answer.
    await db.run('UPDATE mines_games SET reserved = 1 WHERE id = ?', [game.id]);
    expect(await reservedPayouts(db, 'USDT')).toBe(1n);
    // A game from before the column (reserved NULL) still counts in full.
    await db.run('UPDATE mines_games SET reserved = NULL WHERE id = ?', [game.id]);
    expect(await reservedPayouts(db, 'USDT')).toBe(expected);
  });
});
