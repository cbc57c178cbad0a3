import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageReads, signedInStorage } from '../support/appReads';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import type { Reply, Route } from '../support/fakeApi';
import { refusalBody } from '../support/games';
import { renderApp } from './renderApp';


const BACKGROUND_READS = { ...pageReads(95_000, 0.01), '/casino/get-limits': { data: { limit: { minBet: 0.000001, maxBet: 0.5, maxPayout: 1 } } } };


const ok = (body: unknown): Reply => ({ status: 200, body });
const noActiveGame: Route = () => ok({ success: true, game: null });

function renderMines(options: { routes?: Record<string, Route>; signedIn?: boolean } = {}) {
  const api = fakeApi(options.routes ?? {}, BACKGROUND_READS);
  const storage = options.signedIn === false ? memoryStorage() : signedInStorage();
  const { clock } = renderApp('/mines', { fetch: api.fetch, storage });
  return Object.assign(api, { clock });
}

const board = () => screen.getByRole('group', { name: 'Mines board' });
const tiles = () => within(board()).getAllByRole('button');
const tile = (id: number) => within(board()).getByRole('button', { name: new RegExp(`^Tile row ${Math.floor(id / 5) + 1} column ${(id % 5) + 1}:`) });
const slider = () => screen.getByRole('slider', { name: 'Mines' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));

/** Waits until the wallet and limits are in, so Bet really bets. */
async function readyToBet(amount = '0.001') {
  await screen.findByRole('button', { name: /^Balance: 0\.01000000 BTC$/ });
  fireEvent.change(await screen.findByLabelText('Bet amount'), { target: { value: amount } });
}

describe('Mines screen', () => {
  it('should show a visitor the 5x5 board with tile buttons and open the login modal on Bet', async () => {
    const api = renderMines({ signedIn: false });
    await screen.findByRole('heading', { name: 'Mines', level: 1 });
    expect(tiles()).toHaveLength(25);
    expect(tiles().every((t) => (t as HTMLButtonElement).disabled)).toBe(true);
    expect(tile(7).getAttribute('aria-label')).toBe('Tile row 2 column 3: hidden');
    expect(slider().disabled).toBe(false);
    expect(slider().min).toBe('1');
    expect(slider().max).toBe('24');
    fireEvent.change(slider(), { target: { value: '5' } });
    expect(screen.getByLabelText('Mines count').textContent).toBe('5');
    expect(screen.getByLabelText('Gems count').textContent).toBe('20');

    await click(button('Bet'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(api.calls.some((c) => c.path.startsWith('/mines/'))).toBe(false);
  });

  it("should show an instant-reveal game's server seed and a link to verify its bet once it ends, nothing while it is open or in classic mode", async () => {
    const serverSeed = '4d'.repeat(32);
    let instant = false;
    renderMines({
      routes: {
        '/mines/get-active-game': noActiveGame,
        '/mines/bet': () => ok({ success: true, balance: 0.009, errorMessage: null }),
        '/mines/pick': () => ok({ success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null }),
        '/mines/cashout': () =>
          ok({ success: true, cashedOutAmount: 0.00113, mineLocations: [0, 1, 2], balance: 0.01013, betId: instant ? 58 : 57, ...(instant ? { serverSeed } : {}), errorMessage: null }),
      },
    });
    const verifyLink = () => screen.queryByRole('link', { name: /^Verify bet/ });
    await readyToBet('0.001');
    // Classic: the game ends with no seed to show.
    await click(button('Bet'));
    await click(await screen.findByRole('button', { name: 'Cashout' }).then(() => tile(12)));
    await waitFor(() => expect(button('Cashout').disabled).toBe(false));
    await click(button('Cashout'));
    await screen.findByRole('status', { name: 'You won' });
    expect(verifyLink()).toBeNull();
    expect(screen.queryByText(/Server seed revealed/)).toBeNull();
    // Instant reveal: nothing while the game is open, the seed and the link once it is cashed out.
    instant = true;
    await click(button('Bet'));
    await click(await screen.findByRole('button', { name: 'Cashout' }).then(() => tile(12)));
    await waitFor(() => expect(button('Cashout').disabled).toBe(false));
    expect(verifyLink()).toBeNull();
    await click(button('Cashout'));
    const link = await screen.findByRole('link', { name: 'Verify bet #58' });
    expect(link.getAttribute('href')).toBe('/bet/58');
    expect(screen.getByTitle(serverSeed).textContent).toBe(`${serverSeed.slice(0, 10)}…`);
    // The next game hides it again.
    await click(button('Bet'));
    await screen.findByRole('button', { name: 'Cashout' });
    expect(verifyLink()).toBeNull();
  });

  it('should lock the slider in play, keep Cashout disabled until a gem, then cash out and show the popup for 3 s', async () => {
    const api = renderMines({
      routes: {
        '/mines/get-active-game': noActiveGame,
        '/mines/bet': () => ok({ success: true, balance: 0.009, errorMessage: null }),
        '/mines/pick': () => ok({ success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null }),
        '/mines/cashout': () => ok({ success: true, cashedOutAmount: 0.00113, mineLocations: [0, 1, 2], errorMessage: null, balance: 0.01013 }),
      },
    });
    await readyToBet('0.001');
    await click(button('Bet'));

    const cashout = await screen.findByRole('button', { name: 'Cashout' });
    expect((cashout as HTMLButtonElement).disabled).toBe(true);
    expect(slider().disabled).toBe(true);
    expect((screen.getByLabelText('Bet amount') as HTMLInputElement).disabled).toBe(true);
    expect(api.calls.find((c) => c.path === '/mines/bet')?.body).toEqual({ betAmount: 0.001, minesCount: 3, currency: 'BTC' });
    await screen.findByRole('button', { name: /^Balance: 0\.00900000 BTC$/ });

    await click(tile(12));
    await waitFor(() => expect(tile(12).getAttribute('aria-label')).toBe('Tile row 3 column 3: gem'));
    expect(api.calls.find((c) => c.path === '/mines/pick')?.body).toEqual({ tileId: 12 });
    expect((tile(12) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByLabelText('Gems count').textContent).toBe('1/22');
    expect(screen.getByText('(1.13×)')).toBeTruthy();
    expect(screen.getByLabelText('Current profit: 0.00013000 BTC')).toBeTruthy();
    expect(screen.getByText('(1.29×)')).toBeTruthy();
    expect(button('Cashout').disabled).toBe(false);

    await click(button('Cashout'));
    const popup = await screen.findByRole('status', { name: 'You won' });
    expect(popup.textContent).toContain('1.13×');
    expect(popup.textContent).toContain('0.00113000 BTC');
    expect(popup.textContent).toContain('1 gem found');
    // Every tile is revealed: the three mines from the answer, the rest gems.
    expect(tile(0).getAttribute('aria-label')).toBe('Tile row 1 column 1: mine, not picked');
    expect(tile(24).getAttribute('aria-label')).toBe('Tile row 5 column 5: gem, not picked');
    await screen.findByRole('button', { name: /^Balance: 0\.01013000 BTC$/ });
    expect(button('Bet').disabled).toBe(false);
    expect(slider().disabled).toBe(false);

    // docs/product.md §9: the popup shows for 3 s, on the app's clock.
    await api.clock.advance(2_999);
    expect(screen.getByRole('status', { name: 'You won' })).toBeTruthy();
    await api.clock.advance(1);
    expect(screen.queryByRole('status', { name: 'You won' })).toBeNull();
  });

  it('should end the game on a mine: the hit mine and every tile revealed, no popup, Bet again', async () => {
    renderMines({
      routes: {
        '/mines/get-active-game': noActiveGame,
        '/mines/bet': () => ok({ success: true, balance: 0.009, errorMessage: null }),
        '/mines/pick': () => ok({ success: true, isMine: true, gameState: 'GameOver', cashedOutAmount: 0, mineLocations: [4, 9, 20], balance: 0.009 }),
      },
    });
    await readyToBet();
    await click(button('Bet'));
    await screen.findByRole('button', { name: 'Cashout' });
    await click(tile(9));
    await waitFor(() => expect(tile(9).getAttribute('aria-label')).toBe('Tile row 2 column 5: mine'));
    expect(tile(4).getAttribute('aria-label')).toBe('Tile row 1 column 5: mine, not picked');
    expect(tile(0).getAttribute('aria-label')).toBe('Tile row 1 column 1: gem, not picked');
    expect(tiles().every((t) => (t as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.queryByRole('status', { name: 'You won' })).toBeNull();
    expect(button('Bet').disabled).toBe(false);
  });

  it("should un-reveal a tile whose pick failed and show the server's refusal of a bet", async () => {
    let bets = 0;
    const api = renderMines({
      routes: {
        '/mines/get-active-game': noActiveGame,
        '/mines/bet': () =>
          (bets += 1) === 1
            ? { status: 409, body: refusalBody('Finish your mines game before placing a new bet.', 'game_in_progress') }
            : ok({ success: true, balance: 0.009, errorMessage: null }),
        '/mines/pick': () => ({ status: 409, body: refusalBody('Another move on this game was handled first. Please try again.', 'move_conflict') }),
      },
    });
    await readyToBet();
    await click(button('Bet'));
    expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toBe('Finish your mines game before placing a new bet.');

    await click(button('Bet'));
    await screen.findByRole('button', { name: 'Cashout' });
    await click(tile(3));
    await waitFor(() => expect(tile(3).getAttribute('aria-label')).toBe('Tile row 1 column 4: hidden'));
    expect(api.calls.filter((c) => c.path === '/mines/pick')).toEqual([expect.objectContaining({ path: '/mines/pick', body: { tileId: 3 } })]);
    expect((tile(3) as HTMLButtonElement).disabled).toBe(false);
    expect(button('Cashout').disabled).toBe(true);
  });

  it('should refuse a bet above the balance with the message of docs/product.md §8 and send nothing', async () => {
    const api = renderMines({ routes: { '/mines/get-active-game': noActiveGame } });
    await readyToBet('1');
    await click(button('Bet'));
    expect(screen.getAllByRole('alert').some((a) => a.textContent === "Can't bet more than balance")).toBe(true);
    expect(api.calls.some((c) => c.path === '/mines/bet')).toBe(false);
  });

  it('should restore an open game on load: bet, mines count and gems found, with the slider locked', async () => {
    renderMines({
      routes: {
        '/mines/get-active-game': () => ok({ success: true, game: { betAmount: 0.002, minesCount: 5, selectedTiles: [7, 13], currency: 'BTC' } }),
      },
    });
    await waitFor(() => expect(tile(7).getAttribute('aria-label')).toBe('Tile row 2 column 3: gem'));
    expect(tile(13).getAttribute('aria-label')).toBe('Tile row 3 column 4: gem');
    expect(slider().value).toBe('5');
    expect(slider().disabled).toBe(true);
    expect(screen.getByLabelText('Gems count').textContent).toBe('2/20');
    expect((screen.getByLabelText('Bet amount') as HTMLInputElement).value).toBe('0.002');
    expect(button('Cashout').disabled).toBe(false);
  });
});
