import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ada, liveToken } from '../support/authFixtures';
import { fakeApi, memoryStorage } from '../support/fakeApi';
import { FILES } from '../machines/bulkVerify.paths';
import { renderApp } from './renderApp';

/**
 * Issue 23: the /fairness page checks the bets download in bulk in the browser, with the CLI's
 * summary; the transactions page downloads it.
 */

const BACKGROUND = {
  '/payments/get-exchange-rates': [{ symbol: 'USDT', exchangeRate: 1 }],
  '/wallet/get-wallets': [{ currencySymbol: 'USDT', balance: 1 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/casino/get-seed': { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 0, clientSeed: 'c'.repeat(20) },
  '/wallet/get-cashier-info': { demoFunds: true, demoClaimUsd: 100, demoCurrencies: ['USDT'], demoClaimIntervalSeconds: 3600 },
  '/wallet/get-transactions': { rows: [], nextBefore: null },
};

const file = (text: string, name: string) => new File([text], name, { type: 'application/x-ndjson' });
const card = () => screen.getByRole('region', { name: 'Verify all your bets' });

function openFairness() {
  const api = fakeApi({}, BACKGROUND);
  renderApp('/fairness', { fetch: api.fetch });
  return api;
}

describe('the /fairness bulk verifier', () => {
  it('checks a chosen file in the browser and shows the summary the CLI prints', async () => {
    openFairness();
    await screen.findByRole('region', { name: 'Verify all your bets' }, { timeout: 5000 });
    fireEvent.change(within(card()).getByLabelText('Bets file'), { target: { files: [file(FILES.export, 'bets.jsonl')] } });
    const summary = await screen.findByLabelText('Verification summary', {}, { timeout: 5000 });
    expect(within(summary).getByText('bets.jsonl: 2 bets')).toBeTruthy();
    expect(within(summary).getAllByRole('listitem').map((item) => [item.dataset.ok, item.textContent])).toEqual([
      ['true', '✓1 bet checked: 1 matched, 0 did not.'],
      ['pending', '1 bet awaits a seed reveal.'],
    ]);
    fireEvent.click(within(summary).getByRole('button', { name: 'Verify another file' }));
    expect(screen.queryByLabelText('Verification summary')).toBeNull();
    expect(within(card()).getByText('Drop bets.jsonl or bets.csv here')).toBeTruthy();
  });

  it('names each tampered line of a dropped file', async () => {
    openFairness();
    await screen.findByRole('region', { name: 'Verify all your bets' }, { timeout: 5000 });
    const zone = within(card()).getByTestId('bulk-drop-zone');
    fireEvent.dragEnter(zone, { dataTransfer: { files: [] } });
    expect(within(card()).getByText('Drop to verify')).toBeTruthy();
    fireEvent.drop(zone, { dataTransfer: { files: [file(FILES.export.replace('"payout":0', '"payout":2'), 'tampered.jsonl')] } });
    const summary = await screen.findByLabelText('Verification summary', {}, { timeout: 5000 });
    expect(within(summary).getAllByRole('listitem').map((item) => [item.dataset.ok, item.textContent])).toEqual([
      ['false', '✗1 bet checked: 0 matched, 1 did not.'],
      ['false', 'Bet 7 (line 1): payout 2 recorded, the rules pay 0; multiplier 0 recorded, payout ÷ wager is 2.'],
      ['pending', '1 bet awaits a seed reveal.'],
    ]);
  });

  it('says why a file is not a bets download, naming the line', async () => {
    openFairness();
    await screen.findByRole('region', { name: 'Verify all your bets' }, { timeout: 5000 });
    fireEvent.change(within(card()).getByLabelText('Bets file'), { target: { files: [file(FILES.brokenLine, 'bets.jsonl')] } });
    expect((await within(card()).findByRole('alert')).textContent).toBe('Cannot read bets.jsonl: line 2: not JSON.');
  });
});

describe('the bets download on the transactions page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for every bet in the format clicked and saves it as a file named for the day', async () => {
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:bets';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const formats: Array<string | null> = [];
    const api = fakeApi(
      {
        '/casino/export-bets': (_body, query) => {
          formats.push(query.get('format'));
          return { status: 200, body: FILES.export };
        },
      },
      BACKGROUND,
    );
    renderApp('/transactions', { fetch: api.fetch, storage: memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(ada) }) });
    const bets = within(await screen.findByLabelText('Your bets', {}, { timeout: 5000 }));
    fireEvent.click(bets.getByRole('button', { name: 'Bets (JSON lines)' }));
    await waitFor(() => expect(names).toHaveLength(1));
    fireEvent.click(bets.getByRole('button', { name: 'Bets (CSV)' }));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(formats).toEqual(['jsonl', 'csv']);
    expect(names[0]).toMatch(/^bets-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(names[1]).toMatch(/^bets-\d{4}-\d{2}-\d{2}\.csv$/);
    // The body as it came, saved without being read into the page (the fake API sends every body as JSON).
    expect(JSON.parse(await saved[0]!.text())).toBe(FILES.export);
    expect(bets.getByRole('link', { name: 'Fairness' }).getAttribute('href')).toBe('/fairness');
  });
});
