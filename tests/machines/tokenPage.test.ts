import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { tokenPageMachine } from '../../machines/token/machine';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { details, settle } from '../support/tokenFixtures';
import { tokenPagePaths } from './tokenPage.paths';

describe('token page', () => {
  it('should show the figures once loaded and offer Retry after a failure', async () => {
    let fail = true;
    const machine = tokenPageMachine.provide({
      actors: { loadTokenDetails: fromPromise(async () => { if (fail) throw new Error('down'); return details; }) },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'user.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.details?.totalBurned).toBe(15.5);
  });

  chartDocTest('tokenPage', tokenPageMachine);
});

pathSuite(tokenPagePaths);
