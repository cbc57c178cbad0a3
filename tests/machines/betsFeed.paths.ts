import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { betsFeedMachine } from '../../machines/betsFeed/machine';
import type { BetsFeedContext, BetsFeedEvent, BetsLists, BetsTab } from '../../machines/betsFeed/machine';
import { selectIsLoading, selectRows, selectShowsMyBetsTab, selectTab } from '../../machines/betsFeed/selectors';
import type { Bet } from '../../machines/shared/events';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The bets table's paths (docs/product.md §2, §4, §9): the rows of each tab, newest first and 20
 * at most, MY BETS for signed-in players only, HIGH ROLLERS at $100 or more, and the player's own
 * blackjack and baccarat rows held back until the round's animation is over. The reference files
 * every bet from the performed events alone.
 */

const row = (id: string, over: Partial<Bet> = {}): Bet => ({ id, gameName: 'Dice', playerName: 'bob', wager: 0.0001, currency: 'BTC', multiplier: 2, payout: 0.0002, ...over });
const RATES = { BTC: 100_000, USDT: 1 };
const ann = { type: 'auth.loggedIn', user: { userName: 'ann' }, token: 't' };
const served: BetsLists = { latestBets: [row('s1'), row('s2', { playerName: 'ann' })], myBets: [row('s2', { playerName: 'ann' })], highrollerBets: [row('s3', { wager: 1 })] };
// Exactly $100 at the rates below: a high roller.
const annBlackjack = row('ann-bj', { gameName: 'Blackjack', playerName: 'ann', wager: 0.001 });
const annBaccarat = row('ann-bc', { gameName: 'Baccarat', playerName: 'ann', wager: 0.002 });

const account = [
  ann,
  { type: 'auth.loggedOut' },
  { type: 'xstate.done.actor.loadBets', output: served },
  { type: 'xstate.error.actor.loadBets', error: new Error('down') },
];
const tabEvents = [
  ...account,
  { type: 'user.selectTab', tab: 'all' },
  { type: 'user.selectTab', tab: 'mine' },
  { type: 'user.selectTab', tab: 'highRollers' },
  { type: 'wallet.ratesChanged', rates: RATES },
  { type: 'server.bet', bet: row('big', { wager: 0.002 }) },
] as AnyEvent[];
const rowEvents = [
  ...account,
  { type: 'wallet.ratesChanged', rates: RATES },
  { type: 'server.bet', bet: annBlackjack },
  { type: 'server.bet', bet: row('bob-bj', { gameName: 'Blackjack' }) },
  { type: 'game.betPlaced', bet: { id: 'ann-dice', gameName: 'Dice', wager: 1, currency: 'USDT', multiplier: 200, payout: 200 } },
  { type: 'game.animationOver', betId: 'ann-bj' },
] as AnyEvent[];

/**
 * A player's own blackjack round held until its animation ends, then an animation that ends before
 * its baccarat bet arrives, then MY BETS: one path, since each step is offered only after the last.
 */
function ownRounds(s: AnyMachineSnapshot): AnyEvent[] {
  const c = s.context as BetsFeedContext;
  const shown = (id: string) => c.latestBets.some((b) => b.id === id);
  if (Object.keys(c.rates).length === 0) return [{ type: 'wallet.ratesChanged', rates: RATES }];
  if (c.userName === null) return [ann as AnyEvent];
  if (s.matches({ lists: 'loading' })) return [{ type: 'xstate.done.actor.loadBets', output: { latestBets: [], myBets: [], highrollerBets: [] } }];
  if (!shown('ann-bj') && c.held.length === 0) return [{ type: 'server.bet', bet: annBlackjack }];
  if (c.held.length > 0) return [{ type: 'game.animationOver', betId: c.held[0]!.id }];
  if (!c.finishedAnimations.includes('ann-bc') && !shown('ann-bc')) return [{ type: 'game.animationOver', betId: 'ann-bc' }];
  if (!shown('ann-bc')) return [{ type: 'server.bet', bet: annBaccarat }];
  return [{ type: 'user.selectTab', tab: 'mine' }];
}

const ids = (bets: readonly Bet[]) => bets.map((b) => b.id);
const set = (list: readonly string[]) => [...list].sort().join(',');
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as BetsFeedContext;
  return JSON.stringify([s.value, set(ids(c.latestBets)), set(ids(c.myBets)), set(ids(c.highrollerBets)), set(ids(c.held)), set(c.finishedAnimations), c.userName, Object.keys(c.rates).length]);
};

interface FeedSut extends Sut {
  effects: FakeEffects;
}

/** The tables a person should see after the performed events. */
function facts(world: World) {
  let latest: Bet[] = [];
  let mine: Bet[] = [];
  let high: Bet[] = [];
  let held: Bet[] = [];
  let finished: string[] = [];
  let userName: string | null = null;
  let rates: Record<string, number> = {};
  let tab: BetsTab = 'all';
  let loads = 1;
  const prepend = (list: Bet[], bet: Bet) => [bet, ...list.filter((b) => b.id !== bet.id)].slice(0, 20);
  const isHigh = (bet: Bet) => {
    const rate = rates[bet.currency];
    return rate !== undefined && (bet.wager * rate >= 100 || bet.payout * rate >= 100);
  };
  const file = (bet: Bet) => {
    latest = prepend(latest, bet);
    if (userName !== null && bet.playerName === userName) mine = prepend(mine, bet);
    if (isHigh(bet)) high = prepend(high, bet);
  };
  const receive = (bet: Bet) => {
    if (latest.some((b) => b.id === bet.id) || held.some((b) => b.id === bet.id)) return;
    const own = userName !== null && bet.playerName === userName;
    if (own && ['Blackjack', 'Baccarat'].includes(bet.gameName) && !finished.includes(bet.id)) held = [...held, bet];
    else file(bet);
  };
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        userName = (e['user'] as { userName: string }).userName;
        loads += 1;
        break;
      case 'auth.loggedOut': {
        userName = null;
        mine = [];
        const wasHeld = held;
        held = [];
        finished = [];
        wasHeld.forEach(file);
        if (tab === 'mine') tab = 'all';
        break;
      }
      case 'xstate.done.actor.loadBets': {
        const lists = e['output'] as BetsLists;
        latest = lists.latestBets.slice(0, 20);
        mine = lists.myBets.slice(0, 20);
        high = lists.highrollerBets.slice(0, 20);
        break;
      }
      case 'wallet.ratesChanged':
        rates = { ...rates, ...(e['rates'] as Record<string, number>) };
        break;
      case 'server.bet':
        receive(e['bet'] as Bet);
        break;
      case 'game.betPlaced':
        // Signed out, the game's report is ignored: the hub's row, with the player's name, follows.
        if (userName !== null) receive({ ...(e['bet'] as Bet), playerName: userName });
        break;
      case 'game.animationOver': {
        const bet = held.find((b) => b.id === e['betId']);
        if (bet) {
          held = held.filter((b) => b !== bet);
          file(bet);
        } else finished = [e['betId'] as string, ...finished];
        break;
      }
      case 'user.selectTab': {
        const wanted = e['tab'] as BetsTab;
        if (wanted !== 'mine' || userName !== null) tab = wanted;
        break;
      }
    }
  }
  return { latest, mine, high, held, userName, tab, loads };
}

const snap = (sut: FeedSut) => sut.snapshot() as Parameters<typeof selectRows>[0];
const rowsOf = (f: ReturnType<typeof facts>, tab: BetsTab) => (tab === 'mine' ? f.mine : tab === 'highRollers' ? f.high : f.latest);

export const betsFeedPaths: PathSpec<FeedSut> = {
  name: 'betsFeed',
  machine: betsFeedMachine,
  variants: [
    { name: 'own rounds', events: ownRounds, serializeState },
    { name: 'tabs', events: tabEvents, serializeState },
    { name: 'rows', events: rowEvents, serializeState },
  ],
  start() {
    const effects = new FakeEffects();
    const actor = createActor(betsFeedMachine.provide({ actors: effects.actors(['loadBets']) as never })).start();
    return { effects, snapshot: () => actor.getSnapshot(), send: (e) => actor.send(e as BetsFeedEvent), stop: () => void actor.stop() };
  },
  states: {
    '#betsFeed': {
      asserts: "the selected tab shows its rows, newest first: ALL BETS every bet shown, MY BETS the player's own, HIGH ROLLERS those worth $100 or more; the player's own blackjack and baccarat rows are nowhere until their animation is over; the lists were asked for at start and after each login",
      check(sut, world) {
        const f = facts(world);
        expect(selectTab(snap(sut))).toBe(f.tab);
        expect(ids(selectRows(snap(sut)))).toEqual(ids(rowsOf(f, f.tab)));
        const c = sut.snapshot().context as BetsFeedContext;
        expect([ids(c.latestBets), ids(c.myBets), ids(c.highrollerBets)]).toEqual([ids(f.latest), ids(f.mine), ids(f.high)]);
        for (const bet of f.held) expect(ids(selectRows(snap(sut))), `${bet.id} waits for its animation`).not.toContain(bet.id);
        expect(sut.effects.callsOf('loadBets')).toHaveLength(f.loads);
      },
    },
    '#betsFeed.lists.loading': {
      asserts: 'the lists are being fetched; the table says it is loading',
      check(sut) {
        expect(sut.effects.waiting('loadBets')).toBeDefined();
        expect(selectIsLoading(snap(sut))).toBe(true);
      },
    },
    '#betsFeed.lists.ready': {
      asserts: 'no fetch is waiting (a failed one left the lists as they were)',
      check(sut) {
        expect(sut.effects.waiting('loadBets')).toBeUndefined();
        expect(selectIsLoading(snap(sut))).toBe(false);
      },
    },
    '#betsFeed.player.visitor': {
      asserts: 'nobody is signed in: no MY BETS tab',
      check(sut, world) {
        expect(facts(world).userName).toBeNull();
        expect(selectShowsMyBetsTab(snap(sut))).toBe(false);
      },
    },
    '#betsFeed.player.signedIn': {
      asserts: 'a player is signed in: the MY BETS tab is offered',
      check(sut, world) {
        expect(facts(world).userName).not.toBeNull();
        expect(selectShowsMyBetsTab(snap(sut))).toBe(true);
      },
    },
    '#betsFeed.tabs.all': { asserts: 'ALL BETS is selected', check: (_sut, world) => expect(facts(world).tab).toBe('all') },
    '#betsFeed.tabs.mine': { asserts: 'MY BETS is selected (a signed-in player chose it)', check: (_sut, world) => expect(facts(world).tab).toBe('mine') },
    '#betsFeed.tabs.highRollers': { asserts: 'HIGH ROLLERS is selected', check: (_sut, world) => expect(facts(world).tab).toBe('highRollers') },
  },
};
