import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { createTokenActionMachine } from '../../machines/tokenAction/machine';
import type { TokenActionEvent, TokenActionKind } from '../../machines/tokenAction/machine';
import { selectAmount, selectMessage, selectResult, selectSubmitting, selectSucceeded } from '../../machines/tokenAction/selectors';
import { APP_WIDE_IDS } from '../../machines/shared/system';
import { runInSystem } from './actorSystem';
import { FakeEffects } from './pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from './pathTesting';

/**
 * The four token modals share one chart (machines/tokenAction): one spec builder, one spec per
 * kind. The oracles read the amount field, the message and the busy button, and what went to the
 * server, the page (staking or earn), the wallet and the modal stack, against `tokenActionFacts`
 * kept from the performed events with the modals' words written out here.
 */

const AVAILABLE = 5;

/** Per kind: the currency its modal moves, the page that hears the answer, the modal's name, the refusal's noun. */
export const TOKEN_ACTION_KINDS: Record<TokenActionKind, { currency: string; page: 'staking' | 'earn'; answer: string; modal: string; what: string }> = {
  lockTokens: { currency: 'ACC', page: 'staking', answer: 'server.lockedTokens', modal: 'LockTokens', what: 'balance' },
  unlockTokens: { currency: 'ACC', page: 'staking', answer: 'server.unlockedTokens', modal: 'UnlockTokens', what: 'locked balance' },
  addLiquidity: { currency: 'BTC', page: 'earn', answer: 'server.invested', modal: 'AddLiquidity', what: 'balance' },
  removeLiquidity: { currency: 'BTC', page: 'earn', answer: 'server.divested', modal: 'RemoveLiquidity', what: 'position' },
};

export const TOKEN_ACTION_TEXTS = {
  empty: 'Enter an amount',
  notPositive: 'Amount must be greater than 0',
  above: (what: string, currency: string) => `Amount exceeds your ${what} of 5.00000000 ${currency}`,
  unreachable: 'Could not reach the casino. Please check your connection and try again.',
  serverRefusal: 'Amount exceeds your balance of 1.00000000 ACC',
} as const;
const T = TOKEN_ACTION_TEXTS;

const event = (e: Record<string, unknown>) => e as AnyEvent;

/** The modal as the path left it, from the performed events alone. */
export function tokenActionFacts(kind: TokenActionKind, world: World) {
  const { currency, what } = TOKEN_ACTION_KINDS[kind];
  let amount = '';
  let message: string | null = null;
  let result: unknown = null;
  const requests: Array<{ currency: string; amount: string }> = [];
  const answers: unknown[] = [];
  const balances: unknown[] = [];
  let closes = 0;
  for (const e of world.performed) {
    switch (e.type) {
      case 'user.editAmount':
        amount = e['value'] as string;
        message = null;
        break;
      case 'user.useMax':
        // Max fills in what is available; RemoveLiquidity's is All (every share).
        amount = kind === 'removeLiquidity' ? 'all' : String(e['available']);
        message = null;
        break;
      case 'user.submit': {
        const available = e['available'] as number;
        const number = Number(amount.replace(',', '.'));
        if (amount === 'all') message = available > 0 ? null : 'You have no position in this pool';
        else if (amount === '') message = T.empty;
        else if (number <= 0) message = T.notPositive;
        else if (number > available) message = T.above(what, currency);
        else message = null;
        if (message === null) requests.push({ currency, amount: amount === 'all' ? 'all' : String(number) });
        break;
      }
      case 'xstate.done.actor.submit': {
        const output = e['output'] as { balance?: number; currency?: string };
        result = output;
        amount = '';
        message = null;
        answers.push({ type: TOKEN_ACTION_KINDS[kind].answer, payload: output });
        const balanceCurrency = kind === 'lockTokens' || kind === 'unlockTokens' ? 'ACC' : output.currency;
        if (typeof output.balance === 'number' && balanceCurrency) balances.push({ type: 'game.balanceUpdated', currency: balanceCurrency, balance: output.balance });
        break;
      }
      case 'xstate.error.actor.submit': {
        const error = e['error'] as { status?: number; message?: string };
        message = error.status === undefined ? T.unreachable : error.message!;
        break;
      }
      case 'user.close':
        closes += 1;
        break;
    }
  }
  return { currency, amount, message, result, requests, answers, balances, closes };
}

export interface TokenActionSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: TokenActionSut) => sut.snapshot() as Parameters<typeof selectAmount>[0];

export function tokenActionPaths(kind: TokenActionKind): PathSpec<TokenActionSut> {
  const { currency, page, modal } = TOKEN_ACTION_KINDS[kind];
  const machine = createTokenActionMachine(kind);
  const facts = (world: World) => tokenActionFacts(kind, world);
  const events = [
    { type: 'user.editAmount', value: '1,5' },
    { type: 'user.editAmount', value: '' },
    { type: 'user.editAmount', value: '0' },
    { type: 'user.editAmount', value: '6' },
    { type: 'user.useMax', available: AVAILABLE },
    { type: 'user.submit', available: AVAILABLE },
    { type: 'user.close' },
    // The staking answers carry no currency (the wallet's is ACC); the pool answers name theirs.
    { type: 'xstate.done.actor.submit', output: page === 'staking' ? { amount: 1.5, balance: 3.5, totalLocked: 238, userTotalStaked: 16 } : { currency, amount: 1.5, balance: 3.5 } },
    { type: 'xstate.error.actor.submit', error: { status: 400, error: 'insufficient_balance', message: T.serverRefusal } },
    { type: 'xstate.error.actor.submit', error: new Error('Failed to fetch') },
  ].map(event);
  return {
    name: kind,
    machine,
    variants: [{ name: `${kind} in ${currency}`, input: { currency }, events, serializeState: (s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context]) }],
    start(world) {
      const effects = new FakeEffects();
      const provided = machine.provide({ actors: effects.actors(['submit']) as never });
      const system = runInSystem(provided, { input: world.variant.input as { currency: string }, clock: world.clock, recorders: [...Object.values(APP_WIDE_IDS), 'staking', 'earn'] });
      return {
        effects,
        sentTo: system.sentTo,
        snapshot: () => system.actor.getSnapshot(),
        send: (e) => system.actor.send(e as TokenActionEvent),
        stop: () => void system.root.stop(),
      };
    },
    states: {
      [`#${kind}`]: {
        asserts: `each amount that passed the checks was sent once (canonical text${kind === 'removeLiquidity' ? ', or "all"' : ''}, in ${currency}); the ${page} page heard each answer as the hub's event; the wallet got each new balance; the modal stack was asked to close ${modal} once per Close`,
        check(sut, world) {
          const f = facts(world);
          expect(sut.effects.callsOf('submit')).toEqual(f.requests);
          expect(sut.sentTo(page)).toEqual(f.answers);
          expect(sut.sentTo('wallet')).toEqual(f.balances);
          expect(sut.sentTo('modals')).toEqual(Array.from({ length: f.closes }, () => ({ type: 'app.closeModal', name: modal })));
        },
      },
      [`#${kind}.editing`]: {
        asserts: "the field shows what was typed (or Max's figure); the message is the last check's ('Enter an amount', 'Amount must be greater than 0', 'Amount exceeds your … of 5.00000000 …') or the server's words ('Could not reach the casino…' without an answer); the button is enabled",
        check(sut, world) {
          const f = facts(world);
          expect(selectAmount(snap(sut))).toBe(f.amount);
          expect(selectMessage(snap(sut))).toBe(f.message);
          expect(selectSubmitting(snap(sut))).toBe(false);
          expect(selectSucceeded(snap(sut))).toBe(false);
          expect(sut.effects.waiting('submit')).toBeUndefined();
        },
      },
      [`#${kind}.submitting`]: {
        asserts: 'the request is waiting with the currency and the amount as sent; the button is disabled; no message',
        check(sut, world) {
          expect(sut.effects.waiting('submit')?.input).toEqual(facts(world).requests.at(-1));
          expect(selectSubmitting(snap(sut))).toBe(true);
          expect(selectMessage(snap(sut))).toBeNull();
        },
      },
      [`#${kind}.succeeded`]: {
        asserts: "the server's answer is shown; the field is empty; no message",
        check(sut, world) {
          const f = facts(world);
          expect(selectSucceeded(snap(sut))).toBe(true);
          expect(selectResult(snap(sut))).toEqual(f.result);
          expect(selectAmount(snap(sut))).toBe('');
          expect(selectMessage(snap(sut))).toBeNull();
          expect(selectSubmitting(snap(sut))).toBe(false);
        },
      },
    },
  };
}
