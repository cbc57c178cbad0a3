import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GameRtp, RtpReport } from '../../src/core/contracts/rtp';
import { fakeApi } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** The /rtp page (issue 23, "The RTP we really paid") as anyone sees it, with the fake API and hub. */

const BACKGROUND = {
  '/payments/get-exchange-rates': [{ symbol: 'USDT', exchangeRate: 1 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
};

const none = (game: string): GameRtp => ({ game, bets: 0, wageredUsd: 0, paidOutUsd: 0, rtp: null, theoreticalRtp: null, low95: null, high95: null, recent: [] });
const DICE: GameRtp = {
  game: 'Dice',
  bets: 1234,
  wageredUsd: 15_000.5,
  paidOutUsd: 14_800.25,
  rtp: 0.98665,
  theoreticalRtp: 0.989901,
  low95: 0.95123,
  high95: 1.02207,
  recent: [
    { bets: 500, rtp: 0.97 },
    { bets: 1000, rtp: 0.99 },
  ],
};
const BLACKJACK: GameRtp = { game: 'Blackjack', bets: 1, wageredUsd: 1, paidOutUsd: 2.5, rtp: 2.5, theoreticalRtp: 0.9949, low95: null, high95: null, recent: [{ bets: 1, rtp: 2.5 }] };
const FIRST: RtpReport = { games: [DICE, none('Mines'), BLACKJACK, none('Baccarat')] };
const LATER: RtpReport = { games: [{ ...DICE, bets: 1235, wageredUsd: 15_001.5, rtp: 0.98659 }, { ...none('Mines'), bets: 1, wageredUsd: 2, paidOutUsd: 0, rtp: 0, theoreticalRtp: 0.9944, recent: [{ bets: 1, rtp: 0 }] }, BLACKJACK, none('Baccarat')] };

type Answer = { status: number; body: unknown } | 'no response';

function openRtp(answers: Answer[]) {
  const api = fakeApi({ '/casino/rtp': () => answers.shift() ?? { status: 500, body: { error: 'x', message: 'unexpected' } } }, BACKGROUND);
  const view = renderApp('/rtp', { fetch: api.fetch });
  const reads = () => api.calls.filter((c) => c.path === '/casino/rtp').length;
  return { ...view, reads };
}
const ok = (report: RtpReport): Answer => ({ status: 200, body: report });
const card = (name: string) => screen.getByRole('article', { name });
/** A card's figures as a player reads them: label and value. */
const figures = (name: string) =>
  within(card(name))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('the measured RTP page at /rtp', () => {
  it("should show each game's bets, dollars, measured RTP with its interval, the theoretical RTP and the chart", async () => {
    const { hub, clock, reads } = openRtp([ok(FIRST), ok(FIRST)]);
    await screen.findByRole('article', { name: 'Dice' });
    // The live link came up after the page opened (the app starts it after the first paint): a bet may have
    // landed unannounced in between, so the figures are read once more, after the pause.
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    expect(await screen.findByText('Updating…')).toBeTruthy();
    await clock.advance(1000);
    await waitFor(() => expect(reads()).toBe(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The RTP we really paid');
    expect(within(card('Dice')).getByTestId('rtp-dice-measured').textContent).toBe('98.67%');
    expect(figures('Dice')).toEqual([
      ['Bets', '1,234'],
      ['Wagered', '$15,000.50'],
      ['Paid out', '$14,800.25'],
      ['Theoretical', '98.99%'],
      ['95% interval', '95.12% – 102.21%'],
    ]);
    expect(within(card('Dice')).getByRole('img').getAttribute('aria-label')).toBe('Dice: measured RTP over the last 1000 bets, 99.00%, against the theoretical 98.99%');
    // One bet: a figure but no interval yet; no bet: dashes and no chart.
    expect(figures('Blackjack').at(-1)).toEqual(['95% interval', 'needs two bets']);
    expect(within(card('Mines')).getByTestId('rtp-mines-measured').textContent).toBe('—');
    expect(figures('Mines')).toEqual([
      ['Bets', '0'],
      ['Wagered', '$0.00'],
      ['Paid out', '$0.00'],
      ['Theoretical', '—'],
      ['95% interval', '—'],
    ]);
    expect(within(card('Mines')).getByText('No bets yet: the chart starts with the first one.')).toBeTruthy();
    expect(await screen.findByText('Live: the figures follow the bets as they land')).toBeTruthy();
  });

  it('should read the figures again when the live link comes back after a drop, for the bets it could not announce', async () => {
    const { hub, clock, reads } = openRtp([ok(FIRST), ok(FIRST), ok(LATER)]);
    await screen.findByRole('article', { name: 'Dice' });
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    await clock.advance(1000);
    await waitFor(() => expect(reads()).toBe(2));
    await screen.findByText('Live: the figures follow the bets as they land');
    // Down: the first retry (at once) fails too, and nothing is read while the link is down.
    hub.refuseStarts(1);
    await hub.drop();
    await clock.advance(1500);
    expect(reads()).toBe(2);
    expect(figures('Dice')[0]).toEqual(['Bets', '1,234']);
    // The retry 2 s later gets through: the figures are read again after the pause.
    await clock.advance(500);
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    await clock.advance(1000);
    await waitFor(() => expect(figures('Dice')[0]).toEqual(['Bets', '1,235']));
    expect(reads()).toBe(3);
  });

  it('should say when the figures cannot be read, and show them after Try again', async () => {
    const { reads } = openRtp(['no response', ok(FIRST)]);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach the casino. Please check your connection and try again.');
    expect(screen.queryByRole('article', { name: 'Dice' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Dice' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reads()).toBe(2);
  });

  it('should read the figures again a second after bets land on the hub, once for the burst', async () => {
    const { hub, clock, reads } = openRtp([ok(FIRST), ok(LATER)]);
    await screen.findByRole('article', { name: 'Dice' });
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    const bet = { id: 7, gameName: 'Mines', playerName: 'grace', wager: 2, currency: 'USDT', multiplier: 0, payout: 0 };
    await hub.emit({ name: 'bet', payload: bet });
    await hub.emit({ name: 'bet', payload: { ...bet, id: 8, gameName: 'Dice' } });
    expect(await screen.findByText('Updating…')).toBeTruthy();
    expect(reads()).toBe(1);
    await clock.advance(1000);
    await waitFor(() => expect(figures('Mines')[0]).toEqual(['Bets', '1']));
    expect(figures('Dice')[0]).toEqual(['Bets', '1,235']);
    expect(within(card('Mines')).getByTestId('rtp-mines-measured').textContent).toBe('0.00%');
    expect(reads()).toBe(2);
  });

  it('should keep the last figures with the reason and Try again when a new read fails', async () => {
    const { hub, clock } = openRtp([ok(FIRST), 'no response', ok(LATER)]);
    await screen.findByRole('article', { name: 'Dice' });
    await waitFor(() => expect(hub.connected()).toHaveLength(1));
    await hub.emit({ name: 'bet', payload: { id: 9, gameName: 'Dice', playerName: 'grace', wager: 1, currency: 'USDT', multiplier: 0, payout: 0 } });
    await clock.advance(1000);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not reach the casino. Please check your connection and try again. The figures below are from the last update.',
    );
    expect(figures('Dice')[0]).toEqual(['Bets', '1,234']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figures('Dice')[0]).toEqual(['Bets', '1,235']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('should open from the footer link', async () => {
    const api = fakeApi({ '/casino/rtp': () => ok(FIRST) }, { ...BACKGROUND, '/casino/get-limits': { data: { limit: { minBet: 0.00001, maxBet: 100, maxPayout: 100 } } } });
    const { history } = renderApp('/', { fetch: api.fetch });
    fireEvent.click(within(await screen.findByRole('navigation', { name: 'Fairness' })).getByRole('link', { name: 'Measured RTP' }));
    await screen.findByRole('article', { name: 'Dice' });
    expect(history.location.pathname).toBe('/rtp');
  });
});
