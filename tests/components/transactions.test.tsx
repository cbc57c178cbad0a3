import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_CASHIER_INFO, pageReads, signedInStorage } from '../support/appReads';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

const BACKGROUND_READS = { ...pageReads(95_000, 1), '/wallet/get-cashier-info': DEMO_CASHIER_INFO };

const row = (id: number, kind: string, account: 'wallet' | 'staking' | 'rewards', currency: string, amount: string) => ({
  id,
  transferId: id + 100,
  kind,
  account,
  currency,
  amount,
  ref: `ref:${id}`,
  createdAt: '2026-11-26T10:00:00.000Z',
});

describe('the transactions page', () => {
  it('shows the ledger rows in words with signed amounts, pages to the oldest, and says why a page failed', async () => {
    let failNext = true;
    const api = fakeApi(
      {
        '/wallet/get-transactions': (_body, query) => {
          const before = query.get('before');
          if (before === null) {
            return { status: 200, body: { rows: [row(3, 'burn', 'staking', 'ACC', '-0.01000000'), row(2, 'withdrawal', 'wallet', 'BTC', '-0.00010000')], nextBefore: 2 } };
          }
          if (failNext) {
            failNext = false;
            return 'no response';
          }
          return { status: 200, body: { rows: [row(1, 'demo_funds', 'wallet', 'BTC', '0.00105263')], nextBefore: null } };
        },
      },
      BACKGROUND_READS,
    );
    renderApp('/transactions', { fetch: api.fetch, storage: signedInStorage() });
    const region = within(await screen.findByRole('region', { name: 'Transactions' }));
    await region.findByText('Unlock fee');
    const rows = () => region.getAllByRole('row').slice(1).map((tr) => tr.textContent);
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toContain('Staked ACC');
    expect(rows()[0]).toContain('-0.01000000');
    expect(rows()[1]).toContain('Withdrawal');

    fireEvent.click(region.getByRole('button', { name: 'Load more' }));
    expect(await region.findByRole('alert')).toHaveProperty('textContent', 'Could not reach the casino. Please check your connection and try again.');
    expect(rows()).toHaveLength(2);
    fireEvent.click(region.getByRole('button', { name: 'Load more' }));
    await region.findByText('Demo funds');
    expect(rows()).toHaveLength(3);
    expect(rows()[2]).toContain('+0.00105263');
    expect(region.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(region.queryByRole('alert')).toBeNull();
  });

  it('offers Try again when nothing could be read, and shows an empty list in words', async () => {
    let calls = 0;
    const api = fakeApi(
      {
        '/wallet/get-transactions': () => {
          calls += 1;
          return calls === 1 ? 'no response' : { status: 200, body: { rows: [], nextBefore: null } };
        },
      },
      BACKGROUND_READS,
    );
    renderApp('/transactions', { fetch: api.fetch, storage: signedInStorage() });
    const region = within(await screen.findByRole('region', { name: 'Transactions' }));
    await region.findByRole('alert');
    fireEvent.click(region.getByRole('button', { name: 'Try again' }));
    expect(await region.findByText('No transactions yet.')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
