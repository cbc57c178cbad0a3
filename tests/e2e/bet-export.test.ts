import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/**
 * Issue 23 "Every bet, downloadable and verifiable offline in bulk", in Chromium against the real
 * server at 1366 px and 375 px: play, rotate the seed, download every bet, hand the file to the
 * /fairness page, read the summary.
 */

async function betDice(page: Page, times: number): Promise<void> {
  const game = page.getByRole('region', { name: 'Dice' });
  await game.getByLabel('Bet amount').fill('0.0001');
  for (let i = 0; i < times; i += 1) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/dice/bet'));
    await game.getByRole('button', { name: 'Bet', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await game.getByRole('button', { name: 'Bet', exact: true }).and(page.locator(':enabled')).waitFor();
  }
}

async function rotateSeed(page: Page, nonce: number): Promise<void> {
  await page.getByRole('region', { name: 'Dice' }).getByRole('button', { name: 'Fairness' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fairness' });
  await dialog.getByRole('status', { name: 'Nonce' }).filter({ hasText: new RegExp(`^${nonce}$`) }).waitFor();
  await dialog.getByRole('button', { name: 'Rotate seed' }).click();
  await dialog.getByRole('status', { name: 'Nonce' }).filter({ hasText: /^0$/ }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function downloadBets(page: Page, userName: string, button: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Transactions', exact: true }).click();
  const bets = page.getByLabel('Your bets');
  const download = page.waitForEvent('download');
  await bets.getByRole('button', { name: button }).click();
  const file = await download;
  await page.screenshot({ path: `test-results/bet-export-transactions-${page.viewportSize()!.width}.png` }).catch(() => undefined);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, 'utf8') };
}

/** Drops a file on the zone as a person dragging it from their desktop would. */
async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const zone = page.getByTestId('bulk-drop-zone');
  const transfer = await page.evaluateHandle(
    ({ name, text }) => {
      const data = new DataTransfer();
      data.items.add(new File([text], name, { type: 'application/x-ndjson' }));
      return data;
    },
    { name, text },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await page.getByText('Drop to verify').waitFor();
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

const summaryItems = (page: Page) =>
  page.getByLabel('Verification summary').getByRole('listitem').evaluateAll((items) => items.map((item) => [item.getAttribute('data-ok'), item.textContent]));

describe.skipIf(!hasChromium())('bet export and bulk verification in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should download every bet as JSON lines and verify the file dropped on /fairness, and name a tampered line (desktop)', async () => {
    const { context, page } = await openPage(browser(), DESKTOP);
    await page.goto('/dice');
    const userName = uniqueName('export');
    await signUpInBrowser(page, userName);
    await claimDemoFundsInBrowser(page, 'BTC');
    await betDice(page, 2);
    await rotateSeed(page, 2);
    await betDice(page, 1);

    const { name, text } = await downloadBets(page, userName, 'Bets (JSON lines)');
    expect(name).toMatch(/^bets-\d{4}-\d{2}-\d{2}\.jsonl$/);
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line) as { id: number; playerName: string; serverSeed: string | null });
    expect(lines).toHaveLength(3);
    expect(lines.map((bet) => bet.serverSeed === null)).toEqual([false, false, true]);
    expect(lines.every((bet) => bet.playerName === userName)).toBe(true);

    await page.getByRole('link', { name: 'Fairness' }).click();
    await page.waitForURL('**/fairness');
    await dropFile(page, name, text);
    await page.getByLabel('Verification summary').waitFor();
    expect(await summaryItems(page)).toEqual([
      ['true', '✓2 bets checked: 2 matched, 0 did not.'],
      ['pending', '1 bet awaits a seed reveal.'],
    ]);
    await page.screenshot({ path: 'test-results/bet-export-desktop.png', fullPage: true }).catch(() => undefined);

    // One line edited by hand: the bet now claims a payout its seeds never gave.
    const tampered = text.replace(/"payout":[0-9.e-]+,/, '"payout":1,');
    await page.getByRole('button', { name: 'Verify another file' }).click();
    await dropFile(page, 'tampered.jsonl', tampered);
    await page.getByLabel('Verification summary').waitFor();
    const items = await summaryItems(page);
    expect(items[0]).toEqual(['false', '✗2 bets checked: 1 matched, 1 did not.']);
    expect(items[1]![1]).toMatch(new RegExp(`^Bet ${lines[0]!.id} \\(line 1\\): payout 1 recorded, the rules pay `));
    await page.screenshot({ path: 'test-results/bet-export-mismatch-desktop.png', fullPage: true }).catch(() => undefined);
    await context.close();
  });

  it('should download the bets as CSV and verify them through the file button on a 375 px phone', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/dice');
    const userName = uniqueName('exphone');
    await signUpInBrowser(page, userName);
    await claimDemoFundsInBrowser(page, 'BTC');
    await betDice(page, 1);
    await rotateSeed(page, 1);

    const { name, text } = await downloadBets(page, userName, 'Bets (CSV)');
    expect(name).toMatch(/^bets-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split('\r\n')[0]).toBe('id,gameName,playerName,wager,currency,multiplier,payout,createdAt,seedHash,clientSeed,nonce,serverSeed,outcome');
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/fairness');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByLabel('Verification summary').waitFor();
    expect(await summaryItems(page)).toEqual([
      ['true', '✓1 bet checked: 1 matched, 0 did not.'],
      ['pending', '0 bets await a seed reveal.'],
    ]);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/bet-export-phone.png', fullPage: true }).catch(() => undefined);

    // A file that is not the bets download: the reason, naming the line.
    await page.getByRole('button', { name: 'Verify another file' }).click();
    const again = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose file' }).click();
    await (await again).setFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('id,game\n1,Dice\n') });
    expect(await page.getByRole('alert').textContent()).toBe(`Cannot read notes.csv: line 1: the header must be ${text.split('\r\n')[0]}.`);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/bet-export-error-phone.png', fullPage: true }).catch(() => undefined);
    await context.close();
  });
});
