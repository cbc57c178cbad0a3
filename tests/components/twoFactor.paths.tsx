import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { twoFactorMachine } from '../../machines/twoFactor/machine';
import { ada } from '../support/authFixtures';
import {
  alertText,
  answers,
  click,
  expectNotWaiting,
  expectWaiting,
  fieldVerdict,
  page,
  refusal,
  renderForm,
  settleForm,
  signedInStorage,
  statusText,
  storedUser,
  fillIn,
  unreachable,
} from '../support/formPaths';
import type { Failure, FormSut } from '../support/formPaths';
import type { AnyEvent, PathSpec, World } from '../support/pathTesting';

/**
 * The two-factor card of /account, driven by the twoFactor chart's paths: the person types the code
 * and clicks Enable, Disable or Try again, the path answers the request, and every state checks what
 * the card shows (off with the QR code and key, or on; the code's verdict, the alert, the notice)
 * and what the app keeps (the stored user's two-factor flag, the change form's code field).
 */

const MESSAGES = {
  required: 'Required',
  codeLength: 'Token must be 6 characters',
  changed: '2 Factor settings changed',
  failed: 'An error occurred, please try again later.',
  throttled45: 'Too many attempts. Try again in 45 seconds.',
  preparing: 'Preparing your two-factor key…',
};

const GET_KEY = '/auth/get-mfa-key';
const ENABLE = '/auth/enable-mfa';
const DISABLE = '/auth/disable-mfa';

const KEY1 = { mfaKey: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/ACC%20Casino:ada?secret=JBSWY3DPEHPK3PXP&issuer=ACC%20Casino' };
const KEY2 = { mfaKey: 'KRSXG5CTMVRXEZLU', uri: 'otpauth://totp/ACC%20Casino:ada?secret=KRSXG5CTMVRXEZLU&issuer=ACC%20Casino' };
type Key = typeof KEY1;

const code = (text: string): AnyEvent => ({ type: 'user.submitCode', code: text });
const event = (type: string, rest: Record<string, unknown> = {}): AnyEvent => ({ type, ...rest });

const offEvents = [
  event('xstate.done.actor.getMfaKey', { output: KEY1 }),
  event('xstate.error.actor.getMfaKey', { error: unreachable }),
  event('user.retry'),
  // Spaces around a code are not part of it.
  code(' 123456 '),
  code('12345'),
  event('xstate.done.actor.enableMfa'),
  event('xstate.error.actor.enableMfa', { error: refusal(400, 'mfa_invalid', 'That code is not valid.') }),
  event('xstate.done.actor.disableMfa', { output: KEY2 }),
  event('xstate.error.actor.disableMfa', { error: refusal(429, 'too_many_requests', 'Slow down.', 45) }),
];
const onEvents = [code('654321'), code(''), event('xstate.done.actor.disableMfa', { output: KEY2 })];

const startsEnabled = (world: World) => (world.variant.input as { enabled: boolean }).enabled;

/** docs/product.md §5 "Two-factor code": empty is marked *, any length but 6 is refused. */
const verdictOf = (text: string) => {
  const trimmed = text.trim();
  return trimmed === '' ? MESSAGES.required : trimmed.length !== 6 ? MESSAGES.codeLength : '';
};

/** docs/product.md §8: the fixed failure message, unless the server asked to wait. */
const failureText = (failure: Failure) => (failure.status === 429 ? MESSAGES.throttled45 : MESSAGES.failed);

/** The card as the path left it, from the performed events alone. */
function facts(world: World) {
  let enabled = startsEnabled(world);
  let key: Key | null = null;
  let verdict = '';
  let alert: string | null = null;
  let notice: string | null = null;
  let lastCode = '';
  const sent: { [ENABLE]: unknown[]; [DISABLE]: unknown[] } = { [ENABLE]: [], [DISABLE]: [] };
  for (const e of world.performed) {
    switch (e.type) {
      case 'xstate.done.actor.getMfaKey':
        key = e['output'] as Key;
        break;
      case 'xstate.error.actor.getMfaKey':
        alert = failureText(e['error'] as Failure);
        break;
      case 'user.retry':
        alert = null;
        break;
      case 'user.submitCode':
        lastCode = (e['code'] as string).trim();
        verdict = verdictOf(lastCode);
        alert = null;
        notice = null;
        if (verdict === '') sent[enabled ? DISABLE : ENABLE].push({ mfaCode: lastCode });
        break;
      case 'xstate.done.actor.enableMfa':
        enabled = true;
        notice = MESSAGES.changed;
        break;
      case 'xstate.done.actor.disableMfa':
        enabled = false;
        key = e['output'] as Key;
        notice = MESSAGES.changed;
        break;
      case 'xstate.error.actor.enableMfa':
      case 'xstate.error.actor.disableMfa':
        alert = failureText(e['error'] as Failure);
        break;
    }
  }
  return { enabled, key, verdict, alert, notice, lastCode, sent };
}

const card = () => page().getByRole('region', { name: 'Two-factor authentication' });
const statusLine = (scope: HTMLElement) => within(scope).queryByText((_content, el) => el?.tagName === 'P' && /^Two-factor authentication is/.test(el.textContent ?? ''))?.textContent ?? null;
const codeForm = (name: 'Enable two-factor' | 'Disable two-factor') => within(card()).getByRole('form', { name });
const qrCode = () => within(card()).queryByRole('img', { name: 'QR code of your two-factor key' });

/** Off: the QR code and the key of the last answer that carried one, and the Enable form. Or on: neither, and Disable. */
function expectSide(world: World, side: 'off' | 'on', button: 'Enable' | 'Disable' | 'Checking…') {
  const f = facts(world);
  expect(statusLine(card())).toBe(`Two-factor authentication is ${side}.`);
  const form = codeForm(side === 'off' ? 'Enable two-factor' : 'Disable two-factor');
  const submit = within(form).getByRole('button', { name: button }) as HTMLButtonElement;
  expect(submit.disabled, `${button} is disabled`).toBe(button === 'Checking…');
  if (side === 'off') {
    expect(qrCode(), 'the QR code').not.toBeNull();
    expect(within(card()).getByText(f.key!.mfaKey)).toBeTruthy();
    for (const other of [KEY1, KEY2].filter((k) => k.mfaKey !== f.key!.mfaKey)) expect(within(card()).queryByText(other.mfaKey)).toBeNull();
  } else {
    expect(qrCode(), 'no QR code while two-factor is on').toBeNull();
  }
  return form;
}

function expectMessages(world: World, form: HTMLElement, busy: boolean) {
  const f = facts(world);
  expect(fieldVerdict(form, 'Two-factor code')).toBe(busy ? '' : f.verdict);
  expect(alertText(form)).toBe(busy ? null : f.alert);
  expect(statusText(form)).toBe(busy ? null : f.notice);
}

export const twoFactorScreenPaths: PathSpec<FormSut> = {
  name: 'twoFactor screen',
  machine: twoFactorMachine,
  variants: [
    { name: 'two-factor off', input: { enabled: false }, events: offEvents },
    // Only what the off variant cannot reach: the page opening with two-factor on.
    { name: 'two-factor on', input: { enabled: true }, events: onEvents },
  ],
  start: (world) =>
    renderForm({
      url: '/account',
      clock: world.clock,
      screenId: 'twoFactor',
      storage: signedInStorage({ ...ada, tfaEnabled: startsEnabled(world) }),
      held: [GET_KEY, ENABLE, DISABLE],
    }),
  perform: {
    async 'user.submitCode'(sut, e, world) {
      const form = within(card()).getByRole('form');
      await fillIn(form, { 'Two-factor code': e['code'] as string });
      await click(within(form).getByRole('button'));
      await settleForm(sut, world);
    },
    async 'user.retry'(sut, _e, world) {
      await click(within(card()).getByRole('button', { name: 'Try again' }));
      await settleForm(sut, world);
    },
    ...answers('getMfaKey', GET_KEY, { done: (e) => ({ status: 200, body: e['output'] }) }),
    ...answers('enableMfa', ENABLE, { done: () => ({ status: 200, body: { success: true, message: MESSAGES.changed, user: { ...ada, tfaEnabled: true } } }) }),
    ...answers('disableMfa', DISABLE, { done: (e) => ({ status: 200, body: e['output'] }) }),
  },
  states: {
    '#twoFactor': {
      asserts: "each passing code went out once, trimmed, to enable-mfa while off and disable-mfa while on; the stored user's two-factor flag follows the last successful switch, and the change-password form asks for the code exactly when it is on",
      check(sut, world) {
        const f = facts(world);
        expect(sut.callsTo(ENABLE).map((c) => c.body)).toEqual(f.sent[ENABLE]);
        expect(sut.callsTo(DISABLE).map((c) => c.body)).toEqual(f.sent[DISABLE]);
        expect(storedUser(sut)?.tfaEnabled).toBe(f.enabled);
        const change = page().getByRole('form', { name: 'Change password' });
        expect(within(change).queryByLabelText('Two-factor code') !== null, 'the change form asks for the code').toBe(f.enabled);
      },
    },
    '#twoFactor.loadingKey': {
      asserts: "'Preparing your two-factor key…' shows, with no form; one key request is waiting",
      check(sut) {
        expect(within(card()).getByText(MESSAGES.preparing)).toBeTruthy();
        expect(within(card()).queryByRole('form')).toBeNull();
        expect(sut.requests.waiting(GET_KEY), 'a key request is waiting').toBeDefined();
      },
    },
    '#twoFactor.keyUnavailable': {
      asserts: "'An error occurred, please try again later.' and a Try again button; no QR code, no form, nothing waiting",
      check(sut) {
        expect(alertText(card())).toBe(MESSAGES.failed);
        expect((within(card()).getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(false);
        expect(qrCode()).toBeNull();
        expect(within(card()).queryByRole('form')).toBeNull();
        expectNotWaiting(sut, GET_KEY);
      },
    },
    '#twoFactor.off': {
      asserts: "'Two-factor authentication is off.', the QR code and the key last received, Enable enabled; the code's verdict after a failing submit, the §8 alert after a refusal, '2 Factor settings changed' after switching off; nothing waiting",
      check(sut, world) {
        expectMessages(world, expectSide(world, 'off', 'Enable'), false);
        expectNotWaiting(sut, ENABLE, DISABLE, GET_KEY);
      },
    },
    '#twoFactor.enabling': {
      asserts: "still off with the QR code; the button reads 'Checking…' and is disabled; one enable request is waiting with the code typed (trimmed); no verdict, alert or notice",
      check(sut, world) {
        expectMessages(world, expectSide(world, 'off', 'Checking…'), true);
        expectWaiting(sut, ENABLE, { mfaCode: facts(world).lastCode });
      },
    },
    '#twoFactor.on': {
      asserts: "'Two-factor authentication is on.', no QR code, Disable enabled; the code's verdict, the §8 alert after a refusal, '2 Factor settings changed' after switching on; nothing waiting",
      check(sut, world) {
        expectMessages(world, expectSide(world, 'on', 'Disable'), false);
        expectNotWaiting(sut, ENABLE, DISABLE);
      },
    },
    '#twoFactor.disabling': {
      asserts: "still on; the button reads 'Checking…' and is disabled; one disable request is waiting with the code typed; no verdict, alert or notice",
      check(sut, world) {
        expectMessages(world, expectSide(world, 'on', 'Checking…'), true);
        expectWaiting(sut, DISABLE, { mfaCode: facts(world).lastCode });
      },
    },
  },
};
