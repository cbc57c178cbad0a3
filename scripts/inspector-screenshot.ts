/**
 * The picture of the designers' inspector in docs/statecharts/README.md: a fresh player bets on
 * /dice with the inspector open beside the game.
 * Usage: npx tsx scripts/inspector-screenshot.ts [baseUrl]   (a server started with INSPECTOR=1)
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../tests/support/chromium';
import { claimDemoFundsInBrowser, signUpInBrowser, uniqueName } from '../tests/support/players';

const base = process.argv[2] ?? 'http://localhost:8080';
const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('no Chromium found; apt-get install -y chromium');
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
await page.goto(new URL('/dice?inspector', base).toString());
const panel = page.getByRole('complementary', { name: 'Statechart inspector' });
await panel.getByRole('button', { name: 'Close inspector' }).click();
await signUpInBrowser(page, uniqueName('designer'));
await claimDemoFundsInBrowser(page);
const game = page.getByRole('region', { name: 'Dice' });
await game.getByLabel('Bet amount').fill('0.0001');
await game.getByRole('button', { name: 'Bet', exact: true }).click();
await game.getByTestId('dice-roll').waitFor();
await page.waitForTimeout(500);
await page.getByRole('button', { name: 'Statecharts', exact: true }).click();
await panel.getByRole('figure', { name: 'Chart dice.round' }).locator('g[data-active="true"]').first().waitFor();
// The bet region's chart and the events, in view.
await panel.getByRole('figure', { name: 'Chart dice.round' }).evaluate((figure) => figure.scrollIntoView({ block: 'start' }));
const file = path.resolve('docs/statecharts/inspector.png');
await page.screenshot({ path: file });
console.log(file);
await browser.close();
