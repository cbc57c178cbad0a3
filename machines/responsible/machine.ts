import { assign, setup } from 'xstate';
import type { ResponsibleChange, ResponsibleState } from '../../src/core/contracts/account';
import { LIMIT_KINDS, LIMIT_PERIODS, RG_MESSAGES, parseLimitDollars } from '../../src/core/responsible/rules';
import type { BreakLength, ExclusionLength, LimitKind, LimitPeriod } from '../../src/core/responsible/rules';
import { effectActor } from '../shared/effects';
import { failureMessage } from '../shared/requestFailure';

/**
 * The Responsible gambling page (docs/product.md "Responsible gambling"): the player's limits with
 * what each window holds, a form to set or lower one (at once) or raise or remove one (24 hours
 * later), and a break or self-exclusion behind a confirmation that says it cannot be undone. The
 * server decides every rule; this chart only validates the amount's form, sends, and shows the
 * server's answer.
 */

export type BlockRequest = { kind: 'break'; length: BreakLength } | { kind: 'exclusion'; length: ExclusionLength };

export interface LimitForm {
  kind: LimitKind;
  period: LimitPeriod;
  /** The amount as typed, in dollars. */
  amount: string;
}

export interface ResponsibleContext {
  /** The last state the server gave; null until the first arrives. */
  state: ResponsibleState | null;
  form: LimitForm;
  /** What is wrong with the typed amount (checked before anything is sent). */
  fieldError: string | null;
  /** The server's refusal, or why it could not be reached. */
  formError: string | null;
  /** What the last change did, in the server's words. */
  notice: string | null;
  /** The break or exclusion waiting for its confirmation, or being sent. */
  block: BlockRequest | null;
  /** Which part of the page the last request came from, so its answer shows where the player is looking. */
  topic: 'limits' | 'blocks';
  /** The limit change being sent (amount null: removal). */
  sending: { kind: LimitKind; period: LimitPeriod; amount: string | null } | null;
}

export type ResponsibleEvent =
  | { type: 'user.changeLimit'; kind?: LimitKind; period?: LimitPeriod; amount?: string }
  | { type: 'user.submitLimit' }
  | { type: 'user.removeLimit'; kind: LimitKind; period: LimitPeriod }
  | { type: 'user.chooseBlock'; block: BlockRequest }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' }
  | { type: 'user.retry' };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const isKind = (value: unknown): value is LimitKind => (LIMIT_KINDS as readonly unknown[]).includes(value);
const isPeriod = (value: unknown): value is LimitPeriod => (LIMIT_PERIODS as readonly unknown[]).includes(value);

export const responsibleMachine = setup({
  types: {
    context: {} as ResponsibleContext,
    events: {} as ResponsibleEvent,
  },
  actors: {
    getLimits: effectActor<ResponsibleState>('getLimits'),
    setLimit: effectActor<ResponsibleChange, { kind: LimitKind; period: LimitPeriod; amount: string | null }>('setLimit'),
    startBlock: effectActor<ResponsibleChange, BlockRequest>('startBlock'),
  },
  actions: {
    takeState: assign({ state: ({ event }) => outputOf<ResponsibleState>(event) }),
    takeChange: assign(({ event, context }) => {
      const { message, ...state } = outputOf<ResponsibleChange>(event);
      const limitSaved = context.sending !== null && context.sending.amount !== null;
      return { state, notice: message, sending: null, block: null, form: limitSaved ? { ...context.form, amount: '' } : context.form };
    }),
    editForm: assign({
      form: ({ context, event }) => {
        if (event.type !== 'user.changeLimit') return context.form;
        return {
          kind: isKind(event.kind) ? event.kind : context.form.kind,
          period: isPeriod(event.period) ? event.period : context.form.period,
          amount: event.amount ?? context.form.amount,
        };
      },
      fieldError: null,
    }),
    showFieldError: assign({ fieldError: RG_MESSAGES.limitAmount }),
    sendForm: assign({ sending: ({ context }) => ({ ...context.form, amount: context.form.amount.trim() }), fieldError: null, formError: null, notice: null, topic: 'limits' }),
    sendRemoval: assign({
      sending: ({ event }) => (event.type === 'user.removeLimit' ? { kind: event.kind, period: event.period, amount: null } : null),
      formError: null,
      notice: null,
      topic: 'limits',
    }),
    chooseBlock: assign({ block: ({ event }) => (event.type === 'user.chooseBlock' ? event.block : null), formError: null, notice: null, topic: 'blocks' }),
    dropBlock: assign({ block: null }),
    showFailure: assign({ formError: ({ event }) => failureMessage((event as unknown as { error: unknown }).error), sending: null, block: null }),
    clearMessages: assign({ formError: null, notice: null }),
  },
  guards: {
    amountIsValid: ({ context }) => parseLimitDollars(context.form.amount) !== null,
    /** Only a limit that applies or waits can be removed. */
    limitExists: ({ context, event }) =>
      event.type === 'user.removeLimit' &&
      (context.state?.limits ?? []).some((l) => l.kind === event.kind && l.period === event.period && l.amountCents !== null && !(l.pendingAt !== null && l.pendingCents === null)),
    /** A permanent exclusion cannot be lengthened: nothing is offered. */
    canStartBlock: ({ context }) => !context.state?.block?.permanent,
  },
}).createMachine({
  id: 'responsible',
  context: {
    state: null,
    form: { kind: 'wager', period: 'day', amount: '' },
    fieldError: null,
    formError: null,
    notice: null,
    block: null,
    topic: 'limits',
    sending: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the limits, what each window holds and any break or exclusion.',
      tags: ['busy'],
      invoke: {
        id: 'getLimits',
        src: 'getLimits',
        onDone: { target: 'ready', actions: 'takeState' },
        onError: { target: 'unavailable', actions: 'showFailure' },
      },
    },
    unavailable: {
      description: 'The limits could not be read: the reason and Try again.',
      on: { 'user.retry': { target: 'loading', actions: 'clearMessages' } },
    },
    ready: {
      description: 'The limits table, the limit form, and Take a break / Self-exclude (or the block that runs); the last change or refusal shown.',
      on: {
        'user.changeLimit': { actions: 'editForm' },
        'user.submitLimit': [
          { guard: 'amountIsValid', target: 'savingLimit', actions: 'sendForm' },
          { actions: 'showFieldError' },
        ],
        'user.removeLimit': { guard: 'limitExists', target: 'savingLimit', actions: 'sendRemoval' },
        'user.chooseBlock': { guard: 'canStartBlock', target: 'confirmingBlock', actions: 'chooseBlock' },
      },
    },
    savingLimit: {
      description: 'Sending the limit change; the server says whether it applies now or in 24 hours.',
      tags: ['busy'],
      invoke: {
        id: 'setLimit',
        src: 'setLimit',
        input: ({ context }) => context.sending!,
        onDone: { target: 'ready', actions: 'takeChange' },
        onError: { target: 'ready', actions: 'showFailure' },
      },
    },
    confirmingBlock: {
      description: 'Asking the player to confirm the break or exclusion: "You will not be able to undo this."',
      on: {
        'user.confirm': { target: 'startingBlock' },
        'user.cancel': { target: 'ready', actions: 'dropBlock' },
      },
    },
    startingBlock: {
      description: 'Sending the break or exclusion; once the server has it, betting and deposits stop until it ends.',
      tags: ['busy'],
      invoke: {
        id: 'startBlock',
        src: 'startBlock',
        input: ({ context }) => context.block!,
        onDone: { target: 'ready', actions: 'takeChange' },
        onError: { target: 'ready', actions: 'showFailure' },
      },
    },
  },
});
