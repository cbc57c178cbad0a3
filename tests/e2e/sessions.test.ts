import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentWidth, hasChromium, openPage, PHONE, useBrowser } from '../support/browser';
import { PASSWORD, signUpInBrowser, uniqueName } from '../support/players';

async function logIn(page: Page, userName: string) {
  await page.getByRole('button', { name: 'LOG IN' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('User name or e-mail').fill(userName);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: `Account menu for ${userName}` }).waitFor();
}

const sessionsCard = (page: Page) => page.getByRole('region', { name: 'Sessions' });
const sessionRows = (page: Page) => sessionsCard(page).getByRole('listitem');
const storedSession = (page: Page) => page.evaluate(() => ['authToken', 'refreshToken', 'sessionId', 'user'].map((key) => localStorage.getItem(key)));

/** The player is signed out and sees it: LOG IN in the header, no account menu, nothing stored, no error. */
async function expectSignedOut(page: Page, userName: string) {
  await page.getByRole('button', { name: 'LOG IN' }).waitFor();
  expect(await page.getByRole('button', { name: `Account menu for ${userName}` }).count()).toBe(0);
  expect(await storedSession(page)).toEqual([null, null, null, null]);
  expect(await page.getByRole('alert').count(), 'no error is shown').toBe(0);
}

describe.skipIf(!hasChromium())('sessions on the account page, in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should let one device end another from the account page, at both widths, and sign the other one out at once', async () => {
    const userName = uniqueName('sess');
    // A: a desktop browser, signed up and on the home page.
    const a = await openPage(browser());
    await a.page.goto('/');
    await signUpInBrowser(a.page, userName);

    // B: a phone, signed in to the same account, on /account.
    const b = await openPage(browser(), PHONE);
    await b.page.goto('/');
    await logIn(b.page, userName);
    await b.page.goto('/account');
    await sessionsCard(b.page).getByRole('list', { name: 'Open sessions' }).waitFor();
    await expect.poll(() => sessionRows(b.page).count()).toBe(2);
    const here = sessionRows(b.page).filter({ hasText: 'This device' });
    expect(await here.count()).toBe(1);
    // Headless Chromium on Linux, from this machine.
    expect(await here.innerText()).toMatch(/Chrome on Linux[\s\S]*127\.0\.0\.1[\s\S]*Started just now[\s\S]*Last active just now/);
    const other = sessionRows(b.page).filter({ hasNotText: 'This device' });
    expect(await here.getByRole('button').count(), 'no End on this device').toBe(0);
    expect(await documentWidth(b.page), 'the card fits the phone').toBeLessThanOrEqual(PHONE.width);

    await other.getByRole('button', { name: /^End session: / }).click();
    await sessionsCard(b.page).getByRole('status').filter({ hasText: 'Session ended. That device is signed out.' }).waitFor();
    await expect.poll(() => sessionRows(b.page).count()).toBe(1);
    await sessionsCard(b.page).getByText('No other device is signed in.').waitFor();

    // A did nothing: its live connection tells it, and it shows the logged-out state.
    await expectSignedOut(a.page, userName);
    // Its old refresh token is dead too: a reload stays signed out.
    await a.page.reload();
    await expectSignedOut(a.page, userName);

    // A signs in again and, on the desktop account page, ends every other session: B, on a
    // login-only page, is signed out and taken home.
    await logIn(a.page, userName);
    await a.page.goto('/account');
    await expect.poll(() => sessionRows(a.page).count()).toBe(2);
    await sessionsCard(a.page).getByRole('button', { name: 'End the other session' }).click();
    await sessionsCard(a.page).getByRole('status').filter({ hasText: 'Every other session has been ended.' }).waitFor();
    await expect.poll(() => sessionRows(a.page).count()).toBe(1);
    await expectSignedOut(b.page, userName);
    await b.page.waitForURL((url) => url.pathname === '/');

    await a.context.close();
    await b.context.close();
  });

  it('should sign a device out on its next call when it has no live connection as its session ends', async () => {
    const userName = uniqueName('sesc');
    const a = await openPage(browser());
    // A's live connection never comes up (a proxy that drops WebSockets, say): only its calls can tell it.
    await a.context.route('**/api/socket/negotiate**', (route) => route.abort());
    await a.page.goto('/');
    await signUpInBrowser(a.page, userName);
    const b = await openPage(browser());
    await b.page.goto('/');
    await logIn(b.page, userName);
    await b.page.goto('/account');
    await expect.poll(() => sessionRows(b.page).count()).toBe(2);
    await sessionsCard(b.page).getByRole('button', { name: 'End the other session' }).click();
    await expect.poll(() => sessionRows(b.page).count()).toBe(1);
    // Still shown as signed in; its next call is refused, the refresh too, and A is signed out without an error.
    expect(await storedSession(a.page)).not.toContain(null);
    await a.page.getByRole('button', { name: `Account menu for ${userName}` }).click();
    await a.page.getByRole('button', { name: 'Account', exact: true }).click();
    await expectSignedOut(a.page, userName);

    await a.context.close();
    await b.context.close();
  });
});
