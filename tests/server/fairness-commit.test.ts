import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, playerAccount } from '../../src/server/ledger/ledger';
import { signedInUser } from '../support/wallet';
import { call, register } from '../support/auth';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface SeedState {
  seedHash: string;
  nextHash: string;
  nonce: number;
  clientSeed: string;
}

/**
 * Commit before play: a server seed exists, and its hash has been shown, before the client seed
 * that plays with it is accepted; no bet plays on a seed drawn inside its own request.
 */
describe('seeds are committed before they play', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const pairs = (userId: number) =>
    server.app.db.all<{
      id: number;
      status: string;
      server_seed: string;
      created_at: string;
      shown_at: string | null;
    }>('SELECT id, status, server_seed, created_at, shown_at FROM seed_pairs WHERE user_id = ? ORDER BY id', [userId]);
  const getSeed = async (jwt: string, clientSeed?: string) => {
    const answer = await call<SeedState>(server, `/casino/get-seed${clientSeed ? `?clientSeed=${clientSeed}` : ''}`, undefined, { token: jwt });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const diceBet = (jwt: string) => call(server, '/dice/bet', { betAmount: 1, currency: 'USDT', chance: 50, target: 'under' }, { token: jwt });
  const fund = async (jwt: string) => expect((await call(server, '/wallet/claim-demo-funds', { currency: 'USDT' }, { token: jwt })).status).toBe(200);

  it('should draw the first pair and the next seed at sign-up, so the first bet plays on a seed from an earlier request', async () => {
    const signedIn = await register(server);
    const atSignUp = await pairs(signedIn.user.id);
    expect(atSignUp.map((p) => [p.status, p.shown_at])).toEqual([
      ['active', null],
      ['next', null],
    ]);

    const shown = await getSeed(signedIn.jwt);
    expect(shown.seedHash).toBe(sha256(atSignUp[0]!.server_seed));
    expect(shown.nextHash).toBe(sha256(atSignUp[1]!.server_seed));
    await fund(signedIn.jwt);
    const placed = await diceBet(signedIn.jwt);
    expect(placed.status).toBe(200);
    const { bet } = placed.body as { bet: { id: number } };
    const detail = await call<{ bet: { seedHash: string; nonce: number } }>(server, `/casino/get-bet?id=${bet.id}`);
    expect(detail.body.bet).toMatchObject({ seedHash: shown.seedHash, nonce: 0 });
    // The bet drew nothing: the same two rows as at sign-up.
    expect((await pairs(signedIn.user.id)).map((p) => p.id)).toEqual(atSignUp.map((p) => p.id));
  });

  it('should refuse the bet of an account without seeds, moving nothing and drawing none, until get-seed draws them', async () => {
    // An account from before seeds were drawn at sign-up.
    const { user, token: jwt } = await signedInUser(server, 'old_timer');
    await fund(jwt);
    const account = playerAccount(user.id, 'USDT');
    const before = await balanceOf(server.app.db, account);

    const refused = await diceBet(jwt);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'seeds_not_loaded', message: 'Your fairness seeds are not loaded yet. Reload the page, then bet again.' });
    const mines = await call(server, '/mines/bet', { betAmount: 1, minesCount: 3, currency: 'USDT' }, { token: jwt });
    expect(mines.status).toBe(409);
    expect(mines.body).toMatchObject({ success: false, errorMessage: 'Your fairness seeds are not loaded yet. Reload the page, then bet again.' });
    expect(await balanceOf(server.app.db, account)).toBe(before);
    expect(await pairs(user.id)).toEqual([]);
    expect((await server.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM bets WHERE user_id = ?', [user.id]))!.n).toBe(0);

    const shown = await getSeed(jwt, 'offeredWithFirstLoad');
    expect(shown.clientSeed).not.toBe('offeredWithFirstLoad');
    expect((await pairs(user.id)).every((p) => p.shown_at !== null)).toBe(true);
    expect((await diceBet(jwt)).status).toBe(200);
  });

  it('should accept a rotation only for a next seed whose hash was shown before, and change nothing otherwise', async () => {
    const signedIn = await register(server);
    const before = await pairs(signedIn.user.id);
    const refused = await call(server, '/casino/rotate-seed', { clientSeed: 'chosen-too-early' }, { token: signedIn.jwt });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'seeds_not_shown',
      message: 'Load your seeds first: the next server seed hash must be shown before a client seed can play with it.',
    });
    expect(await pairs(signedIn.user.id)).toEqual(before);

    const shown = await getSeed(signedIn.jwt);
    const rotated = await call<SeedState & { previous: { serverSeed: string } }>(server, '/casino/rotate-seed', { clientSeed: 'chosen-now' }, { token: signedIn.jwt });
    expect(rotated.status).toBe(200);
    // The client seed plays with the server seed committed as nextHash in the earlier answer.
    expect(rotated.body).toMatchObject({ seedHash: shown.nextHash, clientSeed: 'chosen-now', nonce: 0 });
    // The new next seed is shown by the rotation's answer, so rotating again needs no extra load.
    const again = await call<SeedState>(server, '/casino/rotate-seed', { clientSeed: 'chosen-later' }, { token: signedIn.jwt });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ seedHash: rotated.body.nextHash, clientSeed: 'chosen-later' });
  });

  it("should adopt the browser's client seed only for a shown, unplayed pair whose client seed the server drew", async () => {
    const signedIn = await register(server);
    const first = await getSeed(signedIn.jwt, 'browserSeedAtSignUp1');
    expect(first.clientSeed).not.toBe('browserSeedAtSignUp1');
    const adopted = await getSeed(signedIn.jwt, 'browserSeedNextVisit');
    expect(adopted).toEqual({ ...first, clientSeed: 'browserSeedNextVisit' });

    // After a rotation the player's chosen seed stays, bet or no bet.
    await call(server, '/casino/rotate-seed', { clientSeed: 'playersOwnChoice' }, { token: signedIn.jwt });
    expect((await getSeed(signedIn.jwt, 'anotherBrowserSeed')).clientSeed).toBe('playersOwnChoice');

    // A pair that has played keeps its client seed even if the server drew it.
    const other = await register(server);
    const shown = await getSeed(other.jwt);
    await fund(other.jwt);
    expect((await diceBet(other.jwt)).status).toBe(200);
    expect(await getSeed(other.jwt, 'tooLateForThisPair')).toEqual({ ...shown, nonce: 1 });
  });
});
