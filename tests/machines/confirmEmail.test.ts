import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { confirmEmailMachine } from '../../machines/confirmEmail/machine';
import { pathSuite } from '../support/pathTesting';
import { confirmEmailPaths } from './confirmEmail.paths';

// Never settles: an incomplete link must not reach it anyway.
const never = fromPromise(() => new Promise<never>(() => {})) as never;

describe('confirm e-mail', () => {
  it.each([
    [{ userId: null, token: 'abc' }],
    [{ userId: '7', token: null }],
  ])('should call a link that lacks a parameter incomplete at once, and send nothing (%j)', (input) => {
    const actor = createActor(confirmEmailMachine.provide({ actors: { confirmEmail: never } }), { input }).start();
    expect(actor.getSnapshot().value).toBe('incomplete');
  });
});

pathSuite(confirmEmailPaths);
