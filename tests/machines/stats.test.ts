import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { statsMachine } from '../../machines/stats/machine';
import type { PlayerStats } from '../../src/core/contracts/casino';
import { screenWithLive } from '../support/liveSystem';
import { FakeEffects, pathSuite, settle } from '../support/pathTesting';
import { BTC_STATS, statsPaths } from './stats.paths';

describe('live statistics', () => {
  it("should add the player's bets while open, read afresh on reopening, and ignore bets while closed", async () => {
    const effects = new FakeEffects();
    const actor = createActor(statsMachine.provide({ actors: effects.actors(['fetchStats']) as never }), { input: { userName: 'ada', currency: 'BTC' } }).start();
    const own = { id: 9, gameName: 'Dice', playerName: 'ada', wager: 0.0001, currency: 'BTC', multiplier: 2, payout: 0.0002 };
    actor.send({ type: 'server.bet', bet: own });
    actor.send({ type: 'user.toggleStats' });
    effects.resolve('fetchStats', BTC_STATS);
    await settle();
    actor.send({ type: 'server.bet', bet: own });
    expect(actor.getSnapshot().context.stats!.session).toEqual({ bets: 2, wagered: '0.00020000', profit: '0.00020000', wins: 2, losses: 0 });
    // Another player's bet, and the player's own in another currency, are not this panel's.
    actor.send({ type: 'server.bet', bet: { ...own, playerName: 'bob' } });
    actor.send({ type: 'server.bet', bet: { ...own, currency: 'ETH' } });
    expect(actor.getSnapshot().context.stats!.session.bets).toBe(2);
    expect(actor.getSnapshot().context.stats!.recent).toEqual(['0.00010000', '0.00010000']);
    actor.send({ type: 'user.closeStats' });
    actor.send({ type: 'server.bet', bet: own });
    actor.send({ type: 'user.toggleStats' });
    expect(effects.callsOf('fetchStats')).toEqual([{ currency: 'BTC' }, { currency: 'BTC' }]);
  });
});

describe('live statistics and the live link', () => {
  const own = { id: 9, gameName: 'Dice', playerName: 'ada', wager: 0.0001, currency: 'BTC', multiplier: 0, payout: 0 };
  const LATER: PlayerStats = { ...BTC_STATS, session: { ...BTC_STATS.session, bets: 3, losses: 2 }, recent: ['0.00010000', '-0.00010000', '-0.00010000'] };
  const panelWithLive = () => {
    const effects = new FakeEffects();
    const system = screenWithLive(statsMachine.provide({ actors: effects.actors(['fetchStats']) as never }), { input: { userName: 'ada', currency: 'BTC' } });
    system.hub()({ type: 'hub.connected' });
    return { ...system, effects, panel: system.screen() };
  };

  it('should read the figures again when the link comes back, keeping the last ones shown meanwhile', async () => {
    const { effects, panel, hub, clock } = panelWithLive();
    panel.send({ type: 'user.toggleStats' });
    effects.resolve('fetchStats', BTC_STATS);
    await settle();
    // Two bets while the link is down reach no one: only a read can count them.
    hub()({ type: 'hub.closed', error: 'gone' });
    clock.increment(0);
    expect(effects.callsOf('fetchStats')).toHaveLength(1);
    hub()({ type: 'hub.connected' });
    expect(effects.callsOf('fetchStats')).toHaveLength(2);
    expect(panel.getSnapshot().hasTag('loading')).toBe(false);
    expect(panel.getSnapshot().context.stats).toBe(BTC_STATS);
    effects.resolve('fetchStats', LATER);
    await settle();
    expect(panel.getSnapshot().context.stats).toBe(LATER);
  });

  it('should not read again for a link already up when the panel opened, and read again for a bet landing during a read', async () => {
    const { effects, panel } = panelWithLive();
    panel.send({ type: 'user.toggleStats' });
    panel.send({ type: 'server.bet', bet: own });
    expect(effects.callsOf('fetchStats')).toHaveLength(2);
    effects.resolve('fetchStats', LATER);
    await settle();
    expect(effects.callsOf('fetchStats')).toHaveLength(2);
    expect(panel.getSnapshot().context.stats).toBe(LATER);
  });
});

pathSuite(statsPaths);
