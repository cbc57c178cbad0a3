import { afterEach, describe, expect, it } from 'vitest';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { loadWalletConfig } from '../../src/server/wallet/config';

describe('GET /wallet/get-cashier-info', () => {
  let server: TestServer | undefined;
  afterEach(async () => server?.close());

  it('should tell anyone whether demo funds are offered and how much a claim is worth', async () => {
    server = await startTestServer();
    expect(await json(await fetch(`${server.url}/api/wallet/get-cashier-info`))).toEqual({ demoFunds: true, demoClaimUsd: 100 });
  });

  it('should say no demo funds when the casino plays with real money', async () => {
    server = await startTestServer({ demoFunds: false, wallet: loadWalletConfig({}, false) });
    expect(await json(await fetch(`${server.url}/api/wallet/get-cashier-info`))).toMatchObject({ demoFunds: false });
  });
});
