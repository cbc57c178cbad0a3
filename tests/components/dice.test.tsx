import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFloatStream } from '../../src/core/fairness/floats';
import { diceRollFromStream, formatRoll } from '../../src/core/games/dice';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';
import { ada, liveToken } from '../support/authFixtures';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import type { Reply, Route } from '../support/fakeApi';
import { renderApp } from './renderApp';


const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [
    { symbol: 'BTC', exchangeRate: 100_000 },
    { symbol: 'ETH', exchangeRate: 4_000 },
  ],
  '/wallet/get-wallets': [
    { currencySymbol: 'BTC', balance: 0.01 },
    { currencySymbol: 'ETH', balance: 0 },
    { currencySymbol: 'ACC', balance: 5 },
  ],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-limits': { data: { limit: { minBet: 0.00001, maxBet: 0.5, maxPayout: 0.002 } } },
};

const signedIn = (extra: Record<string, string> = {}) =>
  memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(ada), ...extra });

function renderDice(options: { routes?: Record<string, Route>; storage?: Storage } = {}) {
  const api = fakeApi(options.routes ?? {}, BACKGROUND_READS);
  const { clock } = renderApp('/dice', { fetch: api.fetch, storage: options.storage ?? memoryStorage() });
  return Object.assign(api, { clock });
}

const dice = () => screen.getByRole('region', { name: 'Dice' });
const betButton = () => within(dice()).getByRole('button', { name: 'Bet' });
const typeAmount = (text: string) => fireEvent.change(within(dice()).getByLabelText('Bet amount'), { target: { value: text } });
const pressBet = () => act(async () => void fireEvent.click(betButton()));
const shownMessage = () => within(dice()).queryByRole('alert')?.textContent ?? null;
const diceBets = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === '/dice/bet');

/** Signed in with the wallets and the dice limits loaded, so the checks of docs/product.md §5 can run. */
async function readyPlayer(options: { routes?: Record<string, Route>; storage?: Storage } = {}) {
  const api = renderDice({ storage: signedIn(), ...options });
  await waitFor(() => expect(within(dice()).getByTestId('max-payout').textContent).not.toContain('…'));
  await waitFor(() => expect(screen.getByRole('button', { name: /Account menu/ })).toBeTruthy());
  await waitFor(() => expect(betButton().hasAttribute('disabled')).toBe(false));
  return api;
}

describe('Dice screen', () => {
  it('should open the login modal for a visitor who presses Bet, and send no bet', async () => {
    const api = renderDice();
    await screen.findByRole('region', { name: 'Dice' });
    await pressBet();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Log in', selected: true })).toBeTruthy();
    expect(diceBets(api)).toEqual([]);
  });

  it('should refuse ACC before looking at the amount (docs/product.md §5 check 2)', async () => {
    const api = await readyPlayer({ storage: signedIn({ selectedCurrency: 'ACC' }) });
    typeAmount('0');
    await pressBet();
    expect(shownMessage()).toBe('ACC betting not available at this time');
    expect(diceBets(api)).toEqual([]);
  });

  it('should show the checks of docs/product.md §5 in order, each until the amount is fixed, and send nothing meanwhile', async () => {
    const api = await readyPlayer();
    // 3: zero (also an empty field) before anything else.
    await pressBet();
    expect(shownMessage()).toBe('Bet must be greater than 0');
    // 4: above the balance of 0.01 BTC, even though the profit is also above the max payout.
    typeAmount('0.02');
    expect(shownMessage()).toBeNull();
    await pressBet();
    expect(shownMessage()).toBe("Can't bet more than balance");
    // 5: below minBet, with the currency symbol.
    typeAmount('0.000001');
    await pressBet();
    expect(shownMessage()).toBe('Bet must be greater than 0.00001000 BTC');
    // 6: the profit at 2× (0.005) above the max payout of 0.002.
    typeAmount('0.005');
    await pressBet();
    expect(shownMessage()).toBe('Profit on win must be less than 0.00200000 BTC');
    expect(diceBets(api)).toEqual([]);
  });

  it('should quote the limits in dollars and convert a dollar amount in fiat display', async () => {
    const api = await readyPlayer({
      storage: signedIn({ displayFiat: 'true' }),
      routes: { '/dice/bet': () => ({ status: 200, body: { balance: 0.0099, bet: { id: 1, roll: 62.3, wager: 0.0001, payout: 0, multiplier: 2, nonce: 0, win: false } } }) },
    });
    typeAmount('0.5');
    await pressBet();
    expect(shownMessage()).toBe('Bet must be greater than $1.00');
    typeAmount('10');
    await pressBet();
    await waitFor(() => expect(diceBets(api)).toHaveLength(1));
    expect(diceBets(api)[0]!.body).toEqual({ betAmount: 0.0001, currency: 'BTC', chance: 49.5, target: 'under' });
  });

  it('should send the odds on screen, show the roll with two digits each side, colour it, and update the balance', async () => {
    const api = await readyPlayer({
      routes: { '/dice/bet': () => ({ status: 200, body: { balance: 0.0101, bet: { id: 41, roll: 5.2, wager: 0.001, payout: 0.0011, multiplier: 1.1, nonce: 0, win: true } } }) },
    });
    typeAmount('0.001');
    fireEvent.change(within(dice()).getByLabelText('Win chance'), { target: { value: '90' } });
    expect((within(dice()).getByLabelText('Multiplier') as HTMLInputElement).value).toBe('1.1');
    fireEvent.click(within(dice()).getByRole('button', { name: /switch to roll over/ }));
    expect((within(dice()).getByLabelText('Profit on win') as HTMLInputElement).value).toBe('0.00010000');
    await pressBet();
    const roll = await within(dice()).findByTestId('dice-roll');
    expect(roll.textContent).toBe('05.20');
    expect(roll.getAttribute('data-outcome')).toBe('win');
    expect(diceBets(api)[0]!.body).toEqual({ betAmount: 0.001, currency: 'BTC', chance: 90, target: 'over' });
    await waitFor(() => expect(screen.getByRole('button', { name: /0\.01010000/ })).toBeTruthy());
    // Changing the chance clears the result and the ring goes back to the primary colour.
    fireEvent.change(within(dice()).getByLabelText('Win chance'), { target: { value: '50' } });
    expect(within(dice()).queryByTestId('dice-roll')).toBeNull();
  });

  it("should show the server's refusal, and 'error placing bet, please try again.' when nothing answers", async () => {
    let answer: Reply = { status: 400, body: { error: "Can't bet more than balance", message: "Can't bet more than balance" } };
    const api = await readyPlayer({ routes: { '/dice/bet': () => answer } });
    typeAmount('0.001');
    await pressBet();
    await waitFor(() => expect(shownMessage()).toBe("Can't bet more than balance"));
    answer = 'no response';
    await pressBet();
    await waitFor(() => expect(shownMessage()).toBe('error placing bet, please try again.'));
    expect(diceBets(api)).toHaveLength(2);
  });

  it('should block a second bet while one is in flight, from the button and from Space', async () => {
    let release: (reply: Reply) => void = () => {};
    const api = await readyPlayer({ routes: { '/dice/bet': () => new Promise<Reply>((resolve) => (release = resolve)) } });
    typeAmount('0.001');
    const button = betButton();
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await waitFor(() => expect(diceBets(api)).toHaveLength(1));
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.textContent).toBe('Rolling…');
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await act(async () => void fireEvent.click(button));
    expect(diceBets(api)).toHaveLength(1);
    await act(async () => release({ status: 200, body: { balance: 0.009, bet: { id: 7, roll: 99.99, wager: 0.001, payout: 0, multiplier: 2, nonce: 0, win: false } } }));
    const roll = await within(dice()).findByTestId('dice-roll');
    expect(roll.textContent).toBe('99.99');
    expect(roll.getAttribute('data-outcome')).toBe('loss');
    expect(betButton().hasAttribute('disabled')).toBe(false);
  });

  it('should open the fairness dialog from the Fairness button', async () => {
    renderDice();
    fireEvent.click(await within(await screen.findByRole('region', { name: 'Dice' })).findByRole('button', { name: 'Fairness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fairness' });
    expect(within(dialog).getByRole('tab', { name: 'Seeds', selected: true })).toBeTruthy();
  });
});

describe('Seed modal', () => {
  const seedState = { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 3, clientSeed: 'myClientSeed01' };
  const serverSeed = '3f'.repeat(32);

  async function openFairness(routes: Record<string, Route>) {
    const api = renderDice({ storage: signedIn(), routes: { '/casino/get-seed': () => ({ status: 200, body: seedState }), ...routes } });
    await waitFor(() => expect(screen.getByRole('button', { name: /Account menu/ })).toBeTruthy());
    fireEvent.click(within(await screen.findByRole('region', { name: 'Dice' })).getByRole('button', { name: 'Fairness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fairness' });
    await within(dialog).findByRole('status', { name: 'Nonce' });
    return { api, dialog };
  }

  it("should show the pair, mark a copy as Copied for 1.5 s, and show the server's refusal of a rotation", async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } });
    let refuse = true;
    const { api, dialog } = await openFairness({
      '/casino/rotate-seed': (body) =>
        refuse
          ? { status: 409, body: { error: 'game_in_progress', message: 'Finish your mines game before changing seeds.' } }
          : { status: 200, body: { previous: { serverSeed, seedHash: seedState.seedHash, clientSeed: 'myClientSeed01', nonce: 3 }, mode: 'classic', seedHash: 'b'.repeat(64), nextHash: 'c'.repeat(64), nonce: 0, clientSeed: body.clientSeed } },
    });
    expect(within(dialog).getByRole('status', { name: 'Nonce' }).textContent).toBe('3');
    expect((within(dialog).getByLabelText('Client seed') as HTMLInputElement).value).toBe('myClientSeed01');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Server seed hash' }));
    await within(dialog).findByRole('button', { name: 'Server seed hash copied' });
    expect(copied).toEqual(['a'.repeat(64)]);
    // docs/product.md §9: 'Copied' shows for 1.5 s.
    await api.clock.advance(1_499);
    expect(within(dialog).getByRole('button', { name: 'Server seed hash copied' })).toBeTruthy();
    await api.clock.advance(1);
    expect(within(dialog).queryByRole('button', { name: 'Server seed hash copied' })).toBeNull();

    fireEvent.change(within(dialog).getByLabelText('Client seed'), { target: { value: 'has space' } });
    expect(within(dialog).getByRole('button', { name: 'Rotate seed' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Client seed'), { target: { value: 'fresh-seed' } });
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate seed' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Finish your mines game before changing seeds.');

    refuse = false;
    await act(async () => void fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate seed' })));
    await waitFor(() => expect(within(dialog).getByRole('status', { name: 'Nonce' }).textContent).toBe('0'));
    expect(api.calls.filter((c) => c.path === '/casino/rotate-seed').map((c) => c.body)).toEqual([{ clientSeed: 'fresh-seed' }, { clientSeed: 'fresh-seed' }]);
  });

  it('should verify a bet of a revealed pair in one click, with the roll Node computes for the same seeds', async () => {
    const { dialog } = await openFairness({
      '/casino/get-seed-history': () => ({ status: 200, body: { seeds: [{ serverSeed, seedHash: 'd'.repeat(64), clientSeed: 'myClientSeed01', nonce: 3, revealedAt: '' }] } }),
    });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'History' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Verify bet with nonce 2' }));
    const roll = await within(dialog).findByTestId('verified-roll');
    const expected = formatRoll(diceRollFromStream(createFloatStream(nodeHmacSha256, serverSeed, 'myClientSeed01', 2).at));
    expect(roll.textContent).toBe(expected);
    expect((within(dialog).getByLabelText('Nonce') as HTMLInputElement).value).toBe('2');
  });
});
