import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageReads } from '../support/appReads';
import { ada, liveToken } from '../support/authFixtures';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import { renderApp } from './renderApp';

const BACKGROUND_READS = {
  ...pageReads(95_000, 1),
  '/wallet/get-cashier-info': { demoFunds: false, demoClaimUsd: 100, demoCurrencies: [], demoClaimIntervalSeconds: 3600 },
  '/wallet/get-deposit-address': { currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
};

describe('Cashier withdrawals', () => {
  it("shows the operator's reason on a refused withdrawal (issue 13)", async () => {
    const api = fakeApi(
      {
        '/wallet/get-withdrawals': () => ({
          status: 200,
          body: [
            { id: 2, currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 0.25, status: 'refused', txRef: null, reason: 'The address is on a sanctions list.', createdAt: '2026-11-24T10:00:00.000Z' },
            { id: 1, currency: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', amount: 0.4, status: 'sent', txRef: 'f00dfeed', reason: null, createdAt: '2026-11-24T09:00:00.000Z' },
          ],
        }),
      },
      BACKGROUND_READS,
    );
    const storage = memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(ada) });
    renderApp('/', { fetch: api.fetch, storage });
    await screen.findByRole('button', { name: 'Account menu for ada' });
    fireEvent.click(within(document.getElementById('account-menu')!).getByRole('button', { name: 'Wallet', hidden: true }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('tab', { name: 'Withdraw' }));
    expect(await dialog.findByText('Refused: The address is on a sanctions list. The amount is back in your balance.')).toBeTruthy();
    expect(dialog.getAllByText(/^Refused:/)).toHaveLength(1);
  });
});
