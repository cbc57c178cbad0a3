import { createHash } from 'node:crypto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildLevels, pathOf, rootOf } from '../../src/core/proof/merkleSum';
import { signedInStorage } from '../support/appReads';
import { fakeApi } from '../support/fakeApi';
import type { Route } from '../support/fakeApi';
import { renderApp } from './renderApp';

/** The /liabilities page (issue 23) as a visitor and a player see it, with the real Merkle sum check in the browser. */

const BACKGROUND: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'USDT', exchangeRate: 1 }],
  '/wallet/get-wallets': [{ currencySymbol: 'USDT', balance: 100 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/wallet/get-cashier-info': { demoFunds: true, demoClaimUsd: 100, demoCurrencies: ['USDT'], demoClaimIntervalSeconds: 3600 },
};

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
// Ada holds 100 USDT; two other players 50 and 0.
const leaves = [
  { nonce: '1'.repeat(32), balance: 10_000_000_000n },
  { nonce: '2'.repeat(32), balance: 5_000_000_000n },
  { nonce: '3'.repeat(32), balance: 0n },
];
const levels = buildLevels(leaves, sha);
const root = rootOf(levels);
const SNAPSHOT = {
  id: 7,
  takenAt: '2026-11-27T02:00:00.000Z',
  currencies: [
    { currency: 'BTC', rootHash: sha('empty'), total: '0', leaves: 0, reserves: '1052631578' },
    { currency: 'USDT', rootHash: root.hash, total: String(root.sum), leaves: 3, reserves: '100015000000000' },
  ],
};
const PROOF = {
  snapshotId: 7,
  currency: 'USDT',
  rootHash: root.hash,
  total: String(root.sum),
  leaf: { nonce: leaves[0]!.nonce, balance: '10000000000' },
  path: pathOf(levels, 0, sha).map((s) => ({ side: s.side, hash: s.hash, sum: String(s.sum) })),
};

const list: Route = () => ({ status: 200, body: { snapshots: [SNAPSHOT] } });
const usdtCard = async () => within(await screen.findByRole('region', { name: 'USDT liabilities' }));

describe('the liabilities page', () => {
  it('shows liabilities beside reserves with the root, and a match for the player balance recomputed in the browser', async () => {
    const asked: string[] = [];
    const api = fakeApi(
      {
        '/casino/liabilities': list,
        '/casino/liabilities/proof': (_body, query) => {
          asked.push(query.toString());
          return { status: 200, body: PROOF };
        },
      },
      BACKGROUND,
    );
    renderApp('/liabilities', { fetch: api.fetch, storage: signedInStorage() });
    const card = await usdtCard();
    expect(card.getByTestId('liabilities').textContent).toBe('150.00000000');
    expect(card.getByTestId('reserves').textContent).toBe('1000150.00000000');
    expect(card.getByText(root.hash)).toBeTruthy();
    expect(card.getByText('Covered')).toBeTruthy();
    expect(screen.getByText('#7')).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Verify my balance' }));
    const result = await card.findByRole('status');
    expect(result.textContent).toContain('Match: your balance is counted');
    expect(result.textContent).toContain('Balance proved: 100.00000000 USDT');
    expect(result.textContent).toContain(`Root reached${root.hash}`);
    expect(asked).toEqual(['currency=USDT&snapshot=7']);

    // Download proof: the proof as it was checked, as a file for the offline verifier.
    const saved: Array<{ blob: Blob; name: string }> = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ blob: blob as Blob, name: '' });
      return 'blob:proof';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    try {
      fireEvent.click(card.getByRole('button', { name: 'Download proof' }));
      expect(saved).toHaveLength(1);
      expect(saved[0]!.name).toBe('proof-USDT-7.json');
      expect(JSON.parse(await saved[0]!.blob.text())).toEqual(PROOF);
    } finally {
      createObjectURL.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });

  it('shows a mismatch when the proof does not climb to the published root', async () => {
    const tampered = { ...PROOF, leaf: { ...PROOF.leaf, balance: '20000000000' } };
    const api = fakeApi({ '/casino/liabilities': list, '/casino/liabilities/proof': () => ({ status: 200, body: tampered }) }, BACKGROUND);
    renderApp('/liabilities', { fetch: api.fetch, storage: signedInStorage() });
    const card = await usdtCard();
    fireEvent.click(card.getByRole('button', { name: 'Verify my balance' }));
    const result = await card.findByRole('status');
    expect(result.textContent).toContain('Mismatch: the proof does not reach the published root');
    expect(result.textContent).toContain('Balance proved: 200.00000000 USDT');
    expect(result.textContent).toContain(`Root published${root.hash}`);
  });

  it("says in words why a proof was refused, under that currency only", async () => {
    const message = 'You had no BTC wallet at snapshot #7, so it holds no balance of yours in BTC.';
    const api = fakeApi({ '/casino/liabilities': list, '/casino/liabilities/proof': () => ({ status: 404, body: { error: 'no_leaf', message } }) }, BACKGROUND);
    renderApp('/liabilities', { fetch: api.fetch, storage: signedInStorage() });
    const btc = within(await screen.findByRole('region', { name: 'BTC liabilities' }));
    fireEvent.click(btc.getByRole('button', { name: 'Verify my balance' }));
    expect((await btc.findByRole('alert')).textContent).toContain(message);
    expect(within(await screen.findByRole('region', { name: 'USDT liabilities' })).queryByRole('alert')).toBeNull();
  });

  it('asks a visitor to log in instead of verifying', async () => {
    const api = fakeApi({ '/casino/liabilities': list }, BACKGROUND);
    renderApp('/liabilities', { fetch: api.fetch });
    const card = await usdtCard();
    fireEvent.click(card.getByRole('button', { name: 'Verify my balance' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/casino/liabilities/proof')).toBe(false);
  });

  it('says when no snapshot was taken yet, and offers Try again when the list could not be read', async () => {
    let calls = 0;
    const api = fakeApi(
      {
        '/casino/liabilities': () => {
          calls += 1;
          return calls === 1 ? 'no response' : { status: 200, body: { snapshots: [] } };
        },
      },
      BACKGROUND,
    );
    renderApp('/liabilities', { fetch: api.fetch });
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach the casino. Please check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No snapshot has been taken yet.')).toBeTruthy();
  });
});
