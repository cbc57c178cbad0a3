/**
 * The four token modals (docs/product.md §2 Shell: LockTokens, UnlockTokens, AddLiquidity, RemoveLiquidity;
 * §4 Staking and earn; issue 10). One statechart shape, four machines (`createTokenActionMachine`),
 * each living while its modal is open.
 *
 * Receives (from the modal)
 *   user.editAmount {value} · user.useMax {available} · user.submit {available} · user.close
 *   `available` is what the player may move, as the modal shows it (wallet balance, stake or position);
 *   the server checks again and its message is shown when it refuses.
 * Effects src/app provides
 *   actors: submit ({ currency, amount }: amount is the canonical decimal text, or "all" for
 *           RemoveLiquidity's All) → the server's answer
 *   actions: announceResult {result} (the page and the wallet follow the answer), closeModal
 */
import { assign, enqueueActions, sendTo, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { SYSTEM_IDS } from '../shared/system';
import { decimalToUnits, formatCrypto, parseAmount } from '../../src/core/money';
import { failureMessage } from '../shared/requestFailure';

export type TokenActionKind = 'lockTokens' | 'unlockTokens' | 'addLiquidity' | 'removeLiquidity';

export interface TokenActionInput {
  currency: string;
}

export interface TokenActionContext {
  currency: string;
  /** What was typed, or "all" (RemoveLiquidity only: every share, paid at its worth). */
  amount: string;
  message: string | null;
  result: Record<string, unknown> | null;
}

export type TokenActionEvent =
  | { type: 'user.editAmount'; value: string }
  | { type: 'user.useMax'; available: number }
  | { type: 'user.submit'; available: number }
  | { type: 'user.close' };

export const ALL = 'all';

/** The modal of each kind, as the modal stack names it. */
const MODAL_NAMES: Record<TokenActionKind, string> = {
  lockTokens: 'LockTokens',
  unlockTokens: 'UnlockTokens',
  addLiquidity: 'AddLiquidity',
  removeLiquidity: 'RemoveLiquidity',
};

/** Where the answer of each kind goes, as the event the hub sends for the same change. */
const ANSWER_EVENTS = {
  lockTokens: { page: SYSTEM_IDS.staking, event: 'server.lockedTokens' },
  unlockTokens: { page: SYSTEM_IDS.staking, event: 'server.unlockedTokens' },
  addLiquidity: { page: SYSTEM_IDS.earn, event: 'server.invested' },
  removeLiquidity: { page: SYSTEM_IDS.earn, event: 'server.divested' },
} as const;

export const TOKEN_ACTION_MESSAGES = {
  notPositive: 'Amount must be greater than 0',
  nothingToRemove: 'You have no position in this pool',
  aboveAvailable: (kind: TokenActionKind, available: number, currency: string) =>
    kind === 'unlockTokens'
      ? `Amount exceeds your locked balance of ${formatCrypto(available)} ${currency}`
      : kind === 'removeLiquidity'
        ? `Amount exceeds your position of ${formatCrypto(available)} ${currency}`
        : `Amount exceeds your balance of ${formatCrypto(available)} ${currency}`,
} as const;

/** Why the amount cannot be sent, or null when it can (the server has the last word). */
export function checkAmount(kind: TokenActionKind, context: Pick<TokenActionContext, 'amount' | 'currency'>, available: number): string | null {
  if (kind === 'removeLiquidity' && context.amount.trim().toLowerCase() === ALL) {
    return available > 0 ? null : TOKEN_ACTION_MESSAGES.nothingToRemove;
  }
  const parsed = parseAmount(context.amount);
  if (!parsed.ok) return parsed.error;
  if (parsed.units <= 0n) return TOKEN_ACTION_MESSAGES.notPositive;
  if (parsed.units > decimalToUnits(available)) return TOKEN_ACTION_MESSAGES.aboveAvailable(kind, available, context.currency);
  return null;
}

/** What goes on the wire: the canonical decimal text, or "all". */
export function wireAmount(amount: string): string {
  if (amount.trim().toLowerCase() === ALL) return ALL;
  const parsed = parseAmount(amount);
  return parsed.ok ? parsed.canonical : amount;
}

const DESCRIPTIONS: Record<TokenActionKind, { editing: string; submitting: string; succeeded: string }> = {
  lockTokens: {
    editing: 'The player types how much ACC to lock (Max: the whole ACC wallet); a refused check or the server says why.',
    submitting: 'The lock is on its way: ACC moves from the wallet to the stake.',
    succeeded: 'The ACC is locked; the stake and the wallet show the new figures.',
  },
  unlockTokens: {
    editing: 'The player types how much ACC to unlock (Max: the whole stake); the 1% fee burned and the ACC received are shown.',
    submitting: 'The unlock is on its way: the stake less the burned fee returns to the wallet.',
    succeeded: 'The ACC is unlocked; the fee was burned and shows in the Burn history.',
  },
  addLiquidity: {
    editing: 'The player types how much to add to the pool (Max: the whole wallet balance of the currency).',
    submitting: 'The amount is moving from the wallet into the bankroll pool for shares.',
    succeeded: 'The liquidity was added; My Positions shows the new position.',
  },
  removeLiquidity: {
    editing: 'The player types how much to take out of the position, or All for every share.',
    submitting: 'Shares are being burned and their worth paid to the wallet.',
    succeeded: 'The liquidity was removed; an emptied position leaves My Positions.',
  },
};

export function createTokenActionMachine(kind: TokenActionKind) {
  const text = DESCRIPTIONS[kind];
  const closeEvent: { type: 'app.closeModal'; name: string } = { type: 'app.closeModal', name: MODAL_NAMES[kind] };
  const editAmount = {
    'user.editAmount': { target: 'editing', actions: 'storeAmount' },
    'user.useMax': { target: 'editing', actions: 'fillMax' },
  } as const;
  return setup({
    types: {
      context: {} as TokenActionContext,
      events: {} as TokenActionEvent,
      input: {} as TokenActionInput,
    },
    actors: {
      submit: effectActor<Record<string, unknown>, { currency: string; amount: string }>('submit'),
    },
    actions: {
      storeAmount: assign({ amount: ({ event }) => (event.type === 'user.editAmount' ? event.value : ''), message: null }),
      /** Max fills in everything available; RemoveLiquidity's All asks for every share instead. */
      fillMax: assign({
        amount: ({ event }) =>
          kind === 'removeLiquidity' ? ALL : formatCrypto(event.type === 'user.useMax' ? event.available : 0).replace(/\.?0+$/, ''),
        message: null,
      }),
      /**
       * The page hears the server's answer as the event the hub sends for it (same shape, absolute
       * figures), and the wallet its new balance.
       */
      announceResult: enqueueActions(({ enqueue, system }, params: { result: Record<string, unknown> }) => {
        const { page, event } = ANSWER_EVENTS[kind];
        const answer: { type: typeof event; payload: unknown } = { type: event, payload: params.result };
        enqueue.sendTo(system.get(page), answer);
        const balance = params.result.balance;
        const currency = kind === 'lockTokens' || kind === 'unlockTokens' ? 'ACC' : params.result.currency;
        if (typeof balance === 'number' && typeof currency === 'string') {
          const update: { type: 'game.balanceUpdated'; currency: string; balance: number } = { type: 'game.balanceUpdated', currency, balance };
          enqueue.sendTo(system.get(SYSTEM_IDS.wallet), update);
        }
      }),
      closeModal: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), closeEvent),
    },
    guards: {
      amountIsValid: ({ context, event }) => event.type === 'user.submit' && checkAmount(kind, context, event.available) === null,
    },
  }).createMachine({
    id: kind,
    context: ({ input }) => ({ currency: input.currency, amount: '', message: null, result: null }),
    initial: 'editing',
    states: {
      editing: {
        description: text.editing,
        on: {
          ...editAmount,
          'user.submit': [
            { guard: 'amountIsValid', target: 'submitting' },
            { actions: assign({ message: ({ context, event }) => checkAmount(kind, context, event.available) }) },
          ],
        },
      },
      submitting: {
        description: text.submitting,
        tags: ['busy'],
        // No typing while the request is out: the answer must match what was sent.
        invoke: {
          id: 'submit',
          src: 'submit',
          input: ({ context }) => ({ currency: context.currency, amount: wireAmount(context.amount) }),
          onDone: {
            target: 'succeeded',
            actions: [
              assign({ result: ({ event }) => event.output, amount: '', message: null }),
              { type: 'announceResult', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          onError: { target: 'editing', actions: assign({ message: ({ event }) => failureMessage(event.error) }) },
        },
      },
      succeeded: {
        description: text.succeeded,
        on: { ...editAmount, 'user.close': { actions: 'closeModal' } },
      },
    },
  });
}

export const lockTokensMachine = createTokenActionMachine('lockTokens');
export const unlockTokensMachine = createTokenActionMachine('unlockTokens');
export const addLiquidityMachine = createTokenActionMachine('addLiquidity');
export const removeLiquidityMachine = createTokenActionMachine('removeLiquidity');
export type TokenActionMachine = ReturnType<typeof createTokenActionMachine>;
