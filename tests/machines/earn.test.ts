import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { earnMachine, NEAR_ZERO_POSITION } from '../../machines/earn/machine';
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

  it('should total the pools in dollars', () => {
    expect(bankrollTotals(bankroll.pools, { BTC: 100 })).toEqual({ valueLocked: 1000, profit: 10, volume: 200 });
  });
});

chartDocTest('earn', earnMachine);

pathSuite(earnPaths);
