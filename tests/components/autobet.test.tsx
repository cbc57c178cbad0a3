import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_LIMITS, pageReads, signedInStorage } from '../support/appReads';
import { fakeApi } from '../support/fakeApi';
import type { Route } from '../support/fakeApi';
import { renderApp } from './renderApp';

/**
 * The Auto panel of the dice screen on the rendered App (docs/product.md §4 "Autobet"), with the fake
 * server and the fake hub: what the player types, what is sent, and what the panel says.
 */

const BACKGROUND_READS = { ...pageReads(100_000, 0.01), '/casino/get-limits': GAME_LIMITS };

/** A server whose dice bets lose, then win, then lose…, and whose balance follows them. */
function alternatingDice() {
  let balance = 0.01;
  let id = 0;
  const bet: Route = (body) => {
    id += 1;
    const wager = body['betAmount'] as number;
    const payout = id % 2 === 0 ? Math.round(wager * 2 * 1e8) / 1e8 : 0;
    balance = Math.round((balance - wager + payout) * 1e8) / 1e8;
    return { status: 200, body: { balance, bet: { id, roll: id % 2 === 0 ? 10 : 90, wager, payout, multiplier: 2, nonce: id, win: payout > 0 } } };
  };
  return { '/dice/bet': bet };
}

async function openAuto(routes: Record<string, Route> = alternatingDice()) {
  const api = fakeApi(routes, BACKGROUND_READS);
  const app = renderApp('/dice', { fetch: api.fetch, storage: signedInStorage() });
  await waitFor(() => expect(screen.getByTestId('header-balance').textContent).toBe('0.01000000'));
  await waitFor(() => expect(app.hub.connected()).toHaveLength(1));
  const game = within(await screen.findByRole('region', { name: 'Dice' }));
  await waitFor(() => expect(game.getByTestId('max-payout').textContent).toContain('0.00200000'));
  fireEvent.click(game.getByRole('tab', { name: 'Auto' }));
  return { ...app, api, game };
}

const type = (field: HTMLElement, text: string) => fireEvent.change(field, { target: { value: text } });
const diceBets = (api: ReturnType<typeof fakeApi>) => api.calls.filter((c) => c.path === '/dice/bet').map((c) => c.body['betAmount']);

describe('the Auto panel', () => {
  it('should run the number of bets asked for, doubling after a loss, and say how it ended', async () => {
    const { api, game, clock } = await openAuto();
    type(game.getByLabelText('Bet amount'), '0.0001');
    type(game.getByLabelText(/^Number of bets/), '3');
    fireEvent.click(within(game.getByRole('group', { name: 'On loss' })).getByRole('button', { name: 'Increase by' }));
    fireEvent.click(game.getByRole('button', { name: 'Start autobet' }));
    await waitFor(() => expect(diceBets(api)).toHaveLength(1));
    // Running: the settings and the amount are locked, and Stop is offered.
    expect(game.getByRole('button', { name: 'Stop autobet' })).toBeTruthy();
    expect(game.getByLabelText(/^Number of bets/).matches(':disabled')).toBe(true);
    expect((game.getByLabelText('Bet amount') as HTMLInputElement).disabled).toBe(true);
    for (let i = 0; i < 2; i += 1) {
      await waitFor(() => expect(game.getByTestId('autobet-count').textContent).toBe(String(i + 1)));
      await clock.advance(300);
    }
    await waitFor(() => expect(game.getByTestId('autobet-reason').textContent).toBe('3 bets placed'));
    // 0.0001 lost, the doubled 0.0002 won 0.0002, then 0.0001 (reset) lost: −0.0001 + 0.0002 − 0.0001 = 0.
    expect(diceBets(api)).toEqual([0.0001, 0.0002, 0.0001]);
    expect(game.getByTestId('autobet-net').textContent).toBe('0.00000000 BTC');
    expect((game.getByLabelText('Bet amount') as HTMLInputElement).value).toBe('0.0001');
    expect(game.getByRole('button', { name: 'Start autobet' })).toBeTruthy();
  });

  it("should stop on the server's refusal and show its words", async () => {
    const refuse: Route = () => ({ status: 400, body: { error: 'bad_request', message: 'Bet refused for the test' } });
    const { api, game, clock } = await openAuto({ '/dice/bet': refuse });
    type(game.getByLabelText('Bet amount'), '0.0001');
    fireEvent.click(game.getByRole('button', { name: 'Start autobet' }));
    await waitFor(() => expect(game.getByTestId('autobet-reason').textContent).toBe('Bet refused for the test'));
    await clock.advance(5_000);
    expect(diceBets(api)).toHaveLength(1);
  });

  it('should refuse to start with unreadable settings, and say why', async () => {
    const { api, game } = await openAuto();
    type(game.getByLabelText('Bet amount'), '0.0001');
    type(game.getByLabelText(/^Number of bets/), 'many');
    fireEvent.click(game.getByRole('button', { name: 'Start autobet' }));
    await waitFor(() => expect(game.getByTestId('autobet-reason').textContent).toBe('Number of bets must be a whole number from 0 to 100,000'));
    expect(diceBets(api)).toEqual([]);
  });

  it('should stop when the live connection drops', async () => {
    const { api, game, hub, clock } = await openAuto();
    type(game.getByLabelText('Bet amount'), '0.0001');
    fireEvent.click(game.getByRole('button', { name: 'Start autobet' }));
    await waitFor(() => expect(game.getByTestId('autobet-count').textContent).toBe('1'));
    hub.refuseStarts(4);
    await hub.drop();
    await waitFor(() => expect(game.getByTestId('autobet-reason').textContent).toBe('Live connection lost'));
    await clock.advance(5_000);
    expect(diceBets(api)).toHaveLength(1);
  });

  it('should disable Start autobet while the live connection is down, say why, and enable it once it is back', async () => {
    const { api, game, hub, clock } = await openAuto();
    type(game.getByLabelText('Bet amount'), '0.0001');
    hub.refuseStarts(1);
    await hub.drop();
    await waitFor(() => expect((game.getByRole('button', { name: 'Start autobet' }) as HTMLButtonElement).disabled).toBe(true));
    expect(game.getByTestId('autobet-reason').textContent).toBe('Live connection lost');
    // Space (the Start shortcut) does nothing either.
    fireEvent.keyDown(window, { key: ' ', code: 'Space' });
    await clock.advance(60_000);
    await waitFor(() => expect((game.getByRole('button', { name: 'Start autobet' }) as HTMLButtonElement).disabled).toBe(false));
    expect(game.queryByTestId('autobet-reason')).toBeNull();
    expect(diceBets(api)).toEqual([]);
  });

  it('should keep the settings when the player goes to Manual and back to Auto', async () => {
    const { game } = await openAuto();
    type(game.getByLabelText(/^Number of bets/), '12');
    fireEvent.click(within(game.getByRole('group', { name: 'On win' })).getByRole('button', { name: 'Increase by' }));
    type(game.getByLabelText('On win: increase by percent'), '50');
    type(game.getByLabelText('Stop on loss'), '0.001');
    fireEvent.click(game.getByRole('tab', { name: 'Manual' }));
    expect(game.queryByLabelText(/^Number of bets/)).toBeNull();
    fireEvent.click(game.getByRole('tab', { name: 'Auto' }));
    expect((game.getByLabelText(/^Number of bets/) as HTMLInputElement).value).toBe('12');
    expect(within(game.getByRole('group', { name: 'On win' })).getByRole('button', { name: 'Increase by' }).getAttribute('aria-pressed')).toBe('true');
    expect((game.getByLabelText('On win: increase by percent') as HTMLInputElement).value).toBe('50');
    expect((game.getByLabelText('Stop on loss') as HTMLInputElement).value).toBe('0.001');
  });
});
