import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionsMachine } from '../../machines/sessions/machine';
import type { Session } from '../../machines/sessions/machine';
import { selectSessions } from '../../machines/sessions/selectors';
import { pathSuite } from '../support/pathTesting';
import { HERE, LAPTOP, PHONE, sessionsPaths } from './sessions.paths';

describe('sessions card', () => {
  it('should end another session, then show the list the server gives after it', async () => {
    let open: Session[] = [HERE, LAPTOP, PHONE];
    const machine = sessionsMachine.provide({
      actors: {
        listSessions: fromPromise(async () => ({ sessions: open })),
        endSession: fromPromise(async ({ input }) => {
          open = open.filter((s) => s.sessionId !== input.sessionId);
        }),
        endOtherSessions: fromPromise(async () => {
          open = open.filter((s) => s.current);
        }),
      },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('listed'));
    actor.send({ type: 'user.endSession', sessionId: 'phone' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(selectSessions(actor.getSnapshot()).map((s) => s.sessionId)).toEqual(['here', 'laptop']);
    actor.send({ type: 'user.endOthers' });
    await waitFor(actor, (s) => s.matches('listed'));
    expect(selectSessions(actor.getSnapshot())).toEqual([HERE]);
    expect(actor.getSnapshot().can({ type: 'user.endOthers' })).toBe(false);
  });
});

pathSuite(sessionsPaths);
