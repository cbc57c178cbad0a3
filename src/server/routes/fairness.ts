import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import { exportBets, getBet, getSeed, getSeedHistory, rotateSeed, setClientSeed, setSeedMode } from '../../core/contracts/casino';
import { BET_CSV_HEADER, BET_EXPORT_TYPES, betCsvLine, betExportFileName, betJsonLine, isBetExportFormat } from '../../core/fairness/betExport';
import type { BetExportFormat } from '../../core/fairness/betExport';
import { CLIENT_SEED_MAX_LENGTH, isValidClientSeed } from '../../core/fairness/seeds';
import { AppError, badRequest, notFound } from '../errors';
import { betDetail, playerBetDetails } from '../bets/record';
import type { Sql } from '../db/sql';
import { isInstantMode, loadSeeds, revealedPairs, rotateSeeds, SEED_MESSAGES, setChainClientSeed, setSeedMode as switchSeedMode } from '../fairness/seeds';
import { schemaOf } from './contract';

const CLIENT_SEED_RULE = `Client seed must be 1 to ${CLIENT_SEED_MAX_LENGTH} visible characters without spaces.`;

function checkClientSeed(seed: string): string {
  if (!isValidClientSeed(seed)) throw badRequest(CLIENT_SEED_RULE, 'invalid_client_seed');
  return seed;
}

/** The export's text, a batch of bets at a time; the reply pulls the next batch only as it drains. */
async function* betExportText(sql: Sql, userId: number, format: BetExportFormat): AsyncGenerator<string> {
  if (format === 'csv') yield `${BET_CSV_HEADER}\r\n`;
  for await (const bets of playerBetDetails(sql, userId)) {
    yield format === 'csv' ? bets.map((bet) => `${betCsvLine(bet)}\r\n`).join('') : bets.map((bet) => `${betJsonLine(bet)}\n`).join('');
  }
}

export const fairnessRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    getSeed.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(getSeed) },
    async (request) => {
      const user = request.user!;
      // The browser's random client seed is adopted only under the rule in loadSeeds (fairness.md).
      const offered = request.query.clientSeed;
      return await loadSeeds(app.db, user.id, offered === undefined ? undefined : checkClientSeed(offered));
    },
  );

  app.post(
    rotateSeed.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(rotateSeed) },
    async (request) => {
      const user = request.user!;
      const clientSeed = checkClientSeed(request.body.clientSeed);
      // Asked inside the rotation's transaction, once the seed pairs are locked (fairness/seeds.ts).
      const rotated = await rotateSeeds(app.db, user.id, clientSeed, async (tx) => {
        if (await isInstantMode(tx, user.id)) throw new AppError(409, 'instant_mode', SEED_MESSAGES.instantRotation);
        const open = await app.openGames.find(tx, user.id);
        if (open) throw new AppError(409, 'game_in_progress', `Finish your ${open} game before changing seeds.`);
      });
      const { revealedAt: _revealedAt, ...previous } = rotated.previous;
      return { ...rotated, previous };
    },
  );

  app.post(setSeedMode.path, { onRequest: app.auth.requireUser, schema: schemaOf(setSeedMode) }, async (request) => {
    const user = request.user!;
    // Asked inside the switch's transaction, after its locks (fairness/seeds.ts setSeedMode).
    return await switchSeedMode(app.db, user.id, request.body.mode, async (tx) => {
      const open = await app.openGames.find(tx, user.id);
      if (open) throw new AppError(409, 'game_in_progress', SEED_MESSAGES.modeSwitchOpenGame(open));
    });
  });

  app.post(setClientSeed.path, { onRequest: app.auth.requireUser, schema: schemaOf(setClientSeed) }, async (request) => {
    return await setChainClientSeed(app.db, request.user!.id, checkClientSeed(request.body.clientSeed));
  });

  app.get(getSeedHistory.path, { onRequest: app.auth.requireUser, schema: schemaOf(getSeedHistory) }, async (request) => ({
    seeds: await revealedPairs(app.db, request.user!.id),
  }));

  app.get(
    getBet.path,
    { schema: schemaOf(getBet) },
    async (request) => {
      const bet = await betDetail(app.db, Number(request.query.id));
      if (!bet) throw notFound('No bet with that id.', 'bet_not_found');
      // Anyone may open /bet/ID: the game as played and its seeds, never the record's bookkeeping (toBetDetail).
      return { bet };
    },
  );

  app.get(exportBets.path, { onRequest: app.auth.requireUser, schema: schemaOf(exportBets) }, async (request, reply) => {
    const { format } = request.query;
    if (!isBetExportFormat(format)) throw badRequest('Format must be jsonl or csv.', 'invalid_format');
    return reply
      .type(BET_EXPORT_TYPES[format])
      .header('content-disposition', `attachment; filename="${betExportFileName(format, new Date())}"`)
      .header('cache-control', 'no-store')
      // Streamed as it is read, with backpressure (the contract's 200 is the text this stream makes up).
      .send(Readable.from(betExportText(app.db, request.user!.id, format)) as unknown as string);
  });
};
