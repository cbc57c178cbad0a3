import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { BANKROLL_REFRESH_MS, earnMachine, NEAR_ZERO_POSITION } from '../../machines/earn/machine';
import { bankrollTotals } from '../../machines/earn/selectors';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { bankroll, divestedAll, invested, recorder, settle } from '../support/tokenFixtures';
import { earnPaths } from './earn.paths';


describe('earn', () => {
  it('should open the login modal for a visitor, and the modals with the position for a player', async () => {
    const { calls, record } = recorder();
    const machine = earnMachine.provide({
      actors: { loadBankroll: fromPromise(async () => bankroll) },
      actions: { openLogin: record('openLogin'), openModal: record('openModal') },
    });
    const visitor = createActor(machine, { input: { signedIn: false } }).start();
    await settle();
    visitor.send({ type: 'user.addLiquidity', currency: 'BTC' });
    const player = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    player.send({ type: 'user.addLiquidity', currency: 'BTC' });
    player.send({ type: 'user.removeLiquidity', currency: 'BTC' });
    expect(player.getSnapshot().can({ type: 'user.removeLiquidity', currency: 'ETH' })).toBe(false);
    expect(calls).toEqual([
      ['openLogin', undefined],
      ['openModal', { name: 'AddLiquidity', params: { currency: 'BTC' } }],
      ['openModal', { name: 'RemoveLiquidity', params: { currency: 'BTC', position: 0.0101 } }],
    ]);
  });

  it('should replace the pool and position on invested and drop a near-zero position on divested', async () => {
    const machine = earnMachine.provide({ actors: { loadBankroll: fromPromise(async () => bankroll) } });
    const actor = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    actor.send({ type: 'server.invested', payload: invested });
    expect(actor.getSnapshot().context.pools[0]?.totalStaked).toBe(10.01);
    expect(actor.getSnapshot().context.playerInvestments[0]?.currentInvestment).toBe(0.0201);
    actor.send({ type: 'server.divested', payload: { ...divestedAll, position: { ...divestedAll.position, currentInvestment: NEAR_ZERO_POSITION / 2 } } });
    expect(actor.getSnapshot().context.playerInvestments).toEqual([]);
    actor.send({ type: 'auth.loggedOut' });
    expect(actor.getSnapshot().context.playerInvestments).toEqual([]);
  });

  it('should ignore a hub payload without a currency, a pool or a position, and keep a position of exactly 10 base units', async () => {
    const machine = earnMachine.provide({ actors: { loadBankroll: fromPromise(async () => bankroll) } });
    const actor = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    const before = { pools: actor.getSnapshot().context.pools, positions: actor.getSnapshot().context.playerInvestments };
    const { currency: _c, ...noCurrency } = invested;
    const { pool: _p, ...noPool } = invested;
    const { position: _q, ...noPosition } = invested;
    for (const payload of [null, { currency: 'BTC' }, noCurrency, noPool, noPosition]) actor.send({ type: 'server.invested', payload: payload as never });
    expect({ pools: actor.getSnapshot().context.pools, positions: actor.getSnapshot().context.playerInvestments }).toEqual(before);
    // A first position in another pool joins the ones the player has; 0.0000001 is not dust yet.
    const eth = { currency: 'ETH', currentInvestment: NEAR_ZERO_POSITION, principal: NEAR_ZERO_POSITION, shareOfTotalBankroll: 0 };
    const ethPool = { currency: 'ETH', totalStaked: 1, totalProfit: 0, wagerVolume: 0 };
    actor.send({ type: 'server.invested', payload: { currency: 'ETH', amount: NEAR_ZERO_POSITION, pool: ethPool, position: eth } });
    expect(actor.getSnapshot().context.pools).toEqual([...bankroll.pools, ethPool]);
    expect(actor.getSnapshot().context.playerInvestments).toEqual([...bankroll.playerInvestments, eth]);
    // A change in one pool leaves the other pool and position as they were, in their places.
    actor.send({ type: 'server.invested', payload: invested });
    expect(actor.getSnapshot().context.pools).toEqual([invested.pool, ethPool]);
    expect(actor.getSnapshot().context.playerInvestments).toEqual([invested.position, eth]);
  });

  it('should open Add Liquidity only for a pool that exists, and Remove with the position of the pool asked for', async () => {
    const { calls, record } = recorder();
    const eth = { currency: 'ETH', currentInvestment: 0.5, principal: 0.5, shareOfTotalBankroll: 0 };
    const data = { pools: [...bankroll.pools, { currency: 'ETH', totalStaked: 1, totalProfit: 0, wagerVolume: 0 }], playerInvestments: [...bankroll.playerInvestments, eth] };
    const machine = earnMachine.provide({ actors: { loadBankroll: fromPromise(async () => data) }, actions: { openLogin: record('openLogin'), openModal: record('openModal') } });
    const player = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    player.send({ type: 'user.addLiquidity', currency: 'DOGE' });
    player.send({ type: 'user.removeLiquidity', currency: 'ETH' });
    expect(calls).toEqual([['openModal', { name: 'RemoveLiquidity', params: { currency: 'ETH', position: 0.5 } }]]);
  });

  it('should show the pools of the read every 10 s', async () => {
    const clock = new SimulatedClock();
    const reads = [bankroll, { pools: [invested.pool], playerInvestments: [invested.position] }];
    const machine = earnMachine.provide({ actors: { loadBankroll: fromPromise(async () => reads.shift()!) } });
    const actor = createActor(machine, { input: { signedIn: true }, clock }).start();
    await settle();
    clock.increment(BANKROLL_REFRESH_MS);
    await settle();
    expect(actor.getSnapshot().context.pools).toEqual([invested.pool]);
    expect(actor.getSnapshot().context.playerInvestments).toEqual([invested.position]);
  });

  it('should total the pools in dollars', () => {
    expect(bankrollTotals(bankroll.pools, { BTC: 100 })).toEqual({ valueLocked: 1000, profit: 10, volume: 200 });
  });
});

chartDocTest('earn', earnMachine);

pathSuite(earnPaths);
