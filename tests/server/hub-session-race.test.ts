import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, startServer, waitFor } from './hub-support';
import type { TestServer } from './hub-support';

/**
 * The hub on its own, with an authenticate that takes its time: a session that ends while its
 * upgrade is between the token check and the socket must not get a live connection.
 */
describe('a session ending during the upgrade', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.app.close();
    server = undefined;
  });

  it('should close the new connection at once and send it no private event', async () => {
    let release: () => void = () => {};
    const checked = new Promise<void>((resolve) => {
      release = resolve;
    });
    server = await startServer({
      authenticate: async (token) => {
        if (token !== 'slow-7') return null;
        await checked;
        return { userId: 7, userName: 'player7', sessionId: 'session-7' };
      },
    });
    const connecting = RawClient.connect(server.wsUrl, { token: 'slow-7' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The token was valid when checked; the session ends before the socket exists.
    server.app.hub.endSessions(['session-7']);
    release();
    const client = await connecting;
    await waitFor(() => client.closed, 2_000, 'the connection to close');
    server.app.hub.sendToUser(7, 'deposit', { amount: 1, currency: 'BTC' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(client.invocations('deposit')).toEqual([]);
    expect(server.app.hub.connectionCount()).toBe(0);
  });
});
