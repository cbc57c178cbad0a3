import fs from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, useBrowser, openPage, PHONE } from '../support/browser';
import { signUpInBrowser } from '../support/players';

/** The newest mail to `to` that the server wrote as an .eml file (no SMTP in tests), and its link. */
async function mailedLink(to: string, kind: 'confirm-email' | 'reset-password', after: number): Promise<string> {
  const dir = path.join(inject('dataDir'), 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
    for (const file of files.reverse()) {
      const full = path.join(dir, file);
      if (fs.statSync(full).mtimeMs < after) continue;
      const text = fs.readFileSync(full, 'utf8');
      if (!text.includes(`To: ${to}`)) continue;
      const link = new RegExp(`https?://\\S+/${kind}\\?\\S+`).exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

const totp = (secret: string, offsetSeconds = 0) =>
  generate({ secret, period: 30, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

async function logIn(page: Page, userName: string, password: string) {
  await page.getByRole('button', { name: 'LOG IN' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('User name or e-mail').fill(userName);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page, userName: string) {
  await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByRole('button', { name: 'LOG IN' }).waitFor();
}

describe.skipIf(!hasChromium())('accounts in Chromium against the real server', () => {
  const browser = useBrowser();

  it('should sign up, confirm the e-mail, log out and in, change the password, use two-factor and reset a forgotten password', async () => {
    const { context, page } = await openPage(browser());
    const userName = `e2e_${Date.now().toString(36)}`;
    const email = `${userName}@example.com`;
    let password = 'Velvet-Harbor-2931';
    const started = Date.now() - 1000;

    // Sign up: signed in at once, the modal closes, the account menu shows.
    await page.goto('/');
    await page.getByRole('button', { name: 'SIGN UP' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('User name').fill(userName);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('button', { name: `Account menu for ${userName}` }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => ({
      keys: ['authToken', 'refreshToken', 'sessionId', 'user'].map((k) => localStorage.getItem(k) !== null),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { userName: string; tfaEnabled: boolean },
    }));
    expect(stored.keys).toEqual([true, true, true, true]);
    expect(stored.user).toMatchObject({ userName, tfaEnabled: false });

    // The confirmation link from the mail.
    const confirmLink = await mailedLink(email, 'confirm-email', started);
    await page.goto(new URL(confirmLink).pathname + new URL(confirmLink).search);
    await page.getByRole('heading', { name: 'Email Address Confirmed' }).waitFor();

    // A reload keeps the session (restore at start), and /account stays open.
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();

    // Log out from /account: back to /, storage cleared; /account now sends a visitor home.
    await logOut(page, userName);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/account');
    await page.getByRole('link', { name: 'Play Dice' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // Log in again, and change the password on the security page.
    await logIn(page, userName, password);
    await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Old password').fill(password);
    password = 'Copper-Lantern-8842';
    await change.getByLabel('New password', { exact: true }).fill(password);
    await change.getByLabel('Confirm new password').fill(password);
    await change.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password Changed Successfully').waitFor();

    // Two-factor: enable with a code computed from the key on the page.
    const key = (await page.getByTestId('mfa-key').textContent())!.trim();
    expect(await page.getByRole('img', { name: 'QR code of your two-factor key' }).getAttribute('width')).toBe('240');
    const enable = page.getByRole('form', { name: 'Enable two-factor' });
    await enable.getByLabel('Two-factor code').fill(await totp(key));
    await enable.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('2 Factor settings changed').waitFor();
    await page.getByRole('form', { name: 'Disable two-factor' }).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').tfaEnabled)).toBe(true);

    // Log in again: the server asks for the code. Each code works once, so use the next step's (one step of drift is allowed).
    await logOut(page, userName);
    await page.waitForURL((url) => url.pathname === '/');
    await logIn(page, userName, password);
    const codeStep = page.getByRole('form', { name: 'Two-factor step' });
    await codeStep.getByLabel('Two-factor code').fill('000000');
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await codeStep.getByRole('alert').waitFor();
    await codeStep.getByLabel('Two-factor code').fill(await totp(key, 30));
    await codeStep.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: `Account menu for ${userName}` }).waitFor();
    await logOut(page, userName);

    // Forgot password: the mailed link resets it.
    const resetRequested = Date.now() - 1000;
    await page.getByRole('button', { name: 'LOG IN' }).click();
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await dialog.getByText('a link to reset its password is on its way', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    const resetLink = new URL(await mailedLink(email, 'reset-password', resetRequested));
    await page.goto(resetLink.pathname + resetLink.search);
    const reset = page.getByRole('form', { name: 'Reset password' });
    password = 'Meadow-Compass-5106';
    await reset.getByLabel('New password', { exact: true }).fill(password);
    await reset.getByLabel('Confirm new password').fill(password);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password Reset!' }).waitFor();
    await page.getByText('You have successfully reset your password.').waitFor();

    // The new password is accepted (two-factor is still on, so the server asks for the code next).
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await logInFromOpenModal(page, userName, password);
    await page.getByRole('form', { name: 'Two-factor step' }).waitFor();
    await context.close();
  });

  it('should show the account menu and the security page at 375 px', async () => {
    const { context, page } = await openPage(browser(), PHONE);
    const userName = `e2p_${Date.now().toString(36)}`;
    await page.goto('/');
    await signUpInBrowser(page, userName);
    await page.getByRole('button', { name: `Account menu for ${userName}` }).click();
    const menu = page.locator('#account-menu');
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});

async function logInFromOpenModal(page: Page, userName: string, password: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('User name or e-mail').fill(userName);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}
