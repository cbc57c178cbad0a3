import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { statsMachine } from '../../machines/stats/machine';
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

pathSuite(statsPaths);
