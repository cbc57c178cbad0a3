import { describe, expect, it } from 'vitest';
import type { LimitEntry, ResponsibleChange, ResponsibleState } from '../../src/core/contracts/account';
import { checkLedger } from '../../src/server/ledger/check';
import { serverPerBlock } from '../support/server';
import { balanceIn, fundedPlayer as fundPlayer, nonceOf } from '../support/wallet';
import type { Player } from '../support/wallet';

/** Responsible gambling over real HTTP (docs/product.md "Responsible gambling"). */
describe('responsible gambling', () => {
  const shared = serverPerBlock();
  const fundedPlayer = () => fundPlayer(shared.server);
  const usdt = (player: Player) => balanceIn(shared.server, player);
  const usdtCents = (coins: number) => Math.floor(coins * 100 * shared.server.app.wallet.rates.get('USDT')!);

  const limitsOf = async (player: Player) => (await player.call('GET', '/account/get-limits')).body as ResponsibleState;
  const entry = (state: ResponsibleState, kind: LimitEntry['kind'], period: LimitEntry['period']) =>
    state.limits.find((l) => l.kind === kind && l.period === period)!;
  const setLimit = (player: Player, kind: string, period: string, amount: string | number | null) =>
    player.call('POST', '/account/set-limit', { kind, period, amount });
  const dice = (player: Player, betAmount: number) => player.call('POST', '/dice/bet', { betAmount, currency: 'USDT', chance: 49.5, target: 'under' });

  it('should list all nine limits empty, with the demo claim counted as a deposit', async () => {
    const player = await fundedPlayer();
    const state = await limitsOf(player);
    expect(state.block).toBeNull();
    expect(state.limits).toHaveLength(9);
    expect(state.limits.every((l) => l.amountCents === null && l.pendingAt === null)).toBe(true);
    expect(entry(state, 'deposit', 'day').usedCents).toBe(usdtCents(100 / shared.server.app.wallet.rates.get('USDT')!));
    expect(entry(state, 'wager', 'month').usedCents).toBe(0);
  });

  it('should refuse a bet that would take the day past the wager limit, moving nothing', async () => {
    const player = await fundedPlayer();
    const set = await setLimit(player, 'wager', 'day', '2');
    expect(set.status).toBe(200);
    expect((set.body as ResponsibleChange).message).toBe('Limit saved: it applies now.');
    expect(entry(set.body as ResponsibleState, 'wager', 'day').amountCents).toBe(200);

    expect((await dice(player, 1.5)).status).toBe(200);
    const before = await usdt(player);
    const nonce = await nonceOf(player);
    const refused = await dice(player, 1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'limit_reached', message: 'This bet would exceed your daily wager limit of $2.00.' });
    expect(await usdt(player)).toBe(before);
    expect(await nonceOf(player)).toBe(nonce);
    // What fits under the limit still goes.
    expect((await dice(player, 0.5)).status).toBe(200);
    expect(entry(await limitsOf(player), 'wager', 'day').usedCents).toBe(usdtCents(2));
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should hold a raise for 24 hours, and let a later lower replace it at once', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'wager', 'week', 50);
    const before = Date.now();
    const raised = await setLimit(player, 'wager', 'week', '100.50');
    const body = raised.body as ResponsibleChange;
    const week = entry(body, 'wager', 'week');
    expect(week.amountCents).toBe(5000);
    expect(week.pendingCents).toBe(10050);
    const at = Date.parse(week.pendingAt!);
    expect(at).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(at).toBeLessThan(Date.now() + 24 * 3600_000 + 1000);
    expect(body.message).toMatch(/^Raise saved: the limit becomes \$100\.50 on \d+ \w{3} \d{4}, \d\d:\d\d UTC\.$/);

    const removal = entry((await setLimit(player, 'wager', 'week', null)).body as ResponsibleState, 'wager', 'week');
    expect(removal).toMatchObject({ amountCents: 5000, pendingCents: null });
    expect(removal.pendingAt).not.toBeNull();

    const lowered = entry((await setLimit(player, 'wager', 'week', 20)).body as ResponsibleState, 'wager', 'week');
    expect(lowered).toMatchObject({ amountCents: 2000, pendingCents: null, pendingAt: null });
  });

  it('should apply a waiting raise once its time has come', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'wager', 'day', 1);
    await setLimit(player, 'wager', 'day', 5);
    expect((await dice(player, 2)).status).toBe(400);
    // The clock moved on: the raise's time is now past.
    await shared.server.app.db.run('UPDATE rg_limits SET pending_at = ? WHERE user_id = ?', [Date.now() - 1, player.id]);
    expect(entry(await limitsOf(player), 'wager', 'day')).toMatchObject({ amountCents: 500, pendingAt: null });
    expect((await dice(player, 2)).status).toBe(200);
  });

  it('should refuse a bet whose whole wager lost would pass the loss limit, wins offsetting losses', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'loss', 'day', '1');
    const refused = await dice(player, 1.5);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'This bet would exceed your daily loss limit of $1.00.' });
    expect((await dice(player, 1)).status).toBe(200);
    const loss = entry(await limitsOf(player), 'loss', 'day').usedCents;
    // Lost: 100 cents used, nothing more may be risked; won: the net is -100 and 2 dollars may go.
    expect([usdtCents(1), -usdtCents(1)]).toContain(loss);
  });

  it('should count a mines start and a blackjack double against the wager limit, leaving the round as it was', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'wager', 'day', '1.50');
    const message = 'This bet would exceed your daily wager limit of $1.50.';
    expect(await player.call('POST', '/mines/bet', { betAmount: 2, minesCount: 3, currency: 'USDT' })).toMatchObject({
      status: 400,
      body: { success: false, errorMessage: message },
    });
    const round = (await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' })).body as { game: { gameState: string } };
    const balance = await usdt(player);
    if (round.game.gameState === 'PlayerTurn') {
      // $1 wagered: doubling puts $1 more at risk, past $1.50.
      expect(await player.call('POST', '/blackjack/double', { activeHand: 0 })).toMatchObject({ status: 400, body: { errorMessage: message, game: round.game } });
      expect(await usdt(player)).toBe(balance);
      expect((await player.call('POST', '/blackjack/stand', { activeHand: 0 })).status).toBe(200);
    } else {
      // An immediate result settled the round: the next $1 round is the one past the limit.
      expect(await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' })).toMatchObject({ status: 400, body: { errorMessage: message } });
    }
    expect(entry(await limitsOf(player), 'wager', 'day').usedCents).toBe(usdtCents(1));
  });

  it('should refuse bad limit input with a clear message and change nothing', async () => {
    const player = await fundedPlayer();
    for (const amount of ['abc', '0', '-5', '1.234', '99999999999']) {
      const answer = await setLimit(player, 'deposit', 'day', amount);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ message: 'Enter a limit in dollars greater than 0, at most $10,000,000.00, with at most 2 decimals.' });
    }
    expect((await setLimit(player, 'bets', 'day', 5)).status).toBe(400);
    expect((await player.call('POST', '/account/take-break', { length: '2h' })).status).toBe(400);
    expect((await limitsOf(player)).limits.every((l) => l.amountCents === null)).toBe(true);
    expect((await fetch(`${shared.server.url}/api/account/get-limits`)).status).toBe(401);
  });

  it('should refuse a demo claim past the deposit limit, crediting nothing', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'deposit', 'week', 150);
    const before = await balanceIn(shared.server, player, 'BTC');
    const refused = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'BTC' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'limit_reached', message: 'This deposit would exceed your weekly deposit limit of $150.00.' });
    expect(await balanceIn(shared.server, player, 'BTC')).toBe(before);
  });

  it('should credit coins that reached the deposit address on chain, and count them towards the deposit limit', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'deposit', 'day', 120);
    const before = entry(await limitsOf(player), 'deposit', 'day').usedCents;
    const credited = await shared.server.app.wallet.creditDeposit(player.id, 'USDT', 50n * 100_000_000n, `rg-chain-${player.id}`);
    expect(credited.credited).toBe(true);
    expect(entry(await limitsOf(player), 'deposit', 'day').usedCents).toBe(before + usdtCents(50));
    // The limit is now spent: demo funds are refused.
    const refused = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ETH' });
    expect(refused.body).toMatchObject({ message: 'This deposit would exceed your daily deposit limit of $120.00.' });
  });

  it('should stop every bet and deposit during a break, say until when, and keep withdrawals and open rounds going', async () => {
    const player = await fundedPlayer();
    // A mines game and a blackjack round open before the break.
    expect((await player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 1, currency: 'USDT' })).status).toBe(200);
    const round = await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' });
    expect(round.status).toBe(200);

    const taken = await player.call('POST', '/account/take-break', { length: '24h' });
    expect(taken.status).toBe(200);
    const block = (taken.body as ResponsibleChange).block!;
    expect(block.kind).toBe('break');
    expect(Date.parse(block.until!)).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    const message = block.message;
    expect(message).toMatch(/^You are taking a break until \d+ \w{3} \d{4}, \d\d:\d\d UTC: betting and deposits are paused until then\.$/);

    const balance = await usdt(player);
    expect(await dice(player, 1)).toMatchObject({ status: 400, body: { code: 'on_break', message, blockedUntil: block.until } });
    expect(await player.call('POST', '/baccarat/bet', { playerBetAmount: 1, tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' })).toMatchObject({
      status: 400,
      body: { success: false, errorMessage: message },
    });
    expect(await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ETH' })).toMatchObject({ status: 400, body: { message } });
    expect(await player.call('GET', '/wallet/get-deposit-address?currency=BTC')).toMatchObject({ status: 400, body: { message } });
    expect(await usdt(player)).toBe(balance);

    // Open rounds finish: mines cashes out after a gem or ends on a mine; blackjack stands.
    const game = (round.body as { game: { gameState: string } }).game;
    if (game.gameState === 'PlayerTurn') {
      expect((await player.call('POST', '/blackjack/stand', { activeHand: 0 })).status).toBe(200);
    }
    const pick = await player.call('POST', '/mines/pick', { tileId: 0 });
    expect(pick.status).toBe(200);
    if ((pick.body as { gameState: string }).gameState === 'InPlay') expect((await player.call('POST', '/mines/cashout')).status).toBe(200);
    // A new round is refused.
    expect(await player.call('POST', '/mines/bet', { betAmount: 1, minesCount: 1, currency: 'USDT' })).toMatchObject({ status: 400, body: { errorMessage: message } });
    expect(await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' })).toMatchObject({ status: 400, body: { errorMessage: message } });

    const withdrawal = await player.call('POST', '/wallet/withdraw', { currency: 'USDT', address: '0x' + 'a'.repeat(40), amount: 1 });
    expect(withdrawal.status).toBe(200);
    expect((await checkLedger(shared.server.app.db)).ok).toBe(true);
  });

  it('should refuse a double during a break and leave the round as it was', async () => {
    const player = await fundedPlayer();
    let round;
    // A round that is still the player's turn (an immediate blackjack ends at once).
    for (let i = 0; i < 10; i++) {
      round = (await player.call('POST', '/blackjack/bet', { betAmount: 1, currency: 'USDT' })).body as { game: { gameState: string } };
      if (round.game.gameState === 'PlayerTurn') break;
    }
    expect(round!.game.gameState).toBe('PlayerTurn');
    await player.call('POST', '/account/take-break', { length: '3d' });
    const balance = await usdt(player);
    const doubled = await player.call('POST', '/blackjack/double', { activeHand: 0 });
    expect(doubled.status).toBe(400);
    expect(doubled.body).toMatchObject({ success: false, errorMessage: expect.stringMatching(/^You are taking a break until/), game: round!.game });
    expect(await usdt(player)).toBe(balance);
    expect((await player.call('POST', '/blackjack/stand', { activeHand: 0 })).status).toBe(200);
  });

  it('should only let a break or exclusion grow longer, never end it', async () => {
    const player = await fundedPlayer();
    expect((await player.call('POST', '/account/take-break', { length: '1w' })).status).toBe(200);
    const shorter = await player.call('POST', '/account/take-break', { length: '24h' });
    expect(shorter.status).toBe(409);
    expect(shorter.body).toMatchObject({ message: expect.stringMatching(/^Your break already runs until .* UTC, which is longer: it cannot be shortened\.$/) });
    const excluded = await player.call('POST', '/account/self-exclude', { length: '6m' });
    expect(excluded.status).toBe(200);
    expect((excluded.body as ResponsibleChange).block).toMatchObject({ kind: 'exclusion', permanent: false });
    const forever = await player.call('POST', '/account/self-exclude', { length: 'permanent' });
    expect((forever.body as ResponsibleChange).block).toMatchObject({ kind: 'exclusion', permanent: true, until: null });
    expect(await dice(player, 1)).toMatchObject({
      status: 400,
      body: { code: 'self_excluded', message: 'You have excluded yourself permanently: betting and deposits are closed on this account.' },
    });
    expect((await player.call('POST', '/account/take-break', { length: '6w' })).status).toBe(409);
    expect((await player.call('POST', '/account/self-exclude', { length: '1y' })).status).toBe(409);
  });

  it('should let concurrent bets together pass no limit', async () => {
    const player = await fundedPlayer();
    await setLimit(player, 'wager', 'day', 3);
    const answers = await Promise.all(Array.from({ length: 8 }, () => dice(player, 1)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(entry(await limitsOf(player), 'wager', 'day').usedCents).toBe(usdtCents(3));
  });
});
