import type { Page } from 'playwright-core';

/** Browser steps every e2e test starts with: a fresh player, signed up and given play money. */

export const PASSWORD = 'Velvet-Harbor-2931';

export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`.slice(0, 20);

/** SIGN UP → the form → signed in, with the Auth modal closed. The page must already be loaded. */
export async function signUpInBrowser(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: 'SIGN UP' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('User name').fill(userName);
  await dialog.getByLabel('E-mail').fill(`${userName}@example.com`);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await page.getByRole('button', { name: `Account menu for ${userName}` }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Wallet → (currency) → Get demo funds in the Cashier, then closes it; answers the new balance the
 * server reported. On a phone the Wallet button sits in the balance menu.
 */
export async function claimDemoFundsInBrowser(page: Page, currency = 'BTC'): Promise<number> {
  const headerWallet = page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true });
  if ((await headerWallet.count()) === 0) await page.getByRole('button', { name: /^Balance: / }).click();
  await page.getByRole('button', { name: 'Wallet', exact: true }).filter({ visible: true }).first().click();
  const cashier = page.getByRole('dialog', { name: 'Wallet' });
  await cashier.getByLabel('Currency').selectOption(currency);
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/wallet/claim-demo-funds'));
  await cashier.getByRole('button', { name: 'Get demo funds' }).click();
  const { balance } = (await (await answer).json()) as { balance: number };
  await cashier.getByText(/^Added .* to your balance\.$/).waitFor();
  await page.keyboard.press('Escape');
  await cashier.waitFor({ state: 'detached' });
  return balance;
}
