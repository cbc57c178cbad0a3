import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { betsFeedMachine, isHighRoller } from '../../machines/betsFeed/machine';
import type { BetsLists } from '../../machines/betsFeed/machine';
import { payoutTone, selectRows, selectShowsMyBetsTab, selectTab } from '../../machines/betsFeed/selectors';
import type { Bet } from '../../machines/shared/events';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { betsFeedPaths } from './betsFeed.paths';

const row = (id: string, over: Partial<Bet> = {}): Bet => ({
  id,
  gameName: 'Dice',
  playerName: 'bob',
  wager: 0.001,
  currency: 'BTC',
  multiplier: 2,
  payout: 0.002,
  ...over,
});
const RATES = { BTC: 100_000, USDT: 1 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function feed(lists: (call: number) => Promise<BetsLists> = async () => ({ latestBets: [], myBets: [], highrollerBets: [] })) {
  let calls = 0;
  const machine = betsFeedMachine.provide({ actors: { loadBets: fromPromise(() => lists(++calls)) } });
  const actor = createActor(machine).start();
  actor.send({ type: 'wallet.ratesChanged', rates: RATES });
  return { actor, calls: () => calls };
}

const ids = (bets: readonly Bet[]) => bets.map((b) => b.id);

describe('bets feed', () => {
  it('should load the lists at start and again after login, keeping at most 20 of each', async () => {
    const many = Array.from({ length: 25 }, (_, i) => row(`x${i}`));
    const { actor, calls } = feed(async (call) => ({ latestBets: many, myBets: call > 1 ? [row('mine', { playerName: 'ann' })] : [], highrollerBets: [] }));
    await settle();
    expect(actor.getSnapshot().context.latestBets).toHaveLength(20);
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    expect(calls()).toBe(2);
    expect(ids(actor.getSnapshot().context.myBets)).toEqual(['mine']);
  });

  it('should keep the lists as they were when the load fails, silently', async () => {
    const { actor } = feed(() => Promise.reject(new Error('down')));
    actor.send({ type: 'server.bet', bet: row('a') });
    await settle();
    expect(actor.getSnapshot().matches({ lists: 'ready' })).toBe(true);
    expect(ids(actor.getSnapshot().context.latestBets)).toEqual(['a']);
  });

  it('should prepend live bets, never list one twice, and drop the oldest past 20', async () => {
    const { actor } = feed();
    await settle();
    for (let i = 0; i < 22; i += 1) actor.send({ type: 'server.bet', bet: row(`b${i}`) });
    actor.send({ type: 'server.bet', bet: row('b21') });
    const latest = ids(actor.getSnapshot().context.latestBets);
    expect(latest).toHaveLength(20);
    expect(latest[0]).toBe('b21');
    expect(latest.at(-1)).toBe('b2');
  });

  it('should leave a row where it is when the hub sends its bet again, and keep the row first shown', async () => {
    const { actor } = feed();
    await settle();
    actor.send({ type: 'server.bet', bet: row('a') });
    actor.send({ type: 'server.bet', bet: row('b') });
    actor.send({ type: 'server.bet', bet: row('a', { payout: 0.5 }) });
    expect(selectRows(actor.getSnapshot()).map((b) => [b.id, b.payout])).toEqual([
      ['b', 0.002],
      ['a', 0.002],
    ]);
  });

  it('should file a bet worth $100 or more (wager or payout) under HIGH ROLLERS and nothing below', async () => {
    const { actor } = feed();
    await settle();
    actor.send({ type: 'server.bet', bet: row('small', { wager: 0.00099, payout: 0 }) });
    actor.send({ type: 'server.bet', bet: row('wager', { wager: 0.001, payout: 0 }) });
    actor.send({ type: 'server.bet', bet: row('payout', { currency: 'USDT', wager: 10, payout: 100 }) });
    actor.send({ type: 'server.bet', bet: row('unknownRate', { currency: 'DOGE', wager: 1e6, payout: 0 }) });
    expect(ids(actor.getSnapshot().context.highrollerBets)).toEqual(['payout', 'wager']);
    expect(isHighRoller(row('edge', { currency: 'USDT', wager: 99.99, payout: 0 }), RATES)).toBe(false);
  });

  it("should keep the player's own bets in MY BETS, and offer that tab to signed-in players only", async () => {
    const { actor } = feed();
    await settle();
    actor.send({ type: 'user.selectTab', tab: 'mine' });
    expect(selectTab(actor.getSnapshot())).toBe('all');
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('theirs') });
    actor.send({ type: 'server.bet', bet: row('own', { playerName: 'ann' }) });
    actor.send({ type: 'user.selectTab', tab: 'mine' });
    expect(selectShowsMyBetsTab(actor.getSnapshot())).toBe(true);
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['own']);
    actor.send({ type: 'auth.loggedOut' });
    expect(selectTab(actor.getSnapshot())).toBe('all');
    expect(actor.getSnapshot().context.myBets).toEqual([]);
    expect(selectShowsMyBetsTab(actor.getSnapshot())).toBe(false);
  });

  it("should hold the player's own blackjack and baccarat rows back until their animation is over", async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('bj', { gameName: 'Blackjack', playerName: 'ann' }) });
    actor.send({ type: 'server.bet', bet: row('other-bj', { gameName: 'Blackjack', playerName: 'bob' }) });
    expect(ids(actor.getSnapshot().context.latestBets)).toEqual(['other-bj']);
    actor.send({ type: 'game.animationOver', betId: 'bj' });
    expect(ids(actor.getSnapshot().context.latestBets)).toEqual(['bj', 'other-bj']);
    expect(ids(actor.getSnapshot().context.myBets)).toEqual(['bj']);
    // An animation that ends before its bet arrives lets the bet straight through.
    actor.send({ type: 'game.animationOver', betId: 'bc' });
    actor.send({ type: 'server.bet', bet: row('bc', { gameName: 'Baccarat', playerName: 'ann' }) });
    expect(ids(actor.getSnapshot().context.latestBets)[0]).toBe('bc');
  });

  it("should release only the row whose animation ended, and keep holding the player's others", async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('bj1', { gameName: 'Blackjack', playerName: 'ann' }) });
    actor.send({ type: 'server.bet', bet: row('bc2', { gameName: 'Baccarat', playerName: 'ann' }) });
    actor.send({ type: 'game.animationOver', betId: 'bc2' });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['bc2']);
    actor.send({ type: 'game.animationOver', betId: 'bj1' });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['bj1', 'bc2']);
  });

  it("should show the player's own dice bet reported by the game at once, and ignore the hub's echo", async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'game.betPlaced', bet: { id: 'd1', gameName: 'Dice', wager: 1, currency: 'BTC', multiplier: 0, payout: 0 } });
    actor.send({ type: 'server.bet', bet: row('d1', { playerName: 'ann', wager: 1, multiplier: 0, payout: 0 }) });
    expect(ids(actor.getSnapshot().context.myBets)).toEqual(['d1']);
    expect(actor.getSnapshot().context.latestBets[0]?.playerName).toBe('ann');
    expect(ids(actor.getSnapshot().context.highrollerBets)).toEqual(['d1']);
  });

  it('should show under ALL BETS, on logout, the rows still held for their animation, and leave the released ones where they are', async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('released', { gameName: 'Blackjack', playerName: 'ann' }) });
    actor.send({ type: 'game.animationOver', betId: 'released' });
    actor.send({ type: 'server.bet', bet: row('held', { gameName: 'Baccarat', playerName: 'ann' }) });
    actor.send({ type: 'server.bet', bet: row('theirs') });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['theirs', 'released']);
    actor.send({ type: 'auth.loggedOut' });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['held', 'theirs', 'released']);
    // A second session on the same page (its login reloads the lists, empty here) holds nothing of the first one.
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'auth.loggedOut' });
    expect(selectRows(actor.getSnapshot())).toEqual([]);
  });

  it("should list a bet answered after the player logged out from the hub's row, with the player's name", async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'auth.loggedOut' });
    actor.send({ type: 'game.betPlaced', bet: { id: 'late', gameName: 'Dice', wager: 0.001, currency: 'BTC', multiplier: 0, payout: 0 } });
    expect(selectRows(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'server.bet', bet: row('late', { playerName: 'ann', multiplier: 0, payout: 0 }) });
    expect(selectRows(actor.getSnapshot()).map((b) => [b.id, b.playerName])).toEqual([['late', 'ann']]);
  });

  it('should show at once an own blackjack row that arrives with its animation already over', async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('done', { gameName: 'Blackjack', playerName: 'ann', animationOver: true }) });
    expect(ids(actor.getSnapshot().context.latestBets)).toEqual(['done']);
  });

  it('should remember the last 20 animations that ended before their bet, and hold the bet of an older one', async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    for (let i = 0; i < 21; i += 1) actor.send({ type: 'game.animationOver', betId: `early${i}` });
    actor.send({ type: 'server.bet', bet: row('early0', { gameName: 'Baccarat', playerName: 'ann' }) });
    actor.send({ type: 'server.bet', bet: row('early1', { gameName: 'Baccarat', playerName: 'ann' }) });
    expect(ids(actor.getSnapshot().context.latestBets)).toEqual(['early1']);
  });

  it('should list a bet in a currency whose dollar rate is 0 under ALL BETS only', async () => {
    const { actor } = feed();
    await settle();
    actor.send({ type: 'wallet.ratesChanged', rates: { ACC: 0 } });
    actor.send({ type: 'server.bet', bet: row('acc', { currency: 'ACC', wager: 5000, payout: 0 }) });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['acc']);
    actor.send({ type: 'user.selectTab', tab: 'highRollers' });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual([]);
  });

  it('should keep the dollar rates it was told before, currency by currency', async () => {
    const { actor } = feed();
    await settle();
    actor.send({ type: 'wallet.ratesChanged', rates: { ETH: 4000 } });
    actor.send({ type: 'server.bet', bet: row('btc', { wager: 0.001, payout: 0 }) });
    actor.send({ type: 'server.bet', bet: row('eth', { currency: 'ETH', wager: 0.025, payout: 0 }) });
    expect(ids(actor.getSnapshot().context.highrollerBets)).toEqual(['eth', 'btc']);
  });

  it('should show at most 20 rows under each tab of the lists the server sends', async () => {
    const many = (playerName: string) => Array.from({ length: 25 }, (_, i) => row(`${playerName}${i}`, { playerName, wager: 1 }));
    const { actor } = feed(async () => ({ latestBets: many('bob'), myBets: many('ann'), highrollerBets: many('cy') }));
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    await settle();
    for (const [tab, first] of [['all', 'bob0'], ['mine', 'ann0'], ['highRollers', 'cy0']] as const) {
      actor.send({ type: 'user.selectTab', tab });
      const shown = ids(selectRows(actor.getSnapshot()));
      expect([shown.length, shown[0], shown.at(-1)], tab).toEqual([20, first, first.replace('0', '19')]);
    }
  });

  it('should file the bets of whoever signed in last under MY BETS', async () => {
    const { actor } = feed();
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' });
    actor.send({ type: 'auth.loggedIn', user: { userName: 'bob' }, token: 't2' });
    await settle();
    actor.send({ type: 'server.bet', bet: row('ann-bet', { playerName: 'ann' }) });
    actor.send({ type: 'server.bet', bet: row('bob-bet', { playerName: 'bob' }) });
    actor.send({ type: 'game.betPlaced', bet: { id: 'placed', gameName: 'Dice', wager: 0.001, currency: 'BTC', multiplier: 0, payout: 0 } });
    actor.send({ type: 'user.selectTab', tab: 'mine' });
    expect(ids(selectRows(actor.getSnapshot()))).toEqual(['placed', 'bob-bet']);
  });

  it('should colour a payout green at a multiplier of 1 or more and grey below', () => {
    expect([payoutTone(row('a', { multiplier: 1 })), payoutTone(row('b', { multiplier: 0.5 }))]).toEqual(['win', 'muted']);
  });
});

describe('bet ids from the wire', () => {
  it('should hold and release the player own blackjack round whatever type its id arrives as', async () => {
    const machine = betsFeedMachine.provide({
      actors: { loadBets: fromPromise(async (): Promise<BetsLists> => ({ latestBets: [], myBets: [], highrollerBets: [] })) },
    });
    const actor = createActor(machine).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'auth.loggedIn', user: { userName: 'ada' }, token: 't' });
    // The hub sends the server's numeric id; the game announces the end of its animation with it too.
    const bet = { id: 41, gameName: 'Blackjack', playerName: 'ada', wager: 1, currency: 'BTC', multiplier: 2, payout: 2 };
    actor.send({ type: 'server.bet', bet: bet as never });
    expect(selectRows(actor.getSnapshot())).toEqual([]);
    actor.send({ type: 'game.animationOver', betId: 41 as never });
    expect(selectRows(actor.getSnapshot()).map((b) => b.id)).toEqual(['41']);
    // The same bet arriving again (the hub's echo) is not shown twice.
    actor.send({ type: 'server.bet', bet: bet as never });
    expect(selectRows(actor.getSnapshot())).toHaveLength(1);
  });
});

chartDocTest('betsFeed', betsFeedMachine);

pathSuite(betsFeedPaths);
