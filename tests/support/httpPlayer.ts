import { expect } from 'vitest';
import { baseUrl } from './browser';
import { PASSWORD, uniqueName } from './players';

/**
 * A player made over HTTP against the e2e server, as a second browser would: signed up and given 100
 * USDT of play money. `as` calls the API with the player's token and answers the parsed body (a status
 * other than 200 fails the test, with the body).
 */
export async function httpPlayer(prefix: string) {
  const userName = uniqueName(prefix);
  const call = async (token: string | null, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl()}/api${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return (text ? JSON.parse(text) : null) as unknown;
  };
  const { jwt } = (await call(null, 'POST', '/auth/register', { userName, email: `${userName}@example.com`, password: PASSWORD })) as { jwt: string };
  const as = (method: string, path: string, body?: unknown) => call(jwt, method, path, body);
  await as('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
  return { userName, as };
}
