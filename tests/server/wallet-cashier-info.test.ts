import { afterEach, describe, expect, it } from 'vitest';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { loadWalletConfig } from '../../src/server/wallet/config';
import { createPlayer } from '../support/wallet';

describe('GET /wallet/get-cashier-info', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  it('should tell anyone whether demo funds are offered and how much a claim is worth', async () => {
    server = await startTestServer();
    // The demo currencies follow the claim route's rule (bettable, with a rate): never ACC. A visitor
    // hears no waits.
    expect(await json(await fetch(`${server.url}/api/wallet/get-cashier-info`))).toEqual({
      demoFunds: true,
      demoClaimUsd: 100,
      demoCurrencies: expect.arrayContaining(['BTC', 'ETH', 'USDT']),
      demoClaimIntervalSeconds: 3600,
    });
    const info = await json<{ demoCurrencies: string[] }>(await fetch(`${server.url}/api/wallet/get-cashier-info`));
    expect(info.demoCurrencies).not.toContain('ACC');
  });

  it("should tell a signed-in player how long until each claim is due, so the Cashier can wait", async () => {
    server = await startTestServer();
    const player = await createPlayer(server);
    expect((await player.call('GET', '/wallet/get-cashier-info')).body).toMatchObject({ demoClaimWaits: {} });
    expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'BTC' })).status).toBe(200);
    const { body } = await player.call('GET', '/wallet/get-cashier-info');
    const waits = (body as { demoClaimWaits: Record<string, number> }).demoClaimWaits;
    expect(Object.keys(waits)).toEqual(['BTC']);
    expect(waits.BTC).toBeGreaterThan(3590);
    expect(waits.BTC).toBeLessThanOrEqual(3600);
  });

  it('should say no demo funds when the casino plays with real money', async () => {
    server = await startTestServer({ demoFunds: false, wallet: loadWalletConfig({}, false) });
    expect(await json(await fetch(`${server.url}/api/wallet/get-cashier-info`))).toMatchObject({ demoFunds: false });
  });
});
