import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_CASHIER_INFO, GAME_LIMITS, pageReads, signedInStorage } from '../support/appReads';
import { fakeApi } from '../support/fakeApi';
import type { Route } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** Issue 20: the Settings page, the hotkeys panel (?) and the reality check dialog, against the fake API. */

const BACKGROUND_READS = { ...pageReads(100_000, 0.01), '/casino/get-limits': GAME_LIMITS, '/wallet/get-cashier-info': DEMO_CASHIER_INFO };

type Prefs = { keyboardShortcuts: boolean; instantMode: boolean; realityCheckMinutes: number };

/** A fake server that keeps the preferences as the real one does (a change merged into them). */
function preferencesServer(start: Prefs, instantModeAllowed = true, minutesIn: () => number = () => 4): Record<string, Route> {
  let stored = { ...start };
  const started = Date.parse('2026-11-27T10:00:00.000Z');
  return {
    '/auth/get-preferences': () => ({ status: 200, body: { preferences: stored, instantModeAllowed } }),
    '/auth/set-preferences': (body) => {
      stored = { ...stored, ...(body as Partial<Prefs>) };
      return { status: 200, body: { preferences: stored, instantModeAllowed } };
    },
    '/casino/get-session-summary': () => ({
      status: 200,
      body: {
        startedAt: new Date(started).toISOString(),
        now: new Date(started + minutesIn() * 60_000).toISOString(),
        results: [{ currency: 'BTC', bets: 7, wagered: '0.00070000', profit: '-0.00030000' }],
      },
    }),
    '/auth/end-session': () => ({ status: 200, body: { success: true, message: 'Session ended.' } }),
  };
}

describe('settings', () => {
  it("shows the player's preferences and saves each change to the server", async () => {
    const api = fakeApi(preferencesServer({ keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 }), BACKGROUND_READS);
    renderApp('/settings', { fetch: api.fetch, storage: signedInStorage() });
    const shortcuts = await screen.findByRole('switch', { name: /Keyboard shortcuts/ });
    await waitFor(() => expect(shortcuts.hasAttribute('disabled')).toBe(false));
    expect((shortcuts as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Off' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(shortcuts);
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/auth/set-preferences').map((c) => c.body)).toEqual([{ keyboardShortcuts: false }]));
    await waitFor(() => expect((screen.getByRole('switch', { name: /Keyboard shortcuts/ }) as HTMLInputElement).checked).toBe(false));
    await waitFor(() => expect(screen.getByRole('radio', { name: '1 h' }).closest('fieldset')!.disabled).toBe(false));
    fireEvent.click(screen.getByRole('radio', { name: '1 h' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/auth/set-preferences').map((c) => c.body)).toEqual([{ keyboardShortcuts: false }, { realityCheckMinutes: 60 }]));
  });

  it('hides instant mode where the casino does not offer it', async () => {
    const api = fakeApi(preferencesServer({ keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 }, false), BACKGROUND_READS);
    renderApp('/settings', { fetch: api.fetch, storage: signedInStorage() });
    const shortcuts = await screen.findByRole('switch', { name: /Keyboard shortcuts/ });
    await waitFor(() => expect(shortcuts.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('switch', { name: /Instant mode/ })).toBeNull();
  });
});

describe('the hotkeys panel', () => {
  it('opens with ?, lists the game on show first, says when shortcuts are off, and ignores ? typed into a field', async () => {
    const api = fakeApi(preferencesServer({ keyboardShortcuts: false, instantMode: false, realityCheckMinutes: 0 }), BACKGROUND_READS);
    renderApp('/dice', { fetch: api.fetch, storage: signedInStorage() });
    const dice = await screen.findByRole('region', { name: 'Dice' });
    await waitFor(() => expect(api.calls.some((c) => c.path === '/auth/get-preferences')).toBe(true));
    fireEvent.keyDown(within(dice).getByLabelText('Bet amount'), { key: '?' });
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();

    fireEvent.keyDown(document.body, { key: '?' });
    const panel = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const titles = within(panel).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['DiceThis game', 'Mines', 'Blackjack', 'Baccarat', 'Everywhere']);
    await within(panel).findByText('Game shortcuts are off.');
    // Space on the page bets nothing while they are off, with an amount that would bet.
    fireEvent.change(within(dice).getByLabelText('Bet amount'), { target: { value: '0.0001' } });
    fireEvent.keyDown(document.body, { key: '?' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull());
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await act(async () => {});
    expect(api.calls.filter((c) => c.path === '/dice/bet')).toEqual([]);
  });
});

describe('reality checks', () => {
  it('shows the time played and the net result on the interval mark, and Continue playing and Stop playing do what they say', async () => {
    let minutes = 4;
    const api = fakeApi(preferencesServer({ keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 15 }, true, () => minutes), BACKGROUND_READS);
    const { clock } = renderApp('/dice', { fetch: api.fetch, storage: signedInStorage() });
    await screen.findByRole('region', { name: 'Dice' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/casino/get-session-summary')).toHaveLength(1));
    // 4 minutes in: the check is due at 15, not a moment before.
    await clock.advance(11 * 60_000 - 1_000);
    expect(screen.queryByRole('alertdialog', { name: 'Reality check' })).toBeNull();
    minutes = 15;
    await clock.advance(1_000);
    const check = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(within(check).getByTestId('reality-played').textContent).toBe('15 min');
    expect(within(check).getByRole('row', { name: /BTC/ }).textContent).toBe('BTC7-0.00030000 BTC');

    fireEvent.click(within(check).getByRole('button', { name: 'Continue playing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Reality check' })).toBeNull());
    expect(screen.getByRole('button', { name: /Account menu/ })).toBeTruthy();

    minutes = 30;
    await clock.advance(15 * 60_000);
    const again = await screen.findByRole('alertdialog', { name: 'Reality check' });
    expect(within(again).getByTestId('reality-played').textContent).toBe('30 min');
    fireEvent.click(within(again).getByRole('button', { name: 'Stop playing' }));
    await screen.findByRole('button', { name: 'LOG IN' });
    expect(api.calls.some((c) => c.path === '/auth/end-session')).toBe(true);
  });
});
