import { expect } from 'vitest';
import type { PlayerStats, WireBet } from '../../src/core/contracts/casino';
import { statsMachine } from '../../machines/stats/machine';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The live statistics panel: hidden or shown, the figures of one currency read when it opens (or the
 * currency changes), and each of the player's own bets in that currency added as the hub announces it;
 * such a bet landing during a read reads again, and so does the live link coming (back) up after the
 * panel opened, the last figures still shown. The oracles check the figures the panel shows and the
 * reads it made against `statsFacts`, written out here: a bet of another player or another currency
 * changes nothing, nor does a link found up when the panel opened.
 */

const zero = { bets: 0, wagered: '0.00000000', profit: '0.00000000', wins: 0, losses: 0 };
export const BTC_STATS: PlayerStats = {
  currency: 'BTC',
  session: { bets: 1, wagered: '0.00010000', profit: '0.00010000', wins: 1, losses: 0 },
  allTime: { bets: 4, wagered: '0.00100000', profit: '-0.00050000', wins: 1, losses: 3 },
  recent: ['0.00010000'],
};
export const ETH_STATS: PlayerStats = { currency: 'ETH', session: zero, allTime: zero, recent: [] };

const bet = (playerName: string, currency: string, wager: number, payout: number): WireBet => ({
  id: 1,
  gameName: 'Dice',
  playerName,
  wager,
  currency,
  multiplier: payout / wager,
  payout,
});
const OWN_LOSS = bet('ada', 'BTC', 0.0002, 0);
const OTHERS_WIN = bet('bob', 'BTC', 1, 2);
const OWN_ETH = bet('ada', 'ETH', 0.5, 1);

export const statsEvents = [
  { type: 'user.toggleStats' },
  { type: 'user.closeStats' },
  { type: 'user.selectTab', tab: 'allTime' },
  { type: 'user.selectCurrency', currency: 'ETH' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.fetchStats', output: BTC_STATS },
  { type: 'xstate.error.actor.fetchStats', error: new Error('Failed to fetch') },
  { type: 'server.bet', bet: OWN_LOSS },
  { type: 'server.bet', bet: OTHERS_WIN },
  { type: 'server.bet', bet: OWN_ETH },
  { type: 'live.lost' },
  { type: 'live.up', atStart: false },
  { type: 'live.up', atStart: true },
] as AnyEvent[];

/** What the panel shows after the path: open or not, its currency and tab, the figures, the reads. */
export function statsFacts(world: World) {
  let open = false;
  // A read under way: the first (nothing shown yet) or again after the link came back (the figures stay).
  let loading = false;
  let failed = false;
  let currency = 'BTC';
  let tab = 'session';
  let stats = null as PlayerStats | null;
  const reads: string[] = [];
  const read = () => {
    loading = true;
    failed = false;
    reads.push(currency);
  };
  const ownInCurrency = (b: WireBet) => (b === OWN_LOSS && currency === 'BTC') || (b === OWN_ETH && currency === 'ETH');
  for (const e of world.performed) {
    if (e.type === 'user.toggleStats') {
      open = !open;
      if (open) read();
    } else if (e.type === 'user.closeStats') open = false;
    else if (e.type === 'user.selectTab') tab = e['tab'] as string;
    else if (e.type === 'user.selectCurrency' && e['currency'] !== currency) {
      currency = e['currency'] as string;
      stats = null;
      read();
    } else if (e.type === 'user.retry') read();
    else if (e.type === 'xstate.done.actor.fetchStats') {
      loading = false;
      stats = e['output'] as PlayerStats;
    } else if (e.type === 'xstate.error.actor.fetchStats') {
      loading = false;
      failed = true;
    } else if (e.type === 'live.up' && e['atStart'] === false && open && !failed) read();
    else if (e.type === 'server.bet' && open && loading && ownInCurrency(e['bet'] as WireBet)) read();
    else if (e.type === 'server.bet' && open && !loading && !failed && stats) {
      const b = e['bet'] as WireBet;
      if (b === OWN_LOSS && currency === 'BTC') {
        stats = {
          ...stats,
          session: { ...stats.session, bets: stats.session.bets + 1, wagered: add(stats.session.wagered, 20_000), profit: add(stats.session.profit, -20_000), losses: stats.session.losses + 1 },
          allTime: { ...stats.allTime, bets: stats.allTime.bets + 1, wagered: add(stats.allTime.wagered, 20_000), profit: add(stats.allTime.profit, -20_000), losses: stats.allTime.losses + 1 },
          recent: [...stats.recent, '-0.00020000'],
        };
      }
    }
  }
  return { open, currency, tab, stats, reads, loading };
}

/** A decimal string plus some base units, as the panel must show it (8 decimals). */
function add(amount: string, units: number): string {
  const total = Math.round(Number(amount) * 1e8) + units;
  return `${total < 0 ? '-' : ''}${(Math.abs(total) / 1e8).toFixed(8)}`;
}

export interface StatsSut extends Sut {
  effects: FakeEffects;
}

const ctx = (sut: StatsSut) => sut.snapshot().context as { currency: string; tab: string; stats: PlayerStats | null; error: string | null };

export const statsPaths: PathSpec<StatsSut> = {
  name: 'stats',
  machine: statsMachine,
  variants: [
    {
      name: 'a signed-in player, ada, on BTC',
      input: { userName: 'ada', currency: 'BTC' },
      events: statsEvents,
      // Each bet adds to the figures: one vertex for "read" and one for "a bet added since", not one per bet.
      serializeState: (s) => {
        const c = s.context as { tab: string; currency: string; stats: PlayerStats | null; error: string | null };
        return JSON.stringify([s.value, c.tab, c.currency, c.stats ? Math.min(c.stats.session.bets, 2) : null, c.error !== null]);
      },
    },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = statsMachine.provide({ actors: effects.actors(['fetchStats']) as never });
    const system = runInSystem(machine, { clock: world.clock, input: world.variant.input as { userName: string; currency: string } });
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as never),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#stats': {
      asserts: "the currency and tab chosen; one read per opening, currency change or retry, for that currency; the figures are the last read's plus the player's own bets in the currency since, nobody else's",
      check(sut, world) {
        const f = statsFacts(world);
        expect(ctx(sut).currency).toBe(f.currency);
        expect(ctx(sut).tab).toBe(f.tab);
        expect(sut.effects.callsOf('fetchStats')).toEqual(f.reads.map((currency) => ({ currency })));
        if (f.open) expect(ctx(sut).stats).toEqual(f.stats);
      },
    },
    '#stats.closed': {
      asserts: 'no panel; nothing being read',
      check(sut) {
        expect(sut.snapshot().hasTag('open')).toBe(false);
        expect(sut.effects.waiting('fetchStats')).toBeUndefined();
      },
    },
    '#stats.open': {
      asserts: 'the panel is shown',
      check(sut) {
        expect(sut.snapshot().hasTag('open')).toBe(true);
      },
    },
    '#stats.open.loading': {
      asserts: "'Loading statistics…' while the figures of the chosen currency are read",
      check(sut, world) {
        expect(sut.snapshot().hasTag('loading')).toBe(true);
        expect(sut.effects.waiting('fetchStats')).toEqual({ input: { currency: statsFacts(world).currency } });
      },
    },
    '#stats.open.failed': {
      asserts: "the alert 'Could not reach the casino. Please check your connection and try again.' and Try again",
      check(sut) {
        expect(sut.snapshot().hasTag('alert')).toBe(true);
        expect(ctx(sut).error).toBe('Could not reach the casino. Please check your connection and try again.');
      },
    },
    '#stats.open.refreshing': {
      asserts: 'the live link came back: the last figures still shown, no loading message, the figures of the chosen currency read again',
      check(sut, world) {
        const f = statsFacts(world);
        expect(f.loading).toBe(true);
        expect(ctx(sut).stats).not.toBeNull();
        expect(sut.snapshot().hasTag('loading')).toBe(false);
        expect(sut.effects.waiting('fetchStats')).toEqual({ input: { currency: f.currency } });
      },
    },
    '#stats.open.live': {
      asserts: 'the figures and the chart of the chosen currency, nothing being read',
      check(sut, world) {
        expect(ctx(sut).stats).not.toBeNull();
        expect(ctx(sut).stats).toEqual(statsFacts(world).stats);
        expect(sut.effects.waiting('fetchStats')).toBeUndefined();
      },
    },
  },
};
