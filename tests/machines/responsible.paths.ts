import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { LimitEntry, ResponsibleChange, ResponsibleState } from '../../src/core/contracts/account';
import { responsibleMachine } from '../../machines/responsible/machine';
import type { BlockRequest, LimitForm, ResponsibleEvent } from '../../machines/responsible/machine';
import {
  selectBlock,
  selectConfirming,
  selectLimitForm,
  selectLimits,
  selectMessagesTopic,
  selectResponsibleMessages,
  selectResponsibleView,
} from '../../machines/responsible/selectors';
import type { ResponsibleView } from '../../machines/responsible/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The Responsible gambling page. The oracles read what the page shows (the limits and the block, the
 * form, the field error, the alert and the notice, the confirmation) and what went to the server,
 * against `responsibleFacts`, kept from the performed events with the texts written out.
 */

export const RG_TEXT = {
  amount: 'Enter a limit in dollars greater than 0, at most $10,000,000.00, with at most 2 decimals.',
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  longer: 'Your break already runs until 28 Nov 2026, 02:00 UTC, which is longer: it cannot be shortened.',
  saved: 'Limit saved: it applies now.',
  onBreak: 'You are taking a break until 28 Nov 2026, 02:00 UTC: betting and deposits are paused until then.',
} as const;

const row = (kind: LimitEntry['kind'], period: LimitEntry['period'], patch: Partial<LimitEntry> = {}): LimitEntry => ({
  kind,
  period,
  amountCents: null,
  pendingAt: null,
  pendingCents: null,
  usedCents: 0,
  ...patch,
});
const allRows = (patch: (l: LimitEntry) => Partial<LimitEntry> = () => ({})) =>
  (['deposit', 'loss', 'wager'] as const).flatMap((kind) => (['day', 'week', 'month'] as const).map((period) => ({ ...row(kind, period), ...patch(row(kind, period)) })));

export const EMPTY: ResponsibleState = { limits: allRows(), block: null };
/** A daily wager limit of $20 with $5 used and a raise to $50 waiting. */
export const WITH_LIMIT: ResponsibleState = {
  limits: allRows((l) => (l.kind === 'wager' && l.period === 'day' ? { amountCents: 2000, usedCents: 500, pendingCents: 5000, pendingAt: '2026-11-28T02:00:00.000Z' } : {})),
  block: null,
};
export const PERMANENT: ResponsibleState = {
  limits: allRows(),
  block: { kind: 'exclusion', until: null, permanent: true, message: 'You have excluded yourself permanently: betting and deposits are closed on this account.' },
};
const SAVED: ResponsibleChange = { ...WITH_LIMIT, message: RG_TEXT.saved };
const ON_BREAK: ResponsibleChange = {
  ...EMPTY,
  block: { kind: 'break', until: '2026-11-28T02:00:00.000Z', permanent: false, message: RG_TEXT.onBreak },
  message: RG_TEXT.onBreak,
};

const event = (e: Record<string, unknown>) => e as AnyEvent;
const unreachable = new TypeError('Failed to fetch');
const refused = { status: 409, error: 'block_runs', message: RG_TEXT.longer };
const BREAK: BlockRequest = { kind: 'break', length: '24h' };
const FOREVER: BlockRequest = { kind: 'exclusion', length: 'permanent' };
/** The amounts a player types on these paths, and which of them the page accepts. */
const VALID_AMOUNTS = new Set(['50']);

export const responsibleEvents = [
  { type: 'xstate.done.actor.getLimits', output: EMPTY },
  { type: 'xstate.done.actor.getLimits', output: WITH_LIMIT },
  { type: 'xstate.done.actor.getLimits', output: PERMANENT },
  { type: 'xstate.error.actor.getLimits', error: unreachable },
  { type: 'user.retry' },
  { type: 'user.changeLimit', amount: '50' },
  { type: 'user.changeLimit', amount: 'abc' },
  { type: 'user.changeLimit', kind: 'loss', period: 'week' },
  { type: 'user.submitLimit' },
  { type: 'user.removeLimit', kind: 'wager', period: 'day' },
  { type: 'user.removeLimit', kind: 'deposit', period: 'month' },
  { type: 'xstate.done.actor.setLimit', output: SAVED },
  { type: 'xstate.error.actor.setLimit', error: unreachable },
  { type: 'user.chooseBlock', block: BREAK },
  { type: 'user.chooseBlock', block: FOREVER },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.startBlock', output: ON_BREAK },
  { type: 'xstate.error.actor.startBlock', error: refused },
].map(event);

const failureText = (error: unknown) => ((error as { message?: string }).message === RG_TEXT.longer ? RG_TEXT.longer : RG_TEXT.unreachable);
const strip = ({ message: _message, ...state }: ResponsibleChange): ResponsibleState => state;

/** The page as the path left it, from the performed events alone. */
export function responsibleFacts(world: World) {
  let state: ResponsibleState | null = null;
  let form: LimitForm = { kind: 'wager', period: 'day', amount: '' };
  let fieldError: string | null = null;
  let formError: string | null = null;
  let notice: string | null = null;
  let block: BlockRequest | null = null;
  let sendingAmount: string | null = null;
  let topic: 'limits' | 'blocks' = 'limits';
  const limitCalls: Array<{ kind: string; period: string; amount: string | null }> = [];
  const blockCalls: BlockRequest[] = [];
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.getLimits':
        state = e['output'] as ResponsibleState;
        break;
      case 'xstate.error.actor.getLimits':
      case 'xstate.error.actor.setLimit':
      case 'xstate.error.actor.startBlock':
        formError = failureText(e['error']);
        block = null;
        break;
      case 'user.retry':
        formError = notice = null;
        break;
      case 'user.changeLimit':
        form = { kind: (e['kind'] as LimitForm['kind']) ?? form.kind, period: (e['period'] as LimitForm['period']) ?? form.period, amount: (e['amount'] as string) ?? form.amount };
        fieldError = null;
        break;
      case 'user.submitLimit':
        if (VALID_AMOUNTS.has(form.amount)) {
          limitCalls.push({ ...form });
          sendingAmount = form.amount;
          fieldError = formError = notice = null;
          topic = 'limits';
        } else {
          fieldError = RG_TEXT.amount;
        }
        break;
      case 'user.removeLimit':
        limitCalls.push({ kind: e['kind'] as string, period: e['period'] as string, amount: null });
        sendingAmount = null;
        formError = notice = null;
        topic = 'limits';
        break;
      case 'xstate.done.actor.setLimit':
      case 'xstate.done.actor.startBlock': {
        const change = e['output'] as ResponsibleChange;
        state = strip(change);
        notice = change.message;
        if (e.type === 'xstate.done.actor.setLimit' && sendingAmount !== null) form = { ...form, amount: '' };
        block = null;
        break;
      }
      case 'user.chooseBlock':
        block = e['block'] as BlockRequest;
        formError = notice = null;
        topic = 'blocks';
        break;
      case 'user.confirm':
        blockCalls.push(block!);
        break;
      case 'user.cancel':
        block = null;
        break;
    }
  }
  return { state, form, fieldError, formError, notice, topic, block, limitCalls, blockCalls };
}

export interface ResponsibleSut extends Sut {
  effects: FakeEffects;
}

const snap = (sut: ResponsibleSut) => sut.snapshot() as Parameters<typeof selectResponsibleView>[0];
const view = (sut: ResponsibleSut, expected: ResponsibleView) => expect(selectResponsibleView(snap(sut))).toBe(expected);
const busy = (sut: ResponsibleSut, expected: boolean) => expect(sut.snapshot().hasTag('busy'), 'the buttons are disabled').toBe(expected);
const waitingNone = (sut: ResponsibleSut, ...ids: string[]) => {
  for (const id of ids) expect(sut.effects.waiting(id), `no ${id} request is waiting`).toBeUndefined();
};
const can = (sut: ResponsibleSut, e: ResponsibleEvent) => sut.snapshot().can(e);

export const responsiblePaths: PathSpec<ResponsibleSut> = {
  name: 'responsible',
  machine: responsibleMachine,
  variants: [
    {
      name: 'the page opens',
      events: responsibleEvents,
      // The form's amount and the last answer are what tell two visits of a state apart.
      serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]),
    },
  ],
  start() {
    const effects = new FakeEffects();
    const machine = responsibleMachine.provide({ actors: effects.actors(['getLimits', 'setLimit', 'startBlock']) as never });
    const system = runInSystem(machine);
    return {
      effects,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as ResponsibleEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#responsible': {
      asserts:
        'the limits and the block shown are those of the last answer; the form holds what was typed (emptied after a saved limit); the field error, the alert (the server\'s words or "Could not reach the casino…") and the notice (the server\'s words) are those of the last events, shown under the part of the page that asked; set-limit got each valid submission and each removal of a limit that exists, once; take-break / self-exclude got only confirmed requests',
      check(sut, world) {
        const f = responsibleFacts(world);
        expect(selectLimits(snap(sut))).toEqual(f.state?.limits ?? []);
        expect(selectBlock(snap(sut))).toEqual(f.state?.block ?? null);
        expect(selectLimitForm(snap(sut))).toEqual(f.form);
        expect(selectResponsibleMessages(snap(sut))).toEqual({ fieldError: f.fieldError, formError: f.formError, notice: f.notice });
        expect(selectMessagesTopic(snap(sut)), 'the answer shows under the part that asked').toBe(f.topic);
        expect(sut.effects.callsOf('setLimit')).toEqual(f.limitCalls);
        expect(sut.effects.callsOf('startBlock')).toEqual(f.blockCalls);
      },
    },
    '#responsible.loading': {
      asserts: 'a limits request is waiting; the page says it is loading; nothing can be sent',
      check(sut) {
        expect(sut.effects.waiting('getLimits')).toBeDefined();
        view(sut, 'loading');
        busy(sut, true);
        expect(can(sut, { type: 'user.submitLimit' })).toBe(false);
      },
    },
    '#responsible.unavailable': {
      asserts: 'the limits could not be read: the reason and Try again; nothing waiting',
      check(sut, world) {
        view(sut, 'unavailable');
        expect(selectResponsibleMessages(snap(sut)).formError).toBe(responsibleFacts(world).formError);
        waitingNone(sut, 'getLimits', 'setLimit', 'startBlock');
        busy(sut, false);
      },
    },
    '#responsible.ready': {
      asserts:
        'the page; a limit can be submitted; Remove only on a limit that applies; Take a break and Self-exclude offered unless a permanent exclusion runs; no confirmation shown; nothing waiting',
      check(sut, world) {
        const f = responsibleFacts(world);
        view(sut, 'page');
        expect(can(sut, { type: 'user.submitLimit' })).toBe(true);
        const wagerDay = f.state!.limits.find((l) => l.kind === 'wager' && l.period === 'day')!;
        expect(can(sut, { type: 'user.removeLimit', kind: 'wager', period: 'day' })).toBe(wagerDay.amountCents !== null);
        expect(can(sut, { type: 'user.removeLimit', kind: 'deposit', period: 'month' })).toBe(false);
        expect(can(sut, { type: 'user.chooseBlock', block: BREAK })).toBe(!f.state!.block?.permanent);
        expect(selectConfirming(snap(sut))).toBeNull();
        waitingNone(sut, 'getLimits', 'setLimit', 'startBlock');
        busy(sut, false);
      },
    },
    '#responsible.savingLimit': {
      asserts: 'a set-limit request is waiting with the chosen limit and amount (null to remove); nothing else can be sent; no message',
      check(sut, world) {
        const f = responsibleFacts(world);
        expect(sut.effects.waiting('setLimit')?.input).toEqual(f.limitCalls.at(-1));
        busy(sut, true);
        expect(can(sut, { type: 'user.submitLimit' })).toBe(false);
        expect(can(sut, { type: 'user.chooseBlock', block: BREAK })).toBe(false);
        expect(selectResponsibleMessages(snap(sut))).toMatchObject({ formError: null, notice: null });
      },
    },
    '#responsible.confirmingBlock': {
      asserts: 'the confirmation asks about the chosen break or exclusion ("You will not be able to undo this."); nothing sent yet; Confirm and Cancel offered, nothing else',
      check(sut, world) {
        const f = responsibleFacts(world);
        expect(selectConfirming(snap(sut))).toEqual(f.block);
        expect(sut.effects.callsOf('startBlock')).toEqual(f.blockCalls);
        expect(can(sut, { type: 'user.confirm' })).toBe(true);
        expect(can(sut, { type: 'user.cancel' })).toBe(true);
        expect(can(sut, { type: 'user.submitLimit' })).toBe(false);
        waitingNone(sut, 'getLimits', 'setLimit', 'startBlock');
      },
    },
    '#responsible.startingBlock': {
      asserts: 'the confirmed break or exclusion is being sent; nothing else can be sent; it cannot be cancelled',
      check(sut, world) {
        const f = responsibleFacts(world);
        expect(sut.effects.waiting('startBlock')?.input).toEqual(f.block);
        busy(sut, true);
        expect(can(sut, { type: 'user.cancel' })).toBe(false);
        expect(can(sut, { type: 'user.submitLimit' })).toBe(false);
      },
    },
  },
};
