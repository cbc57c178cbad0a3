import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { cashierMachine, WITHDRAW_MESSAGES } from '../../machines/cashier/machine';
import type { CashierInfo, DemoClaim, Withdrawal } from '../../machines/cashier/machine';
import { selectCanClaimDemo, selectCopied, selectDemoNotice, selectDemoOffered, selectTab } from '../../machines/cashier/selectors';
import { pathSuite } from '../support/pathTesting';
import { cashierPaths } from './cashier.paths';

const claim: DemoClaim = { currency: 'BTC', amount: 0.00105263, balance: 0.00105263, nextClaimAt: '2026-11-22T01:00:00.000Z' };
const pending: Withdrawal = { id: 7, currency: 'BTC', address: 'bc1qxyz', amount: 0.0004, status: 'pending', txRef: null, reason: null, createdAt: '2026-11-21T00:00:00.000Z' };

function fakes(options: { demo?: boolean; info?: Partial<CashierInfo>; claimFails?: { message: string; retryAt?: string; retryAfter?: number } } = {}) {
  const log = { copied: [] as string[], moved: [] as string[], withdrawn: [] as unknown[], cancelled: [] as number[] };
  const machine = cashierMachine.provide({
    actors: {
      loadAddress: fromPromise(async ({ input }) => `address-for-${input.currency}`),
      loadDemoMode: fromPromise(async () => ({ demoFunds: options.demo ?? true, ...options.info })),
      claimDemoFunds: fromPromise(async () => {
        if (options.claimFails) throw options.claimFails;
        return claim;
      }),
      withdraw: fromPromise(async ({ input }) => {
        log.withdrawn.push(input);
        return { ...pending, id: 8, amount: Number(input.amount), address: input.address };
      }),
      loadWithdrawals: fromPromise(async () => [pending]),
      cancelWithdrawal: fromPromise(async ({ input }) => {
        log.cancelled.push(input.id);
      }),
    },
    actions: {
      copyText: (_, params) => log.copied.push(params.text),
      announceFundsMoved: (_, params) => log.moved.push(params.currency),
    },
  });
  return { machine, log };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('cashier', () => {
  it('should show the deposit address, copy it and say Copied for 1.5 s', async () => {
    const { machine, log } = fakes();
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { currency: 'BTC' }, clock }).start();
    await settle();
    expect(actor.getSnapshot().context.address).toBe('address-for-BTC');
    actor.send({ type: 'user.copyAddress' });
    expect(log.copied).toEqual(['address-for-BTC']);
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    clock.increment(1499);
    expect(selectCopied(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectCopied(actor.getSnapshot())).toBe(false);
  });

  it('should offer demo funds only in demo mode, and tell the wallet after a claim', async () => {
    const real = createActor(fakes({ demo: false }).machine, { input: { currency: 'BTC' } }).start();
    await settle();
    expect(selectDemoOffered(real.getSnapshot())).toBe(false);
    expect(real.getSnapshot().can({ type: 'user.claimDemoFunds' })).toBe(false);

    const { machine, log } = fakes();
    const actor = createActor(machine, { input: { currency: 'BTC' } }).start();
    await settle();
    actor.send({ type: 'user.claimDemoFunds' });
    await settle();
    expect(actor.getSnapshot().context.lastClaim).toEqual(claim);
    expect(log.moved).toEqual(['BTC']);
  });

  it("should show the server's refusal of a claim and when to come back", async () => {
    const refusal = { message: 'Demo BTC can be claimed once an hour: try again in 42 minutes.', retryAt: '2026-11-22T00:42:00.000Z' };
    const actor = createActor(fakes({ claimFails: refusal }).machine, { input: { currency: 'BTC' } }).start();
    await settle();
    actor.send({ type: 'user.claimDemoFunds' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ demoMessage: refusal.message, nextClaimAt: refusal.retryAt });
  });

  it('should show the fixed message when a claim is refused with no reason at all', async () => {
    const machine = fakes().machine.provide({ actors: { claimDemoFunds: fromPromise(() => Promise.reject(undefined)) } });
    const actor = createActor(machine, { input: { currency: 'BTC' } }).start();
    await settle();
    actor.send({ type: 'user.claimDemoFunds' });
    await settle();
    expect(selectDemoNotice(actor.getSnapshot())).toEqual({ kind: 'alert', text: 'Demo funds could not be claimed. Please try again.' });
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(true);
  });

  it('should show one message after a claim refused as too soon, the wait in words, and keep the button disabled until then', async () => {
    const refusal = { message: 'Demo BTC can be claimed once an hour: try again in 58 minutes (at 2026-11-22T00:58:00.000Z).', retryAfter: 3480 };
    const clock = new SimulatedClock();
    const { machine } = fakes({ claimFails: refusal });
    const actor = createActor(machine, { input: { currency: 'BTC' }, clock }).start();
    await settle();
    actor.send({ type: 'user.claimDemoFunds' });
    await settle();
    expect(selectDemoNotice(actor.getSnapshot())).toEqual({ kind: 'alert', text: 'You can claim again in 58 minutes.' });
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    clock.increment(3480 * 1000 - 1);
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(true);
    expect(selectDemoNotice(actor.getSnapshot())).toBeNull();
  });

  it('should show only the credit after a claim, and disable the button for the interval', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(fakes({ info: { demoClaimIntervalSeconds: 1800 } }).machine, { input: { currency: 'BTC' }, clock }).start();
    await settle();
    actor.send({ type: 'user.claimDemoFunds' });
    await settle();
    expect(selectDemoNotice(actor.getSnapshot())).toEqual({
      kind: 'status',
      text: 'Added 0.00105263 BTC to your balance.',
      detail: 'You can claim again in 30 minutes.',
    });
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    clock.increment(1800 * 1000 - 1);
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    clock.increment(1);
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(true);
  });

  it('should open with the button disabled when the server says the next claim is not due yet', async () => {
    const actor = createActor(fakes({ info: { demoClaimWaits: { BTC: 1500 } } }).machine, { input: { currency: 'BTC' } }).start();
    await settle();
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    expect(selectDemoNotice(actor.getSnapshot())?.text).toBe('You can claim again in 25 minutes.');
  });

  it('should not offer demo funds in a currency the server does not hand out (ACC)', async () => {
    const actor = createActor(fakes({ info: { demoCurrencies: ['BTC', 'ETH'] } }).machine, { input: { currency: 'ACC' } }).start();
    await settle();
    expect(selectCanClaimDemo(actor.getSnapshot())).toBe(false);
    expect(selectDemoNotice(actor.getSnapshot())?.text).toBe('ACC is earned by playing: it is not handed out as demo funds.');
  });

  it.each([
    ['', '0.1', WITHDRAW_MESSAGES.noAddress],
    ['bc1qxyz', '', 'Enter an amount'],
    ['bc1qxyz', 'abc', 'Amount must be a number'],
    ['bc1qxyz', '0', WITHDRAW_MESSAGES.notPositive],
    ['bc1qxyz', '2', WITHDRAW_MESSAGES.aboveBalance],
    ['bc1qxyz', '0.000000001', 'Amount can have at most 8 decimals'],
  ])('should refuse a withdrawal to "%s" of "%s" with "%s" and send nothing', async (address, amount, message) => {
    const { machine, log } = fakes();
    const actor = createActor(machine, { input: { currency: 'BTC' } }).start();
    actor.send({ type: 'user.selectTab', tab: 'withdraw' });
    actor.send({ type: 'user.editWithdrawAddress', value: address });
    actor.send({ type: 'user.editWithdrawAmount', value: amount });
    actor.send({ type: 'user.submitWithdrawal', balance: 1 });
    await settle();
    expect(actor.getSnapshot().context.withdrawMessage).toBe(message);
    expect(log.withdrawn).toEqual([]);
  });

  it.each([
    ['no reason at all', undefined],
    ['a bare string', 'offline'],
    ['a message that is not text', { message: 42 }],
  ])('should show the fixed message when a withdrawal is refused with %s', async (_what, reason) => {
    const machine = fakes().machine.provide({ actors: { withdraw: fromPromise(() => Promise.reject(reason)) } });
    const actor = createActor(machine, { input: { currency: 'BTC' } }).start();
    actor.send({ type: 'user.selectTab', tab: 'withdraw' });
    actor.send({ type: 'user.editWithdrawAddress', value: 'bc1qdest' });
    actor.send({ type: 'user.editWithdrawAmount', value: '0.5' });
    actor.send({ type: 'user.submitWithdrawal', balance: 1 });
    await settle();
    expect(actor.getSnapshot().context.withdrawMessage).toBe('The withdrawal could not be requested. Please try again.');
  });

  it('should request a withdrawal of the whole balance with Max and cancel a pending one', async () => {
    const { machine, log } = fakes();
    const actor = createActor(machine, { input: { currency: 'BTC' } }).start();
    actor.send({ type: 'user.selectTab', tab: 'withdraw' });
    expect(selectTab(actor.getSnapshot())).toBe('withdraw');
    await settle();
    actor.send({ type: 'user.editWithdrawAddress', value: ' bc1qdest ' });
    actor.send({ type: 'user.useMax', balance: 0.12345678 });
    actor.send({ type: 'user.submitWithdrawal', balance: 0.12345678 });
    await settle();
    expect(log.withdrawn).toEqual([{ currency: 'BTC', address: 'bc1qdest', amount: '0.12345678' }]);
    expect(actor.getSnapshot().context.withdrawals.map((w) => w.id)).toEqual([8, 7]);
    actor.send({ type: 'user.cancelWithdrawal', id: 7 });
    await settle();
    expect(log.cancelled).toEqual([7]);
    expect(actor.getSnapshot().context.withdrawals.find((w) => w.id === 7)?.status).toBe('cancelled');
    expect(actor.getSnapshot().context.withdrawals.find((w) => w.id === 8)?.status, 'the other withdrawal').toBe('pending');
    expect(log.moved).toEqual(['BTC', 'BTC']);
    // A cancelled withdrawal cannot be cancelled again.
    expect(actor.getSnapshot().can({ type: 'user.cancelWithdrawal', id: 7 })).toBe(false);
  });
});

pathSuite(cashierPaths);
