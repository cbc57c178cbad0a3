import fs from 'node:fs';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { betsPlugin } from '../../src/server/bets/plugin';
import { blackjackRoundsPlugin } from '../../src/server/blackjack/plugin';
import { loadConfig } from '../../src/server/config';
import { minesGamesPlugin } from '../../src/server/mines/plugin';
import { databasePlugin } from '../../src/server/plugins/database';
import { walletPlugin } from '../../src/server/plugins/wallet';
import { tempDir } from '../support/server';

/** The server's plugins name what they need: registered without it, the server refuses to start. */
describe('plugin dependencies', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function startWith(register: (app: ReturnType<typeof Fastify>, dataDir: string) => void): Promise<unknown> {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const app = Fastify({ logger: false });
    await app.register(databasePlugin, { dataDir });
    register(app, dataDir);
    try {
      await app.ready();
      return null;
    } catch (error) {
      return error;
    } finally {
      await app.close();
    }
  }

  it('should refuse a wallet without the live hub it announces deposits on', async () => {
    const { wallet, demoFunds } = loadConfig({ PORT: '0', LOG_LEVEL: 'silent' });
    const error = await startWith((app, dataDir) => void app.register(walletPlugin, { dataDir, wallet, demoFunds }));
    expect(String(error)).toContain("The dependency 'hub' of plugin 'wallet' is not registered");
  });

  it.each([
    ['bets', betsPlugin, 'auth'],
    ['minesGames', minesGamesPlugin, 'wallet'],
    ['blackjackRounds', blackjackRoundsPlugin, 'wallet'],
  ] as const)('should refuse %s without %s', async (name, plugin, missing) => {
    const error = await startWith((app) => void app.register(plugin));
    expect(String(error)).toContain(`The dependency '${missing}' of plugin '${name}' is not registered`);
  });
});
