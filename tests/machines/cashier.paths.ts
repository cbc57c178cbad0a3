import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { cashierMachine } from '../../machines/cashier/machine';
import type { CashierContext, CashierEvent, CashierInfo, DemoClaim, Withdrawal } from '../../machines/cashier/machine';
import {
  selectAddressState,
  selectCanClaimDemo,
  selectClaiming,
  selectCopied,
  selectDemoNotForCurrency,
  selectDemoNotice,
  selectDemoOffered,
  selectSubmitting,
  selectTab,
  selectWithdrawalsLoading,
} from '../../machines/cashier/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The Cashier modal's paths. The oracles read what the modal renders (the tab, the address and its
 * copy button, the demo panel's one message and button, the withdraw form's message and the list)
 * and what reached the server, the clipboard and the wallet, against `cashierFacts`: the modal kept
 * from the performed events, with the Cashier's own words written out here.
 */

export const CASHIER_TEXTS = {
  notForBtc: 'BTC is earned by playing: it is not handed out as demo funds.',
  claimed: 'Added 0.00105263 BTC to your balance.',
  demoFailed: 'Demo funds could not be claimed. Please try again.',
  noAddress: 'Enter the address to send to',
  emptyAmount: 'Enter an amount',
  aboveBalance: 'Amount is more than your balance',
  withdrawFailed: 'The withdrawal could not be requested. Please try again.',
} as const;
const T = CASHIER_TEXTS;

/** 'You can claim again in …' for the waits the paths use. */
const WAIT_WORDS: Record<number, string> = { 3600: '1 hour', 1500: '25 minutes', 3480: '58 minutes' };
const claimAgain = (seconds: number) => `You can claim again in ${WAIT_WORDS[seconds]}.`;

const event = (e: Record<string, unknown>) => e as AnyEvent;
const claim: DemoClaim = { currency: 'BTC', amount: 0.00105263, balance: 0.00105263, nextClaimAt: '2026-11-22T01:00:00.000Z' };
const pending: Withdrawal = { id: 7, currency: 'BTC', address: 'bc1qold', amount: 0.0004, status: 'pending', txRef: null, reason: null, createdAt: '2026-11-21T00:00:00.000Z' };
const requested: Withdrawal = { ...pending, id: 8, address: 'bc1qdest', amount: 0.5 };
const refusedClaim = { message: 'Demo BTC can be claimed once an hour: try again in 42 minutes.', retryAt: '2026-11-22T00:42:00.000Z' };
const BALANCE = 1;

const tabEvents = [
  { type: 'user.selectTab', tab: 'withdraw' },
  { type: 'user.selectTab', tab: 'deposit' },
  { type: 'user.selectCurrency', currency: 'ETH' },
].map(event);
const addressEvents = [
  { type: 'xstate.done.actor.loadAddress', output: 'bc1q-deposit-address' },
  { type: 'xstate.error.actor.loadAddress', error: new Error('offline') },
  { type: 'user.copyAddress' },
  { type: 'xstate.after.copiedFlag.cashier.deposit.address.shown.copied' },
].map(event);
const demoEvents = [
  { type: 'xstate.done.actor.loadDemoMode', output: { demoFunds: true } satisfies CashierInfo },
  { type: 'xstate.done.actor.loadDemoMode', output: { demoFunds: false } satisfies CashierInfo },
  { type: 'xstate.done.actor.loadDemoMode', output: { demoFunds: true, demoCurrencies: ['ETH', 'USDT'] } satisfies CashierInfo },
  { type: 'xstate.done.actor.loadDemoMode', output: { demoFunds: true, demoClaimWaits: { BTC: 1500 } } satisfies CashierInfo },
  { type: 'xstate.error.actor.loadDemoMode', error: new Error('offline') },
  { type: 'user.claimDemoFunds' },
  { type: 'xstate.done.actor.claimDemoFunds', output: claim },
  { type: 'xstate.error.actor.claimDemoFunds', error: { message: 'Demo BTC can be claimed once an hour.', retryAfter: 3480 } },
  { type: 'xstate.error.actor.claimDemoFunds', error: refusedClaim },
  { type: 'xstate.error.actor.claimDemoFunds', error: new Error('') },
  { type: 'xstate.after.demoClaimOpens.cashier.deposit.demo.claimed' },
  { type: 'xstate.after.demoClaimOpens.cashier.deposit.demo.waiting' },
].map(event);
const withdrawFormEvents = [
  { type: 'user.editWithdrawAddress', value: ' bc1qdest ' },
  { type: 'user.editWithdrawAmount', value: '0.50' },
  { type: 'user.editWithdrawAmount', value: '2' },
  { type: 'user.useMax', balance: 0.12345678 },
  { type: 'user.submitWithdrawal', balance: BALANCE },
  { type: 'xstate.done.actor.withdraw', output: requested },
  { type: 'xstate.error.actor.withdraw', error: { message: 'Withdrawals are paused.' } },
  { type: 'xstate.error.actor.withdraw', error: {} },
].map(event);
const withdrawListEvents = [
  { type: 'xstate.done.actor.loadWithdrawals', output: [pending] },
  { type: 'xstate.error.actor.loadWithdrawals', error: new Error('offline') },
  { type: 'user.cancelWithdrawal', id: 7 },
  { type: 'xstate.done.actor.cancelWithdrawal' },
  { type: 'xstate.error.actor.cancelWithdrawal', error: new Error('offline') },
].map(event);

/** The withdraw form's checks, in their order: address, amount typed, above 0, within the balance. */
function withdrawCheck(address: string, amount: string, balance: number): string | null {
  if (address === '') return T.noAddress;
  if (amount === '') return T.emptyAmount;
  if (Number(amount) > balance) return T.aboveBalance;
  return null;
}

/**
 * The Cashier as the path left it, from the performed events alone: the tab and currency, the
 * address, the demo panel (its wait, message, last claim), the withdraw form, the list, and what
 * should have reached the server, the clipboard and the wallet.
 */
export function cashierFacts(world: World) {
  let currency = (world.variant.input as { currency: string }).currency;
  let tab: 'deposit' | 'withdraw' = 'deposit';
  let address: string | null = null;
  let demoWait = 0;
  let demoInterval: number | undefined;
  let demoMessage: string | null = null;
  let withdrawAddress = '';
  let withdrawAmount = '';
  let withdrawMessage: string | null = null;
  let withdrawals: Withdrawal[] = [];
  let cancelling: number | null = null;
  const copied: Array<{ text: string }> = [];
  const moved: Array<{ type: string; currency: string }> = [];
  const requests: Array<{ currency: string; address: string; amount: string }> = [];
  for (const e of world.performed) {
    switch (e.type) {
      case 'user.selectTab':
        tab = e['tab'] as typeof tab;
        break;
      case 'user.selectCurrency':
        currency = e['currency'] as string;
        tab = 'deposit';
        address = null;
        demoMessage = null;
        demoWait = 0;
        withdrawMessage = null;
        break;
      case 'xstate.done.actor.loadAddress':
        address = e['output'] as string;
        break;
      case 'user.copyAddress':
        copied.push({ text: address! });
        break;
      case 'xstate.done.actor.loadDemoMode': {
        const info = e['output'] as CashierInfo;
        demoInterval = info.demoClaimIntervalSeconds;
        if (info.demoFunds && !(info.demoCurrencies && !info.demoCurrencies.includes(currency))) demoWait = info.demoClaimWaits?.[currency] ?? 0;
        break;
      }
      case 'user.claimDemoFunds':
        demoMessage = null;
        break;
      case 'xstate.done.actor.claimDemoFunds':
        demoWait = demoInterval ?? 3600;
        moved.push({ type: 'cashier.fundsMoved', currency });
        break;
      case 'xstate.error.actor.claimDemoFunds': {
        const error = e['error'] as { message?: string; retryAfter?: number };
        if ((error.retryAfter ?? 0) > 0) demoWait = error.retryAfter!;
        else demoMessage = error.message || T.demoFailed;
        break;
      }
      case 'user.editWithdrawAddress':
        withdrawAddress = (e['value'] as string).trim();
        withdrawMessage = null;
        break;
      case 'user.editWithdrawAmount':
        withdrawAmount = e['value'] as string;
        withdrawMessage = null;
        break;
      case 'user.useMax':
        withdrawAmount = String(e['balance']);
        withdrawMessage = null;
        break;
      case 'user.submitWithdrawal': {
        withdrawMessage = withdrawCheck(withdrawAddress, withdrawAmount, e['balance'] as number);
        // The amount goes out in its canonical form ('0.50' as '0.5').
        if (withdrawMessage === null) requests.push({ currency, address: withdrawAddress, amount: String(Number(withdrawAmount)) });
        break;
      }
      case 'xstate.done.actor.withdraw':
        withdrawals = [e['output'] as Withdrawal, ...withdrawals];
        withdrawAmount = '';
        withdrawMessage = null;
        moved.push({ type: 'cashier.fundsMoved', currency });
        break;
      case 'xstate.error.actor.withdraw':
        withdrawMessage = (e['error'] as { message?: string }).message || T.withdrawFailed;
        break;
      case 'xstate.done.actor.loadWithdrawals':
        withdrawals = e['output'] as Withdrawal[];
        break;
      case 'user.cancelWithdrawal':
        cancelling = e['id'] as number;
        break;
      case 'xstate.done.actor.cancelWithdrawal':
        withdrawals = withdrawals.map((w) => (w.id === cancelling ? { ...w, status: 'cancelled' as const } : w));
        moved.push({ type: 'cashier.fundsMoved', currency });
        cancelling = null;
        break;
      case 'xstate.error.actor.cancelWithdrawal':
        cancelling = null;
        break;
    }
  }
  return { currency, tab, address, demoWait, demoMessage, withdrawAddress, withdrawAmount, withdrawMessage, withdrawals, cancelling, copied, moved, requests };
}

export interface CashierSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: CashierSut) => sut.snapshot() as Parameters<typeof selectTab>[0];
const context = (sut: CashierSut) => sut.snapshot().context as CashierContext;
/** The demo panel is not the 'not handed out' line, and no claim is on its way. */
const notClaimingNorRefusedCurrency = (sut: CashierSut) => {
  expect(selectDemoNotForCurrency(snap(sut))).toBe(false);
  expect(selectClaiming(snap(sut))).toBe(false);
};
const notWaitingFor = (sut: CashierSut, ...ids: string[]) => {
  for (const id of ids) expect(sut.effects.waiting(id), `no ${id} request is waiting`).toBeUndefined();
};

// Each withdrawal requested is listed again; the list's distinct entries bound the model.
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as CashierContext;
  return JSON.stringify([s.value, c.currency, c.address, c.demoMessage, c.demoWaitSeconds, c.withdrawAddress, c.withdrawAmount, c.withdrawMessage, [...new Set(c.withdrawals.map((w) => `${w.id}:${w.status}`))].sort()]);
};
const BTC = { currency: 'BTC' };
// The withdraw tab's events, once the tab is open.
const withdrawTab = (events: AnyEvent[]) => (s: AnyMachineSnapshot) => (s.matches('deposit') ? [event({ type: 'user.selectTab', tab: 'withdraw' })] : events);

export const cashierPaths: PathSpec<CashierSut> = {
  name: 'cashier',
  machine: cashierMachine,
  variants: [
    { name: 'tabs and currency', input: BTC, events: tabEvents, serializeState },
    { name: 'deposit address', input: BTC, events: addressEvents, serializeState },
    { name: 'demo funds', input: BTC, events: demoEvents, serializeState },
    { name: 'withdraw form', input: BTC, events: withdrawTab(withdrawFormEvents), serializeState },
    { name: 'withdrawals list', input: BTC, events: withdrawTab(withdrawListEvents), serializeState },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = cashierMachine.provide({
      actors: effects.actors(['loadAddress', 'loadDemoMode', 'claimDemoFunds', 'withdraw', 'loadWithdrawals', 'cancelWithdrawal']) as never,
      actions: effects.actions(['copyText']) as never,
    });
    const system = runInSystem(machine, { input: world.variant.input as { currency: string }, clock: world.clock });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as CashierEvent),
      stop: () => void system.root.stop(),
    };
  },
  perform: {
    // The wait comes from the server (Retry-After, the cashier info) or the claim interval: the clock runs exactly that long.
    'xstate.after.demoClaimOpens.cashier.deposit.demo.claimed': (_sut, _e, world) => world.clock.increment(cashierFacts(world).demoWait * 1000),
    'xstate.after.demoClaimOpens.cashier.deposit.demo.waiting': (_sut, _e, world) => world.clock.increment(cashierFacts(world).demoWait * 1000),
  },
  states: {
    '#cashier': {
      asserts: 'the tab and currency are the last chosen; the wallet was told to reload once per claim, withdrawal and cancellation the server agreed to; the clipboard got the address once per Copy; each withdrawal that passed the checks was requested once with the trimmed address and the canonical amount',
      check(sut, world) {
        const f = cashierFacts(world);
        expect(selectTab(snap(sut))).toBe(f.tab);
        expect(context(sut).currency).toBe(f.currency);
        expect(sut.sentTo('wallet')).toEqual(f.moved);
        expect(sut.effects.callsOf('copyText')).toEqual(f.copied);
        expect(sut.effects.callsOf('withdraw')).toEqual(f.requests);
      },
    },
    '#cashier.deposit.address.loading': {
      asserts: 'the address is loading; its request for the current currency is waiting',
      check(sut, world) {
        expect(selectAddressState(snap(sut))).toBe('loading');
        expect(sut.effects.waiting('loadAddress')?.input).toEqual({ currency: cashierFacts(world).currency });
      },
    },
    '#cashier.deposit.address.shown': {
      asserts: 'the address the server gave is shown',
      check(sut, world) {
        expect(selectAddressState(snap(sut))).toBe('shown');
        expect(context(sut).address).toBe(cashierFacts(world).address);
      },
    },
    '#cashier.deposit.address.shown.ready': {
      asserts: 'the copy button says Copy',
      check: (sut) => expect(selectCopied(snap(sut))).toBe(false),
    },
    '#cashier.deposit.address.shown.copied': {
      asserts: 'the copy button says Copied',
      check: (sut) => expect(selectCopied(snap(sut))).toBe(true),
    },
    '#cashier.deposit.address.unavailable': {
      asserts: 'the tab says the address is unavailable; nothing is waiting',
      check(sut) {
        expect(selectAddressState(snap(sut))).toBe('unavailable');
        notWaitingFor(sut, 'loadAddress');
      },
    },
    '#cashier.deposit.demo.checking': {
      asserts: 'demo mode is being asked for: no demo panel, no button',
      check(sut) {
        expect(sut.effects.waiting('loadDemoMode')).toBeDefined();
        expect(selectDemoOffered(snap(sut))).toBe(false);
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
      },
    },
    '#cashier.deposit.demo.off': {
      asserts: 'real-money mode (or demo mode unknown): no demo panel, no button, no message',
      check(sut) {
        expect(selectDemoOffered(snap(sut))).toBe(false);
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
        expect(selectDemoNotice(snap(sut))).toBeNull();
        notClaimingNorRefusedCurrency(sut);
      },
    },
    '#cashier.deposit.demo.notForThisCurrency': {
      asserts: "'BTC is earned by playing: it is not handed out as demo funds.' and no button",
      check(sut) {
        expect(selectDemoNotForCurrency(snap(sut))).toBe(true);
        expect(selectDemoOffered(snap(sut)), 'the demo panel shows the line').toBe(true);
        expect(selectDemoNotice(snap(sut))).toEqual({ kind: 'status', text: T.notForBtc });
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
      },
    },
    '#cashier.deposit.demo.offered': {
      asserts: 'Get demo funds is enabled; no message',
      check(sut) {
        expect(selectDemoOffered(snap(sut))).toBe(true);
        expect(selectCanClaimDemo(snap(sut))).toBe(true);
        expect(selectDemoNotice(snap(sut))).toBeNull();
        notWaitingFor(sut, 'claimDemoFunds');
        notClaimingNorRefusedCurrency(sut);
      },
    },
    '#cashier.deposit.demo.claiming': {
      asserts: 'a claim for the current currency is waiting; the button is disabled; no message',
      check(sut, world) {
        expect(sut.effects.waiting('claimDemoFunds')?.input).toEqual({ currency: cashierFacts(world).currency });
        expect(selectClaiming(snap(sut))).toBe(true);
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
        expect(selectDemoNotice(snap(sut))).toBeNull();
      },
    },
    '#cashier.deposit.demo.claimed': {
      asserts: "one message: 'Added 0.00105263 BTC to your balance.' with 'You can claim again in 1 hour.'; the button is disabled",
      check(sut, world) {
        expect(selectDemoNotice(snap(sut))).toEqual({ kind: 'status', text: T.claimed, detail: claimAgain(cashierFacts(world).demoWait) });
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
        notClaimingNorRefusedCurrency(sut);
      },
    },
    '#cashier.deposit.demo.waiting': {
      asserts: "one alert with the wait in words ('You can claim again in 58 minutes.'); the button is disabled",
      check(sut, world) {
        expect(selectDemoNotice(snap(sut))).toEqual({ kind: 'alert', text: claimAgain(cashierFacts(world).demoWait) });
        expect(selectCanClaimDemo(snap(sut))).toBe(false);
        notClaimingNorRefusedCurrency(sut);
      },
    },
    '#cashier.deposit.demo.refused': {
      asserts: "the server's refusal (or 'Demo funds could not be claimed. Please try again.') as an alert; the button is enabled again",
      check(sut, world) {
        expect(selectDemoNotice(snap(sut))).toEqual({ kind: 'alert', text: cashierFacts(world).demoMessage });
        expect(selectCanClaimDemo(snap(sut))).toBe(true);
        notClaimingNorRefusedCurrency(sut);
      },
    },
    '#cashier.withdraw': {
      asserts: "the form shows the address (trimmed) and amount typed, and the last check's or server's message ('Enter the address to send to', 'Enter an amount', 'Amount is more than your balance', 'The withdrawal could not be requested. Please try again.')",
      check(sut, world) {
        const f = cashierFacts(world);
        const c = context(sut);
        expect({ address: c.withdrawAddress, amount: c.withdrawAmount, message: c.withdrawMessage }).toEqual({
          address: f.withdrawAddress,
          amount: f.withdrawAmount,
          message: f.withdrawMessage,
        });
      },
    },
    '#cashier.withdraw.form.editing': {
      asserts: 'Withdraw is enabled; no request is waiting',
      check(sut) {
        expect(selectSubmitting(snap(sut))).toBe(false);
        notWaitingFor(sut, 'withdraw');
      },
    },
    '#cashier.withdraw.form.submitting': {
      asserts: 'the withdrawal is waiting with the currency, the trimmed address and the canonical amount; Withdraw is disabled',
      check(sut, world) {
        expect(sut.effects.waiting('withdraw')?.input).toEqual(cashierFacts(world).requests.at(-1));
        expect(selectSubmitting(snap(sut))).toBe(true);
      },
    },
    '#cashier.withdraw.list.loading': {
      asserts: 'the list is loading; its request is waiting',
      check(sut) {
        expect(selectWithdrawalsLoading(snap(sut))).toBe(true);
        expect(sut.effects.waiting('loadWithdrawals')).toBeDefined();
      },
    },
    '#cashier.withdraw.list.ready': {
      asserts: 'the list shows the withdrawals loaded and requested, newest first, cancelled ones as such; only pending ones can be cancelled',
      check(sut, world) {
        const f = cashierFacts(world);
        expect(selectWithdrawalsLoading(snap(sut))).toBe(false);
        expect(context(sut).withdrawals).toEqual(f.withdrawals);
        for (const w of f.withdrawals) expect(sut.snapshot().can({ type: 'user.cancelWithdrawal', id: w.id }), `cancel ${w.id}`).toBe(w.status === 'pending');
        notWaitingFor(sut, 'cancelWithdrawal', 'loadWithdrawals');
      },
    },
    '#cashier.withdraw.list.cancelling': {
      asserts: 'the cancellation of the chosen withdrawal is waiting',
      check(sut, world) {
        expect(sut.effects.waiting('cancelWithdrawal')?.input).toEqual({ id: cashierFacts(world).cancelling });
      },
    },
  },
};
