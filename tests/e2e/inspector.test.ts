import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatRoll } from '../../src/core/games/dice';
import { baseUrl, hasChromium, openPage, recordRequests, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

interface BetAnswer {
  balance: number;
  bet: { id: number | string; roll: number; wager: number; payout: number };
}

const inspector = (page: Page) => page.getByRole('complementary', { name: 'Statechart inspector' });

/** The states the inspector highlights in the dice machine's round region (a result state and its parent roundOver). */
async function highlightedBetStates(panel: Locator): Promise<Array<string | null>> {
  const active = panel.getByRole('figure', { name: 'Chart dice.round' }).locator('g[data-active="true"]');
  await active.first().waitFor();
  return Promise.all((await active.all()).map((g) => g.getAttribute('data-state')));
}

async function openInspector(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Statecharts', exact: true }).click();
  const panel = inspector(page);
  await panel.waitFor();
  return panel;
}

describe.skipIf(!hasChromium())('the designers’ statechart inspector (server started with INSPECTOR=1)', () => {
  const browser = useBrowser();

  it('should show a live dice bet move the dice machine through its states, with the events, a replay and the JSON export', async () => {
    const { context, page } = await openPage(browser());
    // Offline: every file the inspector needs (Mermaid included) comes from the casino's own server.
    const elsewhere = recordRequests(page, (url) =>
      /^(https?|wss?):$/.test(url.protocol) && url.host !== new URL(baseUrl()).host ? url.href : undefined,
    );
    await page.goto('/dice?inspector');
    const firstLook = inspector(page);
    await firstLook.waitFor();
    await firstLook.getByRole('button', { name: 'Close inspector' }).click();

    await signUpInBrowser(page, uniqueName('insp'));
    await claimDemoFundsInBrowser(page);

    let panel = await openInspector(page);
    expect(await panel.getByRole('combobox', { name: 'Machine' }).inputValue()).toBe('dice');
    await panel.getByRole('status', { name: 'Current state' }).filter({ hasText: /^Live dice actor: .*round\.idle/ }).waitFor();
    expect(await highlightedBetStates(panel)).toEqual(['round.idle']);
    await panel.getByRole('button', { name: 'Close inspector' }).click();

    const game = page.getByRole('region', { name: 'Dice' });
    await game.getByLabel('Bet amount').fill('0.0001');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await game.getByRole('button', { name: 'Bet', exact: true }).click();
    const body = (await (await answer).json()) as BetAnswer;
    await game.getByTestId('dice-roll').filter({ hasText: formatRoll(body.bet.roll) }).waitFor();
    const outcome = body.bet.payout >= body.bet.wager ? 'round.roundOver.won' : 'round.roundOver.lost';

    panel = await openInspector(page);
    await panel.getByRole('status', { name: 'Current state' }).filter({ hasText: outcome }).waitFor();
    expect(await highlightedBetStates(panel)).toContain(outcome);
    const events = panel.getByRole('list', { name: 'Events of dice' });
    const betEvent = events.getByRole('listitem').filter({ hasText: /^user\.bet→ .*round\.placing/ });
    await betEvent.waitFor();
    const answered = events.getByRole('listitem').filter({ hasText: 'xstate.done.actor.placeBet' });
    expect(await answered.textContent()).toContain(`"roll":${body.bet.roll}`);
    expect(await answered.textContent()).toContain(outcome);

    // Replay: a fresh dice actor steps through the same events and ends where the live one did.
    await panel.getByRole('button', { name: 'Replay recorded events' }).click();
    const replay = panel.getByRole('region', { name: 'Replay' });
    const total = Number(/of (\d+)/.exec((await replay.getByRole('status', { name: 'Replay step' }).textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(2);
    expect(await highlightedBetStates(panel)).toEqual(['round.idle']);
    for (let step = 1; step <= total; step += 1) {
      await replay.getByRole('button', { name: 'Next event' }).click();
      await replay.getByRole('status', { name: 'Replay step' }).filter({ hasText: `Step ${step} of ${total}` }).waitFor();
    }
    expect(await replay.getByRole('button', { name: 'Next event' }).isDisabled()).toBe(true);
    expect(await replay.getByRole('listitem').last().textContent()).toContain(outcome);
    expect(await highlightedBetStates(panel)).toContain(outcome);

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download JSON' }).click();
    const file = await (await download).path();
    const definition = JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; states: Record<string, unknown> };
    expect(definition.id).toBe('dice');
    expect(Object.keys(definition.states)).toEqual(['form', 'player', 'mode', 'limits', 'round']);

    // The actors of modals are live too: with the Cashier open, its machine is listed as running.
    await panel.getByRole('button', { name: 'Close inspector' }).click();
    const headerWallet = page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true });
    if ((await headerWallet.count()) === 0) await page.getByRole('button', { name: /^Balance: / }).click();
    await page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true }).first().click();
    await page.getByRole('dialog', { name: 'Wallet' }).waitFor();
    await page.keyboard.press('Alt+Shift+KeyI');
    panel = inspector(page);
    await panel.waitFor();
    expect(await panel.getByRole('combobox', { name: 'Machine' }).locator('option', { hasText: 'cashier (running)' }).count()).toBe(1);

    expect(elsewhere).toEqual([]);
    await context.close();
  });

  it('should load none of the inspector on a player’s page', async () => {
    const { context, page } = await openPage(browser());
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/dice');
    await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Bet', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p === '/api/inspector' || /\/assets\/(inspector|mermaid)/i.test(p))).toEqual([]);
    expect(await page.getByRole('button', { name: 'Statecharts', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('should keep the inspector and Mermaid out of the files every page loads', () => {
    const index = fs.readFileSync(path.resolve('dist/index.html'), 'utf8');
    const loaded = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(loaded.length).toBeGreaterThan(0);
    for (const file of loaded) {
      const text = fs.readFileSync(path.resolve('dist', file), 'utf8');
      expect(text, file).not.toContain('Statechart inspector');
      expect(text, file).not.toContain('statediagram');
    }
    const chunks = fs.readdirSync(path.resolve('dist/assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.filter((f) => fs.readFileSync(path.resolve('dist/assets', f), 'utf8').includes('Statechart inspector'))).toHaveLength(1);
  });
});
