import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer } from '../support/wallet';

/**
 * The live `deposit` event carries the balance once the money is in, not only the amount: the Cashier
 * reads the balances again after a demo claim, and a browser whose read answered before the event
 * arrived added the amount a second time (the header showed twice the demo funds until the next read).
 */
describe('the deposit event', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it("should tell the player's connections the amount of a demo claim and the balance it left", async () => {
    const player = await createPlayer(server);
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/api/socket`, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => player.token })
      .configureLogging(LogLevel.None)
      .build();
    const events: unknown[] = [];
    connection.on('deposit', (payload) => events.push(payload));
    await connection.start();
    try {
      const first = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
      expect(first.status).toBe(200);
      await expect.poll(() => events.length).toBe(1);
      const answer = first.body as { amount: number; balance: number };
      expect(events[0]).toEqual({ amount: answer.amount, currency: 'USDT', balance: answer.balance });
      expect(answer.balance).toBe(100);
    } finally {
      await connection.stop();
    }
  });
});
