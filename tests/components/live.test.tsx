import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_LIMITS, pageReads, signedInStorage } from '../support/appReads';
import { liveToken } from '../support/authFixtures';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** What the live hub adds to a page (docs/product.md §7 Real-time), played by the fake hub. */

const BACKGROUND_READS = { ...pageReads(100_000, 0.01), '/casino/get-limits': GAME_LIMITS };

function renderDice(storage?: Storage) {
  const api = fakeApi({}, BACKGROUND_READS);
  return { api, ...renderApp('/dice', { fetch: api.fetch, ...(storage ? { storage } : {}) }) };
}

/** What a cell says to a player: its text without the decorative currency icon (aria-hidden). */
const spoken = (cell: HTMLElement) => {
  const copy = cell.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((icon) => icon.remove());
  return copy.textContent?.trim();
};

/** The rows of the bets table as a player reads them: game, player, bet amount, multiplier, payout. */
const betRows = () =>
  within(screen.getByRole('region', { name: 'Bets' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell').map(spoken));

const graceBet = { id: 501, gameName: 'Dice', playerName: 'grace', wager: 0.002, currency: 'BTC', multiplier: 2, payout: 0.004 };

describe('live hub', () => {
  it("should show another player's settled bet from the hub as the first row of ALL BETS", async () => {
    const { hub } = renderDice();
    await screen.findByRole('region', { name: 'Bets' });
    expect(betRows()).toEqual([['No bets yet.']]);
    // A visitor listens on an anonymous connection.
    await waitFor(() => expect(hub.connected().map((link) => link.token)).toEqual([null]));

    await hub.emit({ name: 'bet', payload: graceBet });
    await waitFor(() => expect(betRows()).toEqual([['Dice', 'grace', '0.00200000', '2.00×', '0.00400000']]));
    await hub.emit({ name: 'bet', payload: { ...graceBet, id: 502, playerName: 'alan', multiplier: 0, payout: 0 } });
    await waitFor(() => expect(betRows().map((row) => row[1])).toEqual(['alan', 'grace']));
  });

  it('should add a deposit from the hub to the balance in the header', async () => {
    const { hub } = renderDice(signedInStorage());
    await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('0.01000000'));
    // The player's deposits come on the connection made with their token.
    await waitFor(() => expect(hub.connected().map((link) => link.token)).toEqual([liveToken]));

    await hub.emit({ name: 'deposit', payload: { amount: 0.0025, currency: 'BTC' } });
    expect(screen.getByTestId('header-balance').textContent).toBe('0.01250000');
  });

  it('should say nothing when the hub drops, retry after 0, 2, 10 and 30 s, then give up', async () => {
    const { hub, clock } = renderDice();
    await screen.findByRole('region', { name: 'Bets' });
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    const starts = () => hub.startLog.length;
    expect(starts()).toBe(1);

    hub.refuseStarts(4);
    await hub.drop();
    // docs/product.md §8: a failed live connection is not shown to the player.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Dice' })).toBeTruthy();
    // docs/product.md §9: the retries wait 0, 2, 10 and 30 s, each counted from the failure before it.
    for (const delay of [0, 2_000, 10_000, 30_000]) {
      const before = starts();
      if (delay > 0) {
        await clock.advance(delay - 1);
        expect(starts()).toBe(before);
      }
      await clock.advance(delay > 0 ? 1 : 0);
      expect(starts()).toBe(before + 1);
    }
    expect(hub.connected()).toEqual([]);
    // Every retry failed: the connection has given up.
    await clock.advance(120_000);
    expect(starts()).toBe(5);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should be live again after a retry succeeds: the next broadcast bet shows', async () => {
    const { hub, clock } = renderDice();
    await screen.findByRole('region', { name: 'Bets' });
    await waitFor(() => expect(hub.connected()).toHaveLength(1));

    hub.refuseStarts(1);
    await hub.drop();
    await clock.advance(0);
    expect(hub.connected()).toEqual([]);
    await clock.advance(2_000);
    expect(hub.connected()).toHaveLength(1);
    expect(hub.startLog).toHaveLength(3);

    await hub.emit({ name: 'bet', payload: graceBet });
    await waitFor(() => expect(betRows()).toEqual([['Dice', 'grace', '0.00200000', '2.00×', '0.00400000']]));
  });
});
