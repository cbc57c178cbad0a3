import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageReads, signedInStorage } from '../support/appReads';
import { ada, liveToken } from '../support/authFixtures';
import { fakeApi } from '../support/fakeApi';
import type { Reply, Route } from '../support/fakeApi';
import { renderApp as renderWithFakes } from './renderApp';


const BACKGROUND_READS = pageReads(95_000, 0);


const ok = (body: unknown = { success: true, message: 'ok' }): Reply => ({ status: 200, body });

function renderApp(path: string, options: { routes?: Record<string, Route>; storage?: Storage } = {}) {
  const api = fakeApi(options.routes ?? {}, BACKGROUND_READS);
  const { storage, history } = renderWithFakes(path, { fetch: api.fetch, ...(options.storage ? { storage: options.storage } : {}) });
  return { api, storage, history };
}

const submit = (button: HTMLElement) => act(async () => void fireEvent.click(button));
/** Types into a form's fields, found by their labels as a player reads them, in the order given. */
const fillIn = (scope: HTMLElement, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
};

describe('Auth modal', () => {
  it('should mark empty login fields with * and call nothing', async () => {
    const { api } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    const dialog = await screen.findByRole('dialog');
    await submit(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(within(dialog).getByTestId('userName-required').textContent).toContain('*');
    expect(within(dialog).getByTestId('password-required').textContent).toContain('*');
    expect(api.calls).toEqual([]);
  });

  it("should show the server's message, then log in, store the session, close the modal and show the account menu", async () => {
    let attempts = 0;
    const { storage, api } = renderApp('/', {
      routes: {
        '/auth/login': (body) =>
          (attempts += 1) === 1
            ? { status: 401, body: { error: 'invalid_credentials', message: 'Wrong user name or password.' } }
            : ok({ user: ada, jwt: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', echo: body }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 'User name or e-mail': 'ada', Password: 'wrong pass' });
    await submit(within(dialog).getByRole('button', { name: 'Log in' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Wrong user name or password.');

    await submit(within(dialog).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Account menu for ada' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LOG IN' })).toBeNull();
    expect(storage.getItem('authToken')).toBe(liveToken);
    expect(storage.getItem('refreshToken')).toBe('refresh-1');
    expect(storage.getItem('sessionId')).toBe('session-1');
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(ada);
    // The log-in itself carries no token; what the signed-in app asks next (its settings) carries the new one.
    const logins = api.calls.filter((c) => c.path === '/auth/login');
    expect(logins).toHaveLength(2);
    expect(logins.every((c) => c.auth === null)).toBe(true);
    expect(api.calls.filter((c) => c.path !== '/auth/login').every((c) => c.auth === `Bearer ${liveToken}`)).toBe(true);
  });

  it('should ask for the two-factor code when the server says mfa_required and show mfa_invalid', async () => {
    renderApp('/', {
      routes: {
        '/auth/login': (body) =>
          !body.mfaCode
            ? { status: 401, body: { error: 'mfa_required', message: 'Enter your two-factor code.' } }
            : { status: 401, body: { error: 'mfa_invalid', message: 'That code is not valid.' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 'User name or e-mail': 'ada', Password: 'right pass' });
    await submit(within(dialog).getByRole('button', { name: 'Log in' }));
    const code = await within(dialog).findByLabelText('Two-factor code');
    fireEvent.change(code, { target: { value: '123' } });
    await submit(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByText('Token must be 6 characters')).toBeTruthy();
    fireEvent.change(code, { target: { value: '123456' } });
    await submit(within(dialog).getByRole('button', { name: 'Verify' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That code is not valid.');
  });

  it('should validate sign-up fields and show a taken name from the server', async () => {
    renderApp('/', {
      routes: { '/auth/register': () => ({ status: 409, body: { error: 'conflict', message: 'That user name is taken.' } }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'SIGN UP' }));
    const dialog = await screen.findByRole('dialog');
    fillIn(dialog, { 'User name': 'a', 'E-mail': 'not-an-address', Password: 'short' });
    await submit(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect(within(dialog).getByText('User name must be 3 to 20 letters, digits or underscores.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(within(dialog).getByText('Password must be 8 or more characters.')).toBeTruthy();
    fillIn(dialog, { 'User name': 'ada', 'E-mail': 'ada@example.com', Password: 'long enough' });
    await submit(within(dialog).getByRole('button', { name: 'Sign up' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That user name is taken.');
  });

  it('should request a reset link from the forgot-password step', async () => {
    const { api } = renderApp('/', { routes: { '/auth/forgot-password': () => ok() } });
    fireEvent.click(await screen.findByRole('button', { name: 'LOG IN' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(within(dialog).getByLabelText('E-mail'), { target: { value: 'ada@example.com' } });
    await submit(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect((await within(dialog).findByRole('status')).textContent).toContain('a link to reset its password is on its way');
    expect(api.calls).toEqual([{ path: '/auth/forgot-password', body: { email: 'ada@example.com' }, auth: null }]);
  });
});

describe('account dropdown', () => {
  it('should show the avatar initial and name, with Wallet, Account, Transactions, Responsible gambling, Settings and Live statistics under Your account and Log Out under More options', async () => {
    renderApp('/', { storage: signedInStorage() });
    const trigger = await screen.findByRole('button', { name: 'Account menu for ada' });
    expect(trigger.textContent).toContain('A');
    expect(trigger.textContent).toContain('ada');
    const menu = document.getElementById('account-menu')!;
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(
      [...menu.querySelectorAll('p, button')].map((el) => el.textContent),
    ).toEqual(['Your account', 'Wallet', 'Account', 'Transactions', 'Responsible gambling', 'Settings', 'Live statistics', 'More options', 'Log Out']);
  });

  it('should open the Cashier modal from Wallet and go to /account from Account', async () => {
    const { history } = renderApp('/', { storage: signedInStorage() });
    await screen.findByRole('button', { name: 'Account menu for ada' });
    const menu = within(document.getElementById('account-menu')!);
    // jsdom has no popover support and keeps the closed menu display:none; Chromium opens it in e2e.
    fireEvent.click(menu.getByRole('button', { name: 'Wallet', hidden: true }));
    expect(within(await screen.findByRole('dialog')).getByRole('heading', { name: 'Wallet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close Wallet' }));
    await act(async () => void fireEvent.click(menu.getByRole('button', { name: 'Account', hidden: true })));
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    expect(history.location.pathname).toBe('/account');
  });

  it('should end the session, clear storage and send the player from /account to / on Log Out', async () => {
    const storage = signedInStorage();
    storage.setItem('selectedCurrency', 'ETH');
    const { api, history } = renderApp('/account', { storage, routes: { '/auth/end-session': () => ok() } });
    expect(await screen.findByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
    await act(async () => void fireEvent.click(within(document.getElementById('account-menu')!).getByRole('button', { name: 'Log Out', hidden: true })));
    await screen.findByRole('button', { name: 'LOG IN' });
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(api.calls.find((c) => c.path === '/auth/end-session')).toEqual({
      path: '/auth/end-session',
      body: { sessionId: 'session-1' },
      auth: `Bearer ${liveToken}`,
    });
    expect(['authToken', 'refreshToken', 'sessionId', 'user'].map((k) => storage.getItem(k))).toEqual([null, null, null, null]);
    // docs/product.md §4: logout resets the wallets to the defaults with BTC selected, and the wallet remembers that.
    expect(storage.getItem('selectedCurrency')).toBe('BTC');
  });
});

describe('security page', () => {
  const mfaKey = { mfaKey: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/ACC%20Casino:ada?secret=JBSWY3DPEHPK3PXP&issuer=ACC%20Casino' };

  it('should show the change-password rules of docs/product.md', async () => {
    renderApp('/account', { storage: signedInStorage(), routes: { '/auth/get-mfa-key': () => ok(mfaKey) } });
    const form = await screen.findByRole('form', { name: 'Change password' });
    await submit(within(form).getByRole('button', { name: 'Change password' }));
    for (const name of ['oldPassword', 'newPassword', 'confirmPassword']) {
      expect(within(form).getByTestId(`${name}-required`).textContent).toContain('*');
    }
    expect(within(form).queryByLabelText('Two-factor code')).toBeNull();
    fillIn(form, { 'Old password': 'old password', 'New password': 'short', 'Confirm new password': 'something else' });
    await submit(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Password must be 8 or more characters.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'new password' } });
    await submit(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords do not match.')).toBeTruthy();
  });

  it("should say 'Password Changed Successfully', and the failure message of §8", async () => {
    let n = 0;
    renderApp('/account', {
      storage: signedInStorage({ ...ada, tfaEnabled: true }),
      routes: {
        '/auth/change-password': () => ((n += 1) === 1 ? ok() : { status: 403, body: { error: 'wrong_password', message: 'x' } }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Change password' });
    const fill = () => {
      fillIn(form, { 'Old password': 'old password', 'New password': 'new password', 'Confirm new password': 'new password' });
    };
    fill();
    await submit(within(form).getByRole('button', { name: 'Change password' }));
    // Two-factor is on: the code is required too.
    expect(within(form).getByTestId('mfaCode-required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Two-factor code'), { target: { value: '123456' } });
    await submit(within(form).getByRole('button', { name: 'Change password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password Changed Successfully');
    const fresh = screen.getByRole('form', { name: 'Change password' });
    fillIn(fresh, { 'Old password': 'old password', 'New password': 'new password', 'Confirm new password': 'new password', 'Two-factor code': '123456' });
    await submit(within(fresh).getByRole('button', { name: 'Change password' }));
    expect((await within(fresh).findByRole('alert')).textContent).toBe('Error changing password. Please try again later');
  });

  it('should show the QR code (240, level H) and key when off, enable with a code and rewrite the stored user', async () => {
    const storage = signedInStorage();
    renderApp('/account', {
      storage,
      routes: {
        '/auth/get-mfa-key': () => ok(mfaKey),
        '/auth/enable-mfa': (body) =>
          body.mfaCode === '123456'
            ? ok({ success: true, message: '2 Factor settings changed', user: { ...ada, tfaEnabled: true } })
            : { status: 400, body: { error: 'mfa_invalid', message: 'x' } },
      },
    });
    const qr = await screen.findByRole('img', { name: 'QR code of your two-factor key' });
    expect([qr.getAttribute('width'), qr.getAttribute('height'), qr.getAttribute('data-error-correction')]).toEqual(['240', '240', 'H']);
    expect(screen.getByTestId('mfa-key').textContent).toBe(mfaKey.mfaKey);
    const form = screen.getByRole('form', { name: 'Enable two-factor' });
    await submit(within(form).getByRole('button', { name: 'Enable' }));
    expect(within(form).getByTestId('code-required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Two-factor code'), { target: { value: '12345' } });
    await submit(within(form).getByRole('button', { name: 'Enable' }));
    expect(within(form).getByText('Token must be 6 characters')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Two-factor code'), { target: { value: '000000' } });
    await submit(within(form).getByRole('button', { name: 'Enable' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('An error occurred, please try again later.');
    fireEvent.change(within(form).getByLabelText('Two-factor code'), { target: { value: '123456' } });
    await submit(within(form).getByRole('button', { name: 'Enable' }));
    const disable = await screen.findByRole('form', { name: 'Disable two-factor' });
    expect(within(disable).getByRole('status').textContent).toBe('2 Factor settings changed');
    expect(screen.queryByRole('img', { name: 'QR code of your two-factor key' })).toBeNull();
    expect(JSON.parse(storage.getItem('user') ?? '{}').tfaEnabled).toBe(true);
    // The change-password form now asks for the code as well.
    expect(within(screen.getByRole('form', { name: 'Change password' })).getByLabelText('Two-factor code')).toBeTruthy();
  });
});

describe('confirm e-mail and reset password pages', () => {
  it("should say 'Email Address Confirmed' for a good link", async () => {
    const { api } = renderApp('/confirm-email?userId=7&token=abc', { routes: { '/auth/confirm-email': () => ok() } });
    expect(await screen.findByRole('heading', { name: 'Email Address Confirmed' })).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ userId: 7, token: 'abc' });
  });

  it('should say it could not confirm when the server refuses the link', async () => {
    renderApp('/confirm-email?userId=7&token=abc', { routes: { '/auth/confirm-email': () => ({ status: 400, body: { error: 'invalid_token', message: 'x' } }) } });
    expect(await screen.findByRole('heading', { name: 'Error Confirming Email Address' })).toBeTruthy();
    expect(screen.getByText('Please contact support for assistance.')).toBeTruthy();
  });

  // Issue 14: a link cut short is not a refusal; nothing is sent.
  it.each(['/confirm-email?token=abc', '/confirm-email'])('should say the link %s is incomplete and send nothing', async (path) => {
    const { api } = renderApp(path, { routes: { '/auth/confirm-email': () => ({ status: 400, body: { error: 'invalid_token', message: 'x' } }) } });
    expect(await screen.findByRole('heading', { name: 'This confirmation link is incomplete' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/auth/confirm-email')).toEqual([]);
  });

  it("should reset the password without the old one and say 'Password Reset!'", async () => {
    const { api } = renderApp('/reset-password?email=ada%40example.com&token=tok', { routes: { '/auth/reset-password': () => ok() } });
    const form = await screen.findByRole('form', { name: 'Reset password' });
    expect(within(form).queryByLabelText('Old password')).toBeNull();
    await submit(within(form).getByRole('button', { name: 'Reset password' }));
    expect(within(form).getByTestId('newPassword-required')).toBeTruthy();
    fillIn(form, { 'New password': 'new password', 'Confirm new password': 'new password' });
    await submit(within(form).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Password Reset!' })).toBeTruthy();
    expect(screen.getByText('You have successfully reset your password.')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com', token: 'tok', password: 'new password' });
  });
});
