import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** What a visitor's pages read in the background. */
const BACKGROUND_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: 95_000 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-limits': { data: { limit: { minBet: 0.00001, maxBet: 0.5, maxPayout: 0.002 } } },
};

function renderAt(path: string, viewportWidth = 1280) {
  return renderApp(path, { fetch: fakeApi({}, BACKGROUND_READS).fetch, viewportWidth });
}

describe('app shell', () => {
  it('should show four playable game cards and two disabled coming-soon cards on the home page', async () => {
    renderAt('/');
    const links = await screen.findAllByRole('link', { name: /^Play / });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/dice', '/mines', '/blackjack', '/baccarat']);
    const disabled = document.querySelectorAll('[data-disabled="true"]');
    expect([...disabled].map((el) => el.textContent)).toEqual([
      expect.stringContaining('Plinko'),
      expect.stringContaining('Roulette'),
    ]);
    expect(disabled[0]?.closest('a')).toBeNull();
  });

  it('should list the sidebar links of docs/product.md in order', async () => {
    renderAt('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual([
      'Home',
      'Dice',
      'Mines',
      'Blackjack',
      'Baccarat',
      'Token',
      'Earn',
      'Staking',
      'Mining',
    ]);
  });

  it('should open the Auth modal on the login tab from LOG IN and mark the body modal-open', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(document.body.classList.contains('modal-open')).toBe(true);
  });

  it('should open the Auth modal on the register tab from SIGN UP and switch tabs inside it', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'SIGN UP' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Sign up' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Log in' }));
    expect(within(screen.getByRole('dialog')).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('should close the top modal on Escape, on a backdrop click and with the close button', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('modal-open')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'SIGN UP' }));
    fireEvent.click(await screen.findByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'LOG IN' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Close Welcome' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should send a visitor who opens /account back to the home page', async () => {
    const { history } = renderAt('/account');
    await screen.findAllByRole('link', { name: /^Play / });
    expect(history.location.pathname).toBe('/');
  });

  it('should show a not-found page with a way home for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the games' }).getAttribute('href')).toBe('/');
  });

  it('should close the phone sidebar after navigating from it', async () => {
    renderAt('/', 375);
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    fireEvent.click(toggle);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Dice' }));
    });
    expect(await screen.findByRole('heading', { name: 'Dice', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });
});
