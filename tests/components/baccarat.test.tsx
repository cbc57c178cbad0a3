import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chipLadder } from '../../src/core/bets/chips';
import { formatCrypto } from '../../src/core/money';
import { signedInStorage } from '../support/appReads';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import type { Reply, Route } from '../support/fakeApi';
import { renderApp } from './renderApp';


const LIMITS = { data: { limit: { minBet: 0.000001, maxBet: 0.01, maxPayout: 0.1 } } };
/** The chips those limits give at $95,000 per BTC (base units): about $0.10, $1, $5, $10, $50, $100. */
const [CHIP, SECOND_CHIP, , , , TOP_CHIP] = chipLadder({ minBet: 100n, maxBet: 1_000_000n, exchangeRate: 95_000 }).map(Number) as [number, number, number, number, number, number];
const btc = (units: number) => formatCrypto(BigInt(units));
const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: 95_000 }],
  '/wallet/get-wallets': [{ currencySymbol: 'BTC', balance: 0.01 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-limits': LIMITS,
};


function renderBaccarat(options: { routes?: Record<string, Route>; storage?: Storage } = {}) {
  const api = fakeApi(options.routes ?? {}, BACKGROUND_READS);
  const { clock } = renderApp('/baccarat', { fetch: api.fetch, storage: options.storage ?? memoryStorage() });
  return Object.assign(api, { clock });
}

const area = (name: 'Player' | 'Tie' | 'Banker') => screen.getByRole('button', { name: new RegExp(`^Bet on ${name}`) });
const stackOf = (id: string) => [...screen.getByTestId(`stack-${id}`).querySelectorAll('[data-chip]')].map((c) => Number(c.getAttribute('data-chip')));
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));
const headerBalance = () => screen.getByTestId('header-balance').textContent;

describe('Baccarat screen', () => {
  it('should stack the chosen chips per area with totals, and Clear them', async () => {
    renderBaccarat();
    await screen.findByRole('region', { name: 'Baccarat' });
    await click(area('Player'));
    await click(area('Player'));
    await click(screen.getByRole('button', { name: 'Chip $1' }));
    expect(screen.getByRole('button', { name: 'Chip $1' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chip-worth').textContent).toBe(`${btc(SECOND_CHIP)} BTC`);
    await click(area('Player'));
    await click(area('Banker'));

    expect(stackOf('player')).toEqual([CHIP, CHIP, SECOND_CHIP]);
    expect(stackOf('banker')).toEqual([SECOND_CHIP]);
    expect(stackOf('tie')).toEqual([]);
    expect(screen.getByTestId('total-player').textContent).toBe(btc(2 * CHIP + SECOND_CHIP));
    expect(screen.getByTestId('total-banker').textContent).toBe(btc(SECOND_CHIP));
    expect(screen.getByTestId('total-tie').textContent).toBe('0.00000000');
    expect(screen.getByTestId('total-bet').textContent).toContain(btc(2 * CHIP + 2 * SECOND_CHIP));

    await click(screen.getByRole('button', { name: 'Clear' }));
    expect(stackOf('player')).toEqual([]);
    expect(stackOf('banker')).toEqual([]);
    expect(screen.getByTestId('total-bet').textContent).toContain('0.00000000');
  });

  it('should show BTC chip faces a player can read: their dollar worth, not base units', async () => {
    renderBaccarat();
    const faces = async () => {
      const row = await screen.findByRole('group', { name: 'Chip value' });
      await waitFor(() => expect(within(row).getAllByRole('button').length).toBeGreaterThan(0));
      return within(row).getAllByRole('button').map((chip) => chip.textContent);
    };
    expect(await faces()).toEqual(['10¢', '$1', '$5', '$10', '$50', '$100']);
    // The cheapest chip is selected, and its exact coin amount shows beside the selector.
    expect(screen.getByRole('button', { name: 'Chip 10¢' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chip-worth').textContent).toBe(`${btc(CHIP)} BTC`);
  });

  it('should show USDT chips in USDT, from ten cents up', async () => {
    renderBaccarat({
      routes: {
        '/wallet/get-wallets': () => ({ status: 200, body: [{ currencySymbol: 'USDT', balance: 50 }] }),
        '/payments/get-exchange-rates': () => ({ status: 200, body: [{ symbol: 'USDT', exchangeRate: 1 }] }),
        '/casino/get-limits': () => ({ status: 200, body: { data: { limit: { minBet: 0.1, maxBet: 1000, maxPayout: 10000 } } } }),
      },
      storage: (() => {
        const storage = signedInStorage();
        storage.setItem('selectedCurrency', 'USDT');
        return storage;
      })(),
    });
    const row = await screen.findByRole('group', { name: 'Chip value' });
    await waitFor(() => expect(within(row).getAllByRole('button').map((chip) => chip.textContent)).toEqual(['0.10', '1', '5', '10', '50', '100']));
    expect(screen.getByTestId('chip-worth').textContent).toBe('0.10000000 USDT');
  });

  it('should ask for a bet when none is placed, and clear the message after 3 s', async () => {
    const api = renderBaccarat({ storage: signedInStorage() });
    await screen.findByRole('button', { name: 'Account menu for ada' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Bet' }).hasAttribute('disabled')).toBe(false));
    await click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByTestId('baccarat-message').textContent).toBe('Please place at least one bet before starting the game.');
    await api.clock.advance(2_999);
    expect(screen.getByTestId('baccarat-message').textContent).toBe('Please place at least one bet before starting the game.');
    await api.clock.advance(1);
    expect(screen.getByTestId('baccarat-message').textContent).toBe('');
    expect(api.calls.some((c) => c.path === '/baccarat/bet')).toBe(false);
  });

  it('should open the login modal instead of betting for a visitor', async () => {
    const api = renderBaccarat();
    await screen.findByRole('region', { name: 'Baccarat' });
    await click(area('Tie'));
    await click(screen.getByRole('button', { name: 'Bet' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('User name or e-mail')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/baccarat/bet')).toBe(false);
  });

  it('should hold the stake, deal both hands, show You Won with the popup and the balance the server sent', async () => {
    let answer!: (reply: Reply) => void;
    const api = renderBaccarat({
      storage: signedInStorage(),
      routes: { '/baccarat/bet': () => new Promise<Reply>((resolve) => (answer = resolve)) },
    });
    await waitFor(() => expect(headerBalance()).toBe('0.01000000'));
    await screen.findByRole('region', { name: 'Baccarat' });
    await click(area('Player'));
    await click(area('Player'));
    await click(area('Banker'));
    await click(screen.getByRole('button', { name: 'Bet' }));

    // The stake leaves the balance at once, and the controls wait for the round.
    await waitFor(() => expect(headerBalance()).toBe(btc(1_000_000 - 3 * CHIP)));
    expect(api.calls.find((c) => c.path === '/baccarat/bet')?.body).toEqual({
      playerBetAmount: Number(btc(2 * CHIP)),
      tieBetAmount: 0,
      bankerBetAmount: Number(btc(CHIP)),
      currency: 'BTC',
    });
    for (const name of ['Bet', 'Clear'] as const) expect(screen.getByRole('button', { name }).hasAttribute('disabled')).toBe(true);
    expect(area('Player').hasAttribute('disabled')).toBe(true);

    await act(async () =>
      answer({
        status: 200,
        body: {
          success: true,
          // Player 5, 10, 2 = 7; banker 3, Q, 7 = 0 (it draws on 3 against a player's 2).
          game: { playerHand: [12, 33, 2], bankerHand: [4, 40, 21], playerScore: 7, bankerScore: 0, resultAmount: 0.0004 },
          balance: 0.0101,
          // In instant reveal: the answer reveals the round's seed.
          bet: { id: 42, gameName: 'Baccarat', playerName: 'ada', wager: 0.0003, currency: 'BTC', multiplier: 1.3333, payout: 0.0004, serverSeed: '2b'.repeat(32) },
          errorMessage: null,
        },
      }),
    );
    // docs/product.md §9: six cards, each 300 ms on its way and 150 ms turning over.
    await api.clock.advance(6 * (300 + 150) - 1);
    expect(screen.getByTestId('baccarat-outcome').textContent).not.toBe('You Won');
    // Not while the cards are dealt: the seed shows with the outcome, with a link to verify the bet.
    expect(screen.queryByRole('link', { name: /^Verify bet/ })).toBeNull();
    await api.clock.advance(1);
    expect(screen.getByTestId('baccarat-outcome').textContent).toBe('You Won');
    expect(screen.getByRole('link', { name: 'Verify bet #42' }).getAttribute('href')).toBe('/bet/42');
    expect(screen.getByTitle('2b'.repeat(32)).textContent).toBe(`${'2b'.repeat(5)}…`);
    const cards = (side: string) => [...screen.getByTestId(`hand-${side}`).querySelectorAll('[data-card]')].map((c) => Number(c.getAttribute('data-card')));
    expect(cards('player')).toEqual([12, 33, 2]);
    expect(cards('banker')).toEqual([4, 40, 21]);
    expect(screen.getByTestId('score-player').textContent).toBe('7');
    expect(screen.getByTestId('score-banker').textContent).toBe('0');
    expect(screen.getByTestId('win-popup').textContent).toContain('0.00040000');
    expect(headerBalance()).toBe('0.01010000');
    expect(screen.getByRole('button', { name: 'Bet' }).hasAttribute('disabled')).toBe(false);
    // The chips stay on the table for the next deal.
    expect(stackOf('player')).toEqual([CHIP, CHIP]);
  });

  it("should show the server's refusal and give the stake back", async () => {
    let answer!: (reply: Reply) => void;
    renderBaccarat({
      storage: signedInStorage(),
      routes: { '/baccarat/bet': () => new Promise<Reply>((resolve) => (answer = resolve)) },
    });
    await waitFor(() => expect(headerBalance()).toBe('0.01000000'));
    await screen.findByRole('region', { name: 'Baccarat' });
    await click(area('Tie'));
    await click(screen.getByRole('button', { name: 'Bet' }));
    await waitFor(() => expect(headerBalance()).toBe(btc(1_000_000 - CHIP)));
    const refusal = { success: false, errorMessage: 'Balance too low.', error: 'Balance too low.', message: 'Balance too low.' };
    await act(async () => answer({ status: 400, body: refusal }));
    await waitFor(() => expect(screen.getByTestId('baccarat-message').textContent).toBe('Balance too low.'));
    expect(headerBalance()).toBe('0.01000000');
    expect(screen.queryByTestId('win-popup')).toBeNull();
  });

  it("should refuse a total above the balance in the browser with 'Balance too low.'", async () => {
    const api = renderBaccarat({ storage: signedInStorage() });
    await waitFor(() => expect(headerBalance()).toBe('0.01000000'));
    await screen.findByRole('region', { name: 'Baccarat' });
    await click(screen.getByRole('button', { name: 'Chip $100' }));
    // The dearest chip is within the limits: enough of them pass the 0.01 BTC balance.
    for (let placed = 0; placed * TOP_CHIP <= 1_000_000; placed++) await click(area('Banker'));
    await click(screen.getByRole('button', { name: 'Bet' }));
    expect(screen.getByTestId('baccarat-message').textContent).toBe('Balance too low.');
    expect(api.calls.some((c) => c.path === '/baccarat/bet')).toBe(false);
    expect(headerBalance()).toBe('0.01000000');
  });
});
