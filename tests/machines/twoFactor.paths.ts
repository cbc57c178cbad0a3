import { expect } from 'vitest';
import { twoFactorMachine } from '../../machines/twoFactor/machine';
import type { MfaKey, TwoFactorEvent } from '../../machines/twoFactor/machine';
import { selectMfaKey, selectTwoFactorMessages, selectTwoFactorView } from '../../machines/twoFactor/selectors';
import type { TwoFactorView } from '../../machines/twoFactor/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The security page's two-factor switch. The oracles read what the page renders (off with the key,
 * on, loading, unavailable; the code error, the failure and the notice) and what went to the server
 * and to the auth actor, against `twoFactorFacts`, kept from the performed events with
 * docs/product.md §5/§8's messages written out here.
 */

/** docs/product.md §5 and §8, letter for letter. */
export const TWO_FACTOR_MESSAGES = {
  required: '*',
  codeLength: 'Token must be 6 characters',
  changed: '2 Factor settings changed',
  failed: 'An error occurred, please try again later.',
  throttled45: 'Too many attempts. Try again in 45 seconds.',
} as const;

const M = TWO_FACTOR_MESSAGES;
const event = (e: Record<string, unknown>) => e as AnyEvent;
const KEY1: MfaKey = { mfaKey: 'KEY1', uri: 'otpauth://totp/ACC:ada?secret=KEY1' };
const KEY2: MfaKey = { mfaKey: 'KEY2', uri: 'otpauth://totp/ACC:ada?secret=KEY2' };

export const twoFactorEvents = [
  { type: 'user.submitCode', code: ' 123456 ' },
  { type: 'user.submitCode', code: '' },
  { type: 'user.submitCode', code: '12345' },
  { type: 'user.retry' },
  { type: 'xstate.done.actor.getMfaKey', output: KEY1 },
  { type: 'xstate.error.actor.getMfaKey', error: new Error('offline') },
  { type: 'xstate.done.actor.enableMfa' },
  { type: 'xstate.error.actor.enableMfa', error: { status: 400, error: 'mfa_invalid', message: 'Invalid code' } },
  { type: 'xstate.error.actor.enableMfa', error: { status: 429, message: 'Too many requests', retryAfter: 45 } },
  { type: 'xstate.done.actor.disableMfa', output: KEY2 },
  { type: 'xstate.error.actor.disableMfa', error: new Error('offline') },
].map(event);

const failureText = (error: unknown) => {
  const e = error as { status?: number; retryAfter?: number };
  return e.status === 429 && e.retryAfter === 45 ? M.throttled45 : M.failed;
};

/** docs/product.md §5 "Two-factor code": the code as typed, without surrounding spaces. */
export function expectedCodeError(code: string): string | null {
  const trimmed = code.trim();
  return trimmed === '' ? M.required : trimmed.length !== 6 ? M.codeLength : null;
}

/**
 * The switch as the path left it, from the performed events alone: whether two-factor is on, the
 * key shown, the messages, the code that should be with the server, and the announcements to auth.
 */
export function twoFactorFacts(world: World) {
  let enabled = (world.variant.input as { enabled: boolean }).enabled;
  let key: MfaKey | null = null;
  let codeError: string | null = null;
  let formError: string | null = null;
  let notice: string | null = null;
  let code: string | null = null;
  const announced: boolean[] = [];
  const requests: Array<{ call: 'enableMfa' | 'disableMfa'; mfaCode: string }> = [];
  for (const e of world.performed) {
    switch (e.type) {
      case 'user.submitCode': {
        const error = expectedCodeError(e['code'] as string);
        codeError = error;
        formError = null;
        notice = null;
        if (!error) {
          code = (e['code'] as string).trim();
          requests.push({ call: enabled ? 'disableMfa' : 'enableMfa', mfaCode: code });
        }
        break;
      }
      case 'user.retry':
        codeError = formError = notice = null;
        break;
      case 'xstate.done.actor.getMfaKey':
        key = e['output'] as MfaKey;
        break;
      case 'xstate.done.actor.enableMfa':
        enabled = true;
        notice = M.changed;
        announced.push(true);
        break;
      case 'xstate.done.actor.disableMfa':
        enabled = false;
        key = e['output'] as MfaKey;
        notice = M.changed;
        announced.push(false);
        break;
      case 'xstate.error.actor.getMfaKey':
      case 'xstate.error.actor.enableMfa':
      case 'xstate.error.actor.disableMfa':
        formError = failureText(e['error']);
        break;
    }
  }
  return { enabled, key, codeError, formError, notice, code, announced, requests };
}

export interface TwoFactorSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: TwoFactorSut) => sut.snapshot() as Parameters<typeof selectTwoFactorView>[0];
const view = (sut: TwoFactorSut, expected: TwoFactorView) => expect(selectTwoFactorView(snap(sut))).toBe(expected);
const busy = (sut: TwoFactorSut, expected: boolean) => expect(sut.snapshot().hasTag('busy'), 'the button is disabled').toBe(expected);
const noneWaiting = (sut: TwoFactorSut, ...ids: string[]) => {
  for (const id of ids) expect(sut.effects.waiting(id), `no ${id} request is waiting`).toBeUndefined();
};

export const twoFactorVariants = {
  off: { name: 'two-factor off when the page opens', input: { enabled: false }, events: twoFactorEvents },
  on: { name: 'two-factor on when the page opens', input: { enabled: true }, events: twoFactorEvents },
};

export const twoFactorPaths: PathSpec<TwoFactorSut> = {
  name: 'twoFactor',
  machine: twoFactorMachine,
  variants: Object.values(twoFactorVariants),
  start(world) {
    const effects = new FakeEffects();
    const machine = twoFactorMachine.provide({ actors: effects.actors(['getMfaKey', 'enableMfa', 'disableMfa']) as never });
    const system = runInSystem(machine, { input: world.variant.input as { enabled: boolean }, clock: world.clock });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as TwoFactorEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#twoFactor': {
      asserts:
        "the code error ('*', 'Token must be 6 characters'), the failure ('An error occurred, please try again later.', a 429 as a wait) and the notice ('2 Factor settings changed') are those of the last events; the key shown is the last one fetched; auth heard of each switch the server agreed to, and only those; each code that passed the check went to the right call, trimmed",
      check(sut, world) {
        const f = twoFactorFacts(world);
        const { codeError, formError, notice } = selectTwoFactorMessages(snap(sut));
        expect({ codeError, formError, notice }).toEqual({ codeError: f.codeError, formError: f.formError, notice: f.notice });
        expect(selectMfaKey(snap(sut))).toEqual(f.key);
        expect(sut.sentTo('auth')).toEqual(f.announced.map((enabled) => ({ type: 'security.twoFactorChanged', enabled })));
        const made = [
          ...sut.effects.callsOf<{ mfaCode: string }>('enableMfa').map((input) => ({ call: 'enableMfa', ...input })),
          ...sut.effects.callsOf<{ mfaCode: string }>('disableMfa').map((input) => ({ call: 'disableMfa', ...input })),
        ];
        expect(made).toEqual(expect.arrayContaining(f.requests));
        expect(made).toHaveLength(f.requests.length);
      },
    },
    '#twoFactor.loadingKey': {
      asserts: 'two-factor is off and a key request is waiting; the page shows it is loading',
      check(sut, world) {
        expect(twoFactorFacts(world).enabled).toBe(false);
        view(sut, 'loading');
        expect(sut.effects.waiting('getMfaKey')).toBeDefined();
        busy(sut, true);
      },
    },
    '#twoFactor.keyUnavailable': {
      asserts: "the key could not be fetched: the page offers to try again and shows 'An error occurred, please try again later.'; nothing waiting",
      check(sut) {
        view(sut, 'unavailable');
        expect(selectTwoFactorMessages(snap(sut)).formError).toBe(M.failed);
        noneWaiting(sut, 'getMfaKey', 'enableMfa', 'disableMfa');
        busy(sut, false);
      },
    },
    '#twoFactor.off': {
      asserts: 'two-factor is off: the QR code and the key last fetched with Enable, enabled; nothing waiting',
      check(sut, world) {
        const f = twoFactorFacts(world);
        expect(f.enabled).toBe(false);
        view(sut, 'off');
        expect(selectMfaKey(snap(sut))).not.toBeNull();
        noneWaiting(sut, 'getMfaKey', 'enableMfa', 'disableMfa');
        busy(sut, false);
      },
    },
    '#twoFactor.enabling': {
      asserts: 'an enable request is waiting with the trimmed code; the key still shows; the button is disabled; no message',
      check(sut, world) {
        view(sut, 'off');
        expect(sut.effects.waiting('enableMfa')?.input).toEqual({ mfaCode: twoFactorFacts(world).code });
        busy(sut, true);
      },
    },
    '#twoFactor.on': {
      asserts: 'two-factor is on: the code field with Disable, enabled; nothing waiting',
      check(sut, world) {
        expect(twoFactorFacts(world).enabled).toBe(true);
        view(sut, 'on');
        noneWaiting(sut, 'getMfaKey', 'enableMfa', 'disableMfa');
        busy(sut, false);
      },
    },
    '#twoFactor.disabling': {
      asserts: 'a disable request is waiting with the trimmed code; the button is disabled',
      check(sut, world) {
        view(sut, 'on');
        expect(sut.effects.waiting('disableMfa')?.input).toEqual({ mfaCode: twoFactorFacts(world).code });
        busy(sut, true);
      },
    },
  },
};
