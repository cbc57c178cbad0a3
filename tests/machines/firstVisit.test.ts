import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyStateMachine } from 'xstate';
import type { BetLimits } from '../../src/core/bets/validation';
import { diceMachine } from '../../machines/dice/machine';
import { minesMachine } from '../../machines/mines/machine';
import { blackjackMachine } from '../../machines/blackjack/machine';
import { baccaratMachine } from '../../machines/baccarat/machine';
import { typedAmount } from '../../machines/shared/betAmount';
import { failureMessage } from '../../machines/shared/requestFailure';
import { twoFactorMachine } from '../../machines/twoFactor/machine';
import { passwordFormMachine } from '../../machines/passwordForm/machine';
import { waitInWords } from '../../src/core/wait';

/**
 * What a first visit ran into in every game (issue 14): ACC selected left Bet silent because its
 * limits request is refused, and ½ / 2× wrote "2e-7" into the amount field.
 */

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const LIMITS: BetLimits = { minBet: 0.00000011, maxBet: 0.01, maxPayout: 0.1 };

interface Harness {
  limitRequests: string[];
  bets: unknown[];
}

/** The game with the server's behaviour: ACC limits are refused with a 400, others answered. */
function provided(machine: AnyStateMachine, harness: Harness): AnyStateMachine {
  const refused = () => Promise.reject(Object.assign(new Error('ACC betting not available at this time'), { status: 400 }));
  return machine.provide({
    actors: {
      loadLimits: fromPromise<BetLimits, { currency: string }>(async ({ input }) => {
        harness.limitRequests.push(input.currency);
        if (input.currency === 'ACC') return refused();
        return LIMITS;
      }),
      // Mines answers the game itself, blackjack the wire's { success, game }: null and no game both mean none.
      loadActiveGame: fromPromise(async () => (machine.id === 'mines' ? null : { success: true, game: null })),
      placeBet: fromPromise(async ({ input }) => {
        harness.bets.push(input);
        return new Promise(() => {});
      }),
    },
    actions: { openLogin: () => {}, reportBalance: () => {}, reportBet: () => {} },
  } as never);
}

const GAMES = [
  ['dice', diceMachine],
  ['mines', minesMachine],
  ['blackjack', blackjackMachine],
  ['baccarat', baccaratMachine],
] as const;

async function start(machine: AnyStateMachine, currency: string) {
  const harness: Harness = { limitRequests: [], bets: [] };
  const actor = createActor(provided(machine, harness), { input: { signedIn: true, wallet: { currency, balance: 5, fiatRate: null } } }).start();
  await settle();
  return { actor, harness };
}

describe.each(GAMES)('%s with ACC selected', (name, machine) => {
  it("answers Bet with 'ACC betting not available at this time' without asking for its limits", async () => {
    const { actor, harness } = await start(machine, 'ACC');
    if (name === 'baccarat') actor.send({ type: 'user.placeChip', area: 'player' });
    else actor.send({ type: 'user.typeAmount', text: '1' });
    expect(actor.getSnapshot().can({ type: 'user.bet' })).toBe(true);
    actor.send({ type: 'user.bet' });
    await settle();
    expect(actor.getSnapshot().context.message).toBe('ACC betting not available at this time');
    expect(actor.getSnapshot().hasTag('notBettable')).toBe(true);
    expect(harness.limitRequests).toEqual([]);
    expect(harness.bets).toEqual([]);
  });

  it('asks for the limits again once a bettable currency is chosen', async () => {
    const { actor, harness } = await start(machine, 'ACC');
    actor.send({ type: 'wallet.changed', wallet: { currency: 'BTC', balance: 5, fiatRate: null } });
    await settle();
    expect(harness.limitRequests).toEqual(['BTC']);
    expect(actor.getSnapshot().hasTag('limitsKnown')).toBe(true);
  });
});

describe.each(GAMES.filter(([name]) => name !== 'baccarat'))('%s amount field', (_name, machine) => {
  it('writes ½ and 2× as plain decimals, never in exponent notation', async () => {
    const { actor } = await start(machine, 'BTC');
    actor.send({ type: 'user.halveAmount' });
    // Empty field: ½ gives the minimum, 11 base units.
    expect(actor.getSnapshot().context.amountText).toBe('0.00000011');
    actor.send({ type: 'user.typeAmount', text: '0.0000004' });
    actor.send({ type: 'user.halveAmount' });
    expect(actor.getSnapshot().context.amountText).toBe('0.0000002');
    actor.send({ type: 'user.doubleAmount' });
    expect(actor.getSnapshot().context.amountText).toBe('0.0000004');
  });

  it('rounds an entry with more than 8 decimals instead of calling it 0', async () => {
    const { actor } = await start(machine, 'BTC');
    actor.send({ type: 'user.typeAmount', text: '0.000000005' });
    actor.send({ type: 'user.bet' });
    await settle();
    // 0.000000005 rounds to 1 base unit: below the minimum, not "greater than 0".
    expect(actor.getSnapshot().context.message).toBe('Bet must be greater than 0.00000011 BTC');
  });
});

describe('typedAmount', () => {
  it('rounds half up to 8 decimals, or 2 in fiat display', () => {
    expect(typedAmount('0.123456785')).toBe(0.12345679);
    expect(typedAmount('1.005', 95_000)).toBe(1.01);
    expect(typedAmount('abc')).toBe(0);
  });
});

describe('a throttled account request (429 with Retry-After) is a wait in words', () => {
  const throttled = Object.assign(new Error('Too many failed attempts. Please try again in 5 minutes.'), { status: 429, retryAfter: 300 });

  it('on the security page: enabling two-factor', async () => {
    const machine = twoFactorMachine.provide({
      actors: {
        getMfaKey: fromPromise(async () => ({ mfaKey: 'KEY', uri: 'otpauth://totp/x' })),
        enableMfa: fromPromise(async () => Promise.reject(throttled)),
      },
    });
    const actor = createActor(machine, { input: { enabled: false } }).start();
    await settle();
    actor.send({ type: 'user.submitCode', code: '123456' });
    await settle();
    expect(actor.getSnapshot().context.formError).toBe('Too many attempts. Try again in 5 minutes.');
  });

  it('on the security page: changing the password', async () => {
    const machine = passwordFormMachine.provide({ actors: { submitPassword: fromPromise(async () => Promise.reject(throttled)) } });
    const actor = createActor(machine, { input: { mode: 'change', needsCode: false } }).start();
    actor.send({ type: 'user.submit', oldPassword: 'old-password-1', newPassword: 'new-password-1', confirmPassword: 'new-password-1' } as never);
    await settle();
    expect(actor.getSnapshot().context.formError).toBe('Too many attempts. Try again in 5 minutes.');
  });

  it('keeps the message of docs/product.md §8 for any other failure', async () => {
    const machine = passwordFormMachine.provide({
      actors: { submitPassword: fromPromise(async () => Promise.reject(Object.assign(new Error('no'), { status: 403 }))) },
    });
    const actor = createActor(machine, { input: { mode: 'change', needsCode: false } }).start();
    actor.send({ type: 'user.submit', oldPassword: 'old-password-1', newPassword: 'new-password-1', confirmPassword: 'new-password-1' } as never);
    await settle();
    expect(actor.getSnapshot().context.formError).toBe('Error changing password. Please try again later');
  });

  it('in the auth modal, and without Retry-After a plain "wait a moment"', () => {
    expect(failureMessage(throttled)).toBe('Too many attempts. Try again in 5 minutes.');
    expect(failureMessage({ status: 429, message: 'Rate limit exceeded' })).toBe('Too many attempts. Please wait a moment and try again.');
    expect(waitInWords(45)).toBe('45 seconds');
    expect(waitInWords(3480)).toBe('58 minutes');
    expect(waitInWords(3900)).toBe('1 hour 5 minutes');
  });
});
