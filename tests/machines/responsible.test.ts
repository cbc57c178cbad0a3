import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ResponsibleChange } from '../../src/core/contracts/account';
import { responsibleMachine } from '../../machines/responsible/machine';
import { selectBlock, selectLimits } from '../../machines/responsible/selectors';
import { pathSuite } from '../support/pathTesting';
import { EMPTY, responsiblePaths } from './responsible.paths';

describe('responsible gambling page', () => {
  it('should set a limit, then take a break only once the player confirms it', async () => {
    const sent: unknown[] = [];
    const machine = responsibleMachine.provide({
      actors: {
        getLimits: fromPromise(async () => EMPTY),
        setLimit: fromPromise(async ({ input }): Promise<ResponsibleChange> => {
          sent.push(input);
          return {
            ...EMPTY,
            limits: EMPTY.limits.map((l) => (l.kind === input.kind && l.period === input.period ? { ...l, amountCents: 2500 } : l)),
            message: 'Limit saved: it applies now.',
          };
        }),
        startBlock: fromPromise(async ({ input }): Promise<ResponsibleChange> => {
          sent.push(input);
          return { ...EMPTY, block: { kind: 'break', until: '2026-11-28T00:00:00.000Z', permanent: false, message: 'on a break' }, message: 'on a break' };
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.changeLimit', kind: 'loss', amount: '25' });
    actor.send({ type: 'user.submitLimit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectLimits(actor.getSnapshot()).find((l) => l.kind === 'loss' && l.period === 'day')?.amountCents).toBe(2500);
    actor.send({ type: 'user.chooseBlock', block: { kind: 'break', length: '1w' } });
    expect(sent).toEqual([{ kind: 'loss', period: 'day', amount: '25' }]);
    actor.send({ type: 'user.confirm' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(sent.at(-1)).toEqual({ kind: 'break', length: '1w' });
    expect(selectBlock(actor.getSnapshot())?.kind).toBe('break');
  });
});

pathSuite(responsiblePaths);
