import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createTokenActionMachine } from '../../machines/tokenAction/machine';
import type { TokenActionKind } from '../../machines/tokenAction/machine';
import { runInSystem } from './actorSystem';
import { chartDocTest } from './chartDocTest';
import { recorder, settle } from './tokenFixtures';

/** The hand-written tests every token modal passes, in its own test file. */
export function tokenActionTests(kind: TokenActionKind): void {
  describe(`${kind} modal`, () => {
    const currency = kind === 'lockTokens' || kind === 'unlockTokens' ? 'ACC' : 'BTC';

    it('should refuse an empty, zero or too large amount with a message, and send a valid one', async () => {
      const sent: Array<{ currency: string; amount: string }> = [];
      const { calls, record } = recorder();
      const machine = createTokenActionMachine(kind).provide({
        actors: { submit: fromPromise(async ({ input }) => { sent.push(input); return { amount: 1, balance: 4 }; }) },
        actions: { announceResult: record('announceResult'), closeModal: record('closeModal') },
      });
      const actor = createActor(machine, { input: { currency } }).start();
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().context.message).toBe('Enter an amount');
      actor.send({ type: 'user.editAmount', value: '0' });
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().context.message).toBe('Amount must be greater than 0');
      actor.send({ type: 'user.editAmount', value: '6' });
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().context.message).toMatch(/^Amount exceeds your (balance|locked balance|position) of 5\.00000000 /);
      actor.send({ type: 'user.editAmount', value: '1,5' });
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
      await settle();
      expect(sent).toEqual([{ currency, amount: '1.5' }]);
      expect(actor.getSnapshot().value).toBe('succeeded');
      actor.send({ type: 'user.close' });
      expect(calls).toEqual([['announceResult', { result: { amount: 1, balance: 4 } }], ['closeModal', undefined]]);
    });

    it('should accept exactly what is available and refuse one base unit more', () => {
      const actor = createActor(createTokenActionMachine(kind).provide({ actors: { submit: fromPromise(() => new Promise<Record<string, unknown>>(() => {})) } }), { input: { currency } }).start();
      actor.send({ type: 'user.editAmount', value: '5.00000001' });
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().context.message).toMatch(/^Amount exceeds your (balance|locked balance|position) of 5\.00000000 /);
      actor.send({ type: 'user.editAmount', value: '5' });
      actor.send({ type: 'user.submit', available: 5 });
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    });

    it("should show the server's message when it refuses", async () => {
      const machine = createTokenActionMachine(kind).provide({
        actors: { submit: fromPromise(async (): Promise<Record<string, unknown>> => { throw Object.assign(new Error('Amount exceeds your balance of 1.00000000 ACC'), { status: 400 }); }) },
      });
      const actor = createActor(machine, { input: { currency } }).start();
      actor.send({ type: 'user.useMax', available: 2 });
      actor.send({ type: 'user.submit', available: 2 });
      await settle();
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.message).toBe('Amount exceeds your balance of 1.00000000 ACC');
    });

    it(`should fill Max with ${kind === 'removeLiquidity' ? 'All' : 'the available amount without trailing zeros'}`, () => {
      const actor = createActor(createTokenActionMachine(kind), { input: { currency } }).start();
      const filled = [2.5, 10, 0.00000001].map((available) => {
        actor.send({ type: 'user.useMax', available });
        return actor.getSnapshot().context.amount;
      });
      expect(filled).toEqual(kind === 'removeLiquidity' ? ['all', 'all', 'all'] : ['2.5', '10', '0.00000001']);
    });

    it('should tell the wallet a new balance only when the answer carries one (and, for a pool, its currency)', async () => {
      const answers: Array<Record<string, unknown>> = [{ amount: 1 }, { amount: 1, balance: 4 }, { currency: 'BTC', amount: 1, balance: 3 }];
      const machine = createTokenActionMachine(kind).provide({ actors: { submit: fromPromise(async () => answers.shift()!) } });
      const page = kind === 'lockTokens' || kind === 'unlockTokens' ? 'staking' : 'earn';
      const { actor, sentTo } = runInSystem(machine, { input: { currency }, recorders: ['wallet', 'modals', page] });
      for (let i = 0; i < 3; i += 1) {
        actor.send({ type: 'user.editAmount', value: '1' });
        actor.send({ type: 'user.submit', available: 5 });
        await settle();
      }
      expect(sentTo(page)).toHaveLength(3);
      // The staking answers are in ACC whatever they say; a pool answer names its currency, or the wallet hears nothing.
      expect(sentTo('wallet')).toEqual(
        kind === 'lockTokens' || kind === 'unlockTokens'
          ? [{ type: 'game.balanceUpdated', currency: 'ACC', balance: 4 }, { type: 'game.balanceUpdated', currency: 'ACC', balance: 3 }]
          : [{ type: 'game.balanceUpdated', currency: 'BTC', balance: 3 }],
      );
    });

    chartDocTest(kind, createTokenActionMachine(kind));
  });
}
