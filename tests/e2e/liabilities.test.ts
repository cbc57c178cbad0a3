import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../support/players';

/** Issue 23, proof of liabilities: a snapshot taken by the operator's command, the public page, and "Verify my balance" in Chromium. */

interface Listed {
  snapshots: Array<{ id: number; currencies: Array<{ currency: string; rootHash: string; total: string; reserves: string; leaves: number }> }>;
}

/** `npm run proof:snapshot` against the e2e server's own data directory, as an operator runs it. */
function takeSnapshot(): number {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/proof-snapshot.ts'], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return Number(/#(\d+) taken/.exec(result.stdout)![1]);
}

/** The snapshot the page shows, as the public API lists it (an hourly one may land after the operator's). */
async function shownSnapshot(page: Page): Promise<Listed['snapshots'][number]> {
  const meta = page.getByTestId('snapshot');
  await meta.waitFor();
  const id = Number(/#(\d+)/.exec(await meta.innerText())![1]);
  const listed = (await (await fetch(`${baseUrl()}/api/casino/liabilities`)).json()) as Listed;
  return listed.snapshots.find((s) => s.id === id)!;
}

const card = (page: Page, currency: string) => page.getByRole('region', { name: `${currency} liabilities` });

/** Verify my balance on a currency's card, until its result shows. */
async function verify(page: Page, currency: string): Promise<string> {
  await card(page, currency).getByRole('button', { name: 'Verify my balance' }).click();
  const result = card(page, currency).getByRole('status');
  await result.waitFor();
  return (await result.innerText()).replace(/\s+/g, ' ');
}

describe.skipIf(!hasChromium())('proof of liabilities in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should show liabilities beside reserves from the footer link and verify the player balance with a match (desktop)', async () => {
    const { context, page } = await openPage(browser());
    const userName = uniqueName('lb');
    await page.goto('/');
    await signUpInBrowser(page, userName);
    const balance = await claimDemoFundsInBrowser(page, 'USDT');
    const id = takeSnapshot();

    await page.getByRole('link', { name: 'Proof of liabilities' }).click();
    await page.getByRole('heading', { name: 'Proof of liabilities', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/liabilities');
    const snapshot = await shownSnapshot(page);
    expect(snapshot.id).toBeGreaterThanOrEqual(id);
    const usdt = snapshot.currencies.find((c) => c.currency === 'USDT')!;
    const figures = card(page, 'USDT');
    expect(await figures.getByTestId('liabilities').innerText()).toBe((Number(usdt.total) / 1e8).toFixed(8));
    expect(await figures.getByTestId('reserves').innerText()).toBe((Number(usdt.reserves) / 1e8).toFixed(8));
    expect(await figures.innerText()).toContain(usdt.rootHash);
    expect(await figures.innerText()).toContain('Covered');

    const result = await verify(page, 'USDT');
    expect(result).toContain('Match: your balance is counted');
    expect(result).toContain(`Balance proved: ${balance.toFixed(8)} USDT`);
    expect(result).toContain(`Root reached ${usdt.rootHash}`);

    // The same proof, downloaded, verifies offline with the project's verifier.
    const download = page.waitForEvent('download');
    await card(page, 'USDT').getByRole('button', { name: 'Download proof' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`proof-USDT-${snapshot.id}.json`);
    const offline = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', '--liabilities', (await file.path())!], { encoding: 'utf8' });
    expect(offline.status, offline.stderr).toBe(0);
    expect(JSON.parse(offline.stdout)).toMatchObject({ currency: 'USDT', balance: String(Math.round(balance * 1e8)), computedRoot: usdt.rootHash, verified: true });

    // A currency the player never held has no leaf of theirs: the page says so in words.
    const eth = card(page, 'ETH');
    await eth.getByRole('button', { name: 'Verify my balance' }).click();
    await expect.poll(async () => (await eth.getByRole('alert').count()) > 0 && (await eth.getByRole('alert').innerText())).toContain('You had no ETH wallet at snapshot');
    await context.close();
  });

  it('should fit a 375 px phone: a visitor sees the figures and is asked to log in, then verifies once signed up', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    await page.goto('/liabilities');
    await card(page, 'USDT').waitFor();
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await card(page, 'USDT').getByRole('button', { name: 'Verify my balance' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const userName = uniqueName('lp');
    await signUpInBrowser(page, userName);
    const balance = await claimDemoFundsInBrowser(page, 'BTC');
    takeSnapshot();
    await page.reload();
    const result = await verify(page, 'BTC');
    expect(result).toContain('Match: your balance is counted');
    expect(result).toContain(`Balance proved: ${balance.toFixed(8)} BTC`);
    expect(await documentWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const button = await card(page, 'BTC').getByRole('button', { name: 'Verify my balance' }).boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});
