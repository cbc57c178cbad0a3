import { createHash } from 'node:crypto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada, liveToken } from '../support/authFixtures';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import type { Route } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** The Seed modal's classic / instant reveal switch, the client seed between bets, and the hash check of Verify. */

const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: 100_000 }],
  '/wallet/get-wallets': [{ currencySymbol: 'BTC', balance: 0.01 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-limits': { data: { limit: { minBet: 0.00001, maxBet: 0.5, maxPayout: 0.002 } } },
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const CLASSIC = { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 3, clientSeed: 'myClientSeed01' };
const INSTANT = { mode: 'instant', seedHash: 'c'.repeat(64), nextHash: 'c'.repeat(64), nonce: 0, clientSeed: 'myClientSeed01' };

async function openFairness(routes: Record<string, Route>) {
  const storage = memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(ada) });
  const api = fakeApi({ '/casino/get-seed': () => ({ status: 200, body: CLASSIC }), ...routes }, BACKGROUND_READS);
  renderApp('/dice', { fetch: api.fetch, storage });
  await waitFor(() => expect(screen.getByRole('button', { name: /Account menu/ })).toBeTruthy());
  fireEvent.click(within(await screen.findByRole('region', { name: 'Dice' })).getByRole('button', { name: 'Fairness' }));
  const dialog = await screen.findByRole('dialog', { name: 'Fairness' });
  await within(dialog).findByRole('status', { name: 'Nonce' });
  return { api, dialog };
}

describe('Seed modal: instant reveal', () => {
  it('should switch to instant reveal, show the next seed hash, and save a new client seed between bets', async () => {
    const { api, dialog } = await openFairness({
      '/casino/set-seed-mode': () => ({ status: 200, body: INSTANT }),
      '/casino/set-client-seed': (body) => ({ status: 200, body: { ...INSTANT, clientSeed: body.clientSeed } }),
    });
    const modes = within(dialog).getByRole('group', { name: 'Seed mode' });
    expect(within(modes).getByRole('button', { name: 'Classic', pressed: true })).toBeTruthy();
    await act(async () => void fireEvent.click(within(modes).getByRole('button', { name: 'Instant reveal' })));
    await within(modes).findByRole('button', { name: 'Instant reveal', pressed: true });
    expect(api.calls.filter((c) => c.path === '/casino/set-seed-mode').map((c) => c.body)).toEqual([{ mode: 'instant' }]);
    expect(within(dialog).getByRole('status', { name: 'Next server seed hash' }).textContent).toBe('c'.repeat(64));
    // Nothing to rotate and no nonce to count: each seed plays one bet.
    expect(within(dialog).queryByRole('button', { name: 'Rotate seed' })).toBeNull();
    expect(within(dialog).queryByRole('status', { name: 'Nonce' })).toBeNull();

    const save = within(dialog).getByRole('button', { name: 'Save client seed' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Client seed'), { target: { value: 'between-bets' } });
    expect(save.hasAttribute('disabled')).toBe(false);
    await act(async () => void fireEvent.click(save));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save client seed' }).hasAttribute('disabled')).toBe(true));
    expect(api.calls.filter((c) => c.path === '/casino/set-client-seed').map((c) => c.body)).toEqual([{ clientSeed: 'between-bets' }]);
    expect((within(dialog).getByLabelText('Client seed') as HTMLInputElement).value).toBe('between-bets');
  });

  it("should show the server's refusal of a switch while a game is open, and stay in classic", async () => {
    const { dialog } = await openFairness({
      '/casino/set-seed-mode': () => ({ status: 409, body: { error: 'game_in_progress', message: 'Finish your mines game before switching the seed mode.' } }),
    });
    const modes = within(dialog).getByRole('group', { name: 'Seed mode' });
    await act(async () => void fireEvent.click(within(modes).getByRole('button', { name: 'Instant reveal' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Finish your mines game before switching the seed mode.');
    expect(within(modes).getByRole('button', { name: 'Classic', pressed: true })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Rotate seed' })).toBeTruthy();
  });

  it('should tell whether the server seed hashes to the hash shown before the bet', async () => {
    const { dialog } = await openFairness({});
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Verify' }));
    const serverSeed = '3f'.repeat(32);
    fireEvent.change(within(dialog).getByLabelText('Server seed'), { target: { value: serverSeed } });
    fireEvent.change(within(dialog).getByLabelText('Client seed'), { target: { value: 'abc' } });
    fireEvent.change(within(dialog).getByLabelText('Nonce'), { target: { value: '0' } });
    const hashField = within(dialog).getByLabelText('Server seed hash shown before the bet (optional)');
    fireEvent.change(hashField, { target: { value: sha256(serverSeed) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await within(dialog).findByText(/SHA-256 is the hash shown/)).getAttribute('data-check')).toBe('match');
    fireEvent.change(hashField, { target: { value: sha256('tampered') } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await within(dialog).findByText(/SHA-256 is not the hash shown/)).getAttribute('data-check')).toBe('mismatch');
  });
  it("should show an instant-reveal bet's server seed on the dice screen with a link that verifies it, and nothing for a classic bet", async () => {
    const serverSeed = '5e'.repeat(32);
    let reveal = false;
    await openFairness({
      '/dice/bet': () => ({
        status: 200,
        body: { balance: 0.0099, bet: { id: 77, roll: 62.3, wager: 0.0001, payout: 0, multiplier: 2, nonce: 0, win: false, ...(reveal ? { serverSeed } : {}) } },
      }),
    });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fairness' })).toBeNull());
    const dice = await screen.findByRole('region', { name: 'Dice' });
    const bet = within(dice).getByRole('button', { name: 'Bet' });
    await waitFor(() => expect(bet.hasAttribute('disabled')).toBe(false));
    fireEvent.change(within(dice).getByLabelText('Bet amount'), { target: { value: '0.0001' } });
    await act(async () => void fireEvent.click(bet));
    await within(dice).findByText('62.30');
    expect(within(dice).queryByRole('link', { name: /^Verify bet/ })).toBeNull();
    reveal = true;
    await waitFor(() => expect(bet.hasAttribute('disabled')).toBe(false));
    await act(async () => void fireEvent.click(bet));
    const link = await within(dice).findByRole('link', { name: 'Verify bet #77' });
    expect(link.getAttribute('href')).toBe('/bet/77');
    expect(within(dice).getByTitle(serverSeed).textContent).toBe(`${serverSeed.slice(0, 10)}…`);
  });
});
