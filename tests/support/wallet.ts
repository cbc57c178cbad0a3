import { startTestServer } from './server';
import type { TestServer } from './server';
import type { SettledBet } from '../../src/server/plugins/settlement';
import { insertUser } from '../../src/server/users/repository';
import { expect } from 'vitest';
import { balanceOf, countEntries, playerAccount } from '../../src/server/ledger/ledger';
import { createFirstSeeds } from '../../src/server/fairness/seeds';

export interface Player {
  id: number;
  token: string;
  /** A real HTTP call under /api with the player's bearer token; body sent as JSON when given. */
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: unknown; headers: Headers }>;
}

let counter = 0;

/** An account with an open session and its access token, written straight to the database. */
export async function signedInUser(server: TestServer, name: string) {
  const user = await insertUser(server.app.db, { userName: name, email: `${name}@example.com`, passwordHash: 'x' });
  if (!user) throw new Error(`the user name ${name} is taken`);
  const sessionId = await server.app.db.transaction((tx) => server.app.auth.openSession(tx, user.id));
  return { user, token: await server.app.auth.issueAccessToken(user.id, sessionId) };
}

/** A player as sign-up leaves one: the account, a session and the first seed pair (not yet shown). */
export async function createPlayer(server: TestServer, name = `player_${++counter}`): Promise<Player> {
  const { user, token } = await signedInUser(server, name);
  await createFirstSeeds(server.app.db, user.id);
  return {
    id: user.id,
    token,
    call: async (method, path, body) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
    },
  };
}

export const ledgerRows = (server: TestServer): Promise<number> => countEntries(server.app.db);

/** Rows the token economy adds to every settled bet: ACC mined, and the rewards pool's share (two transfers). */
export const TOKEN_ROWS = 4;

/** A signed-in player holding the demo claim's play money in `currency`, claimed over HTTP as a player would. */
export async function fundedPlayer(server: TestServer, currency = 'USDT'): Promise<Player> {
  const player = await createPlayer(server);
  const claim = await player.call('POST', '/wallet/claim-demo-funds', { currency });
  expect(claim.status).toBe(200);
  return player;
}

/** The player's balance as the ledger holds it, base units. */
export const balanceIn = (server: TestServer, player: Pick<Player, 'id'>, currency = 'USDT'): Promise<bigint> =>
  balanceOf(server.app.db, playerAccount(player.id, currency));

/** The nonce the player's next bet will use, as the fairness screen reads it. */
export const nonceOf = async (player: Player): Promise<number> => ((await player.call('GET', '/casino/get-seed')).body as { nonce: number }).nonce;

/** A server whose settlement hooks are recorded, and can be made to throw, to watch a bet roll back. */
export async function serverWithSettlementSpy() {
  const reported: SettledBet[] = [];
  let fail = false;
  const server = await startTestServer({}, (app) => {
    app.settlement.register(async (_tx, bet) => {
      if (fail) throw new Error('hook failed');
      reported.push(bet);
    });
  });
  return { server, reported, failHooks: () => void (fail = true) };
}
