import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LimitEntry, ResponsibleState } from '../../src/core/contracts/account';
import { DEMO_CASHIER_INFO, pageReads, signedInStorage } from '../support/appReads';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

const BACKGROUND_READS = { ...pageReads(95_000, 1), '/wallet/get-cashier-info': DEMO_CASHIER_INFO };

const limits = (patch: (l: LimitEntry) => Partial<LimitEntry> = () => ({})): LimitEntry[] =>
  (['deposit', 'loss', 'wager'] as const).flatMap((kind) =>
    (['day', 'week', 'month'] as const).map((period) => {
      const base: LimitEntry = { kind, period, amountCents: null, pendingAt: null, pendingCents: null, usedCents: 0 };
      return { ...base, ...patch(base) };
    }),
  );
const EMPTY: ResponsibleState = { limits: limits(), block: null };
const UNTIL = '2026-11-28T02:00:00.000Z';
const BREAK_MESSAGE = 'You are taking a break until 28 Nov 2026, 02:00 UTC: betting and deposits are paused until then.';

describe('the responsible gambling page', () => {
  it('checks the amount before sending, saves a limit, and shows a waiting raise with its time', async () => {
    const api = fakeApi(
      {
        '/account/get-limits': () => ({ status: 200, body: EMPTY }),
        '/account/set-limit': (body) => {
          const raise = body['amount'] === '500';
          return {
            status: 200,
            body: {
              limits: limits((l) =>
                l.kind === 'loss' && l.period === 'week'
                  ? { amountCents: 2500, usedCents: 700, ...(raise ? { pendingCents: 50_000, pendingAt: UNTIL } : {}) }
                  : {},
              ),
              block: null,
              message: raise ? 'Raise saved: the limit becomes $500.00 on 28 Nov 2026, 02:00 UTC.' : 'Limit saved: it applies now.',
            },
          };
        },
      },
      BACKGROUND_READS,
    );
    renderApp('/responsible-gambling', { fetch: api.fetch, storage: signedInStorage() });
    const form = within(await screen.findByRole('form', { name: 'Set a limit' }));
    fireEvent.change(form.getByLabelText('Limit'), { target: { value: 'loss' } });
    fireEvent.change(form.getByLabelText('Period'), { target: { value: 'week' } });
    fireEvent.change(form.getByLabelText('Amount (USD)'), { target: { value: '25.001' } });
    fireEvent.click(form.getByRole('button', { name: 'Save limit' }));
    await form.findByText('Enter a limit in dollars greater than 0, at most $10,000,000.00, with at most 2 decimals.');
    expect(api.calls.filter((c) => c.path === '/account/set-limit')).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Amount (USD)'), { target: { value: '25' } });
    fireEvent.click(form.getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByRole('status')).textContent).toBe('Limit saved: it applies now.');
    expect(api.calls.filter((c) => c.path === '/account/set-limit').map((c) => c.body)).toEqual([{ kind: 'loss', period: 'week', amount: '25' }]);
    const weekly = screen.getByRole('listitem', { name: 'Weekly (7 days) loss limit' });
    expect(weekly.textContent).toContain('$25.00');
    expect(weekly.textContent).toContain('Net loss $7.00');
    expect((form.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');

    fireEvent.change(form.getByLabelText('Amount (USD)'), { target: { value: '500' } });
    fireEvent.click(form.getByRole('button', { name: 'Save limit' }));
    await within(weekly).findByText(/^Raises to \$500\.00 on /);
    expect(weekly.textContent).toContain('$25.00');
  });

  it('asks before a break, sends nothing on Cancel, and shows the break once confirmed', async () => {
    const api = fakeApi(
      {
        '/account/get-limits': () => ({ status: 200, body: EMPTY }),
        '/account/take-break': () => ({
          status: 200,
          body: { ...EMPTY, block: { kind: 'break', until: UNTIL, permanent: false, message: BREAK_MESSAGE }, message: BREAK_MESSAGE },
        }),
      },
      BACKGROUND_READS,
    );
    renderApp('/responsible-gambling', { fetch: api.fetch, storage: signedInStorage() });
    const card = within(await screen.findByRole('region', { name: 'Take a break' }));
    fireEvent.click(card.getByRole('button', { name: '1 week' }));
    const confirm = within(card.getByRole('alertdialog'));
    confirm.getByText('You will not be able to undo this.');
    expect(confirm.getByText('Take a break for 1 week?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(card.queryByRole('alertdialog')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/account/take-break')).toHaveLength(0);

    fireEvent.click(card.getByRole('button', { name: '24 hours' }));
    fireEvent.click(within(card.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('region', { name: /^You are on a break until / });
    expect((await screen.findByRole('status')).textContent).toBe(BREAK_MESSAGE);
    expect(api.calls.filter((c) => c.path === '/account/take-break').map((c) => c.body)).toEqual([{ length: '24h' }]);
  });

  it('offers nothing more once a permanent exclusion runs, and Try again when the limits could not be read', async () => {
    let calls = 0;
    const api = fakeApi(
      {
        '/account/get-limits': () => {
          calls += 1;
          return calls === 1
            ? 'no response'
            : {
                status: 200,
                body: { ...EMPTY, block: { kind: 'exclusion', until: null, permanent: true, message: 'You have excluded yourself permanently: betting and deposits are closed on this account.' } },
              };
        },
      },
      BACKGROUND_READS,
    );
    renderApp('/responsible-gambling', { fetch: api.fetch, storage: signedInStorage() });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach the casino. Please check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'You have excluded yourself permanently' });
    expect(screen.queryByRole('region', { name: 'Take a break' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Self-exclusion' })).toBeNull();
  });
});
