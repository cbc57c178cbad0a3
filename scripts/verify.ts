/**
 * Recomputes a bet's outcome from its seeds, the way a player can after a seed rotation:
 *   npm run verify -- --game dice --server-seed S --client-seed C --nonce N [--chance 49.5 --target under]
 *   npm run verify -- --game mines --server-seed S --client-seed C --nonce N --mines M
 *   npm run verify -- --game blackjack --server-seed S --client-seed C --nonce N [--cards 12]
 *   npm run verify -- --game baccarat --server-seed S --client-seed C --nonce N
 *   npm run verify -- --file bets.jsonl            (or .csv: the bets download, verified in bulk)
 *   npm run verify -- --liabilities proof.json   (a proof of liabilities: scripts/verifyLiabilities.ts)
 * Prints JSON on stdout; bad arguments print a message on stderr and exit with code 2.
 * With --file it prints how many revealed bets were checked, how many matched, which did not and how
 * many await a reveal; exit code 0 when all match, 1 on any mismatch, 2 for a file it cannot read.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createFloatStream } from '../src/core/fairness/floats';
import { isValidClientSeed, isValidServerSeed } from '../src/core/fairness/seeds';
import { VERIFIABLE_GAMES, isVerifiableGame, verifierFor } from '../src/core/fairness/verify';
import type { VerifiableGame } from '../src/core/fairness/verify';
import { nodeHmacSha256, sha256Hex } from '../src/server/fairness/hmac';
import { BetExportError, BetExportReader } from '../src/core/fairness/betExport';
import { BulkVerifier, exitCodeOf, summaryLines } from '../src/core/fairness/bulkVerify';
import { nodeVerifyCrypto } from '../src/server/fairness/verifyCrypto';
import { verifyLiabilities } from './verifyLiabilities';

const USAGE = `usage: npm run verify -- --game <${VERIFIABLE_GAMES.join('|')}> --server-seed <64 hex> --client-seed <seed> --nonce <n>
  dice:  [--chance <0.01..98> --target <under|over>]
  mines: --mines <1..24>
  blackjack: [--cards <1..52>]   (the first cards of the stream, in the order dealt)
  baccarat: (the hands and scores)
   or: npm run verify -- --file <bets.jsonl|bets.csv>   (every bet of the bets download)`;

class UsageError extends Error {}

function run(argv: string[]): unknown {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        game: { type: 'string' },
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        mines: { type: 'string' },
        cards: { type: 'string' },
        chance: { type: 'string' },
        target: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const text = (name: string): string | undefined => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };

  const game = text('game');
  if (game === undefined) throw new UsageError('missing --game');
  if (!isVerifiableGame(game)) throw new UsageError(`unknown game "${game}"; verifiable games: ${VERIFIABLE_GAMES.join(', ')}`);
  const serverSeed = text('server-seed');
  if (serverSeed === undefined || !isValidServerSeed(serverSeed)) throw new UsageError('--server-seed must be the revealed seed: 64 lowercase hex characters');
  const clientSeed = text('client-seed');
  if (clientSeed === undefined || !isValidClientSeed(clientSeed)) throw new UsageError('--client-seed must be 1 to 64 printable ASCII characters without spaces');
  const nonceText = text('nonce');
  if (nonceText === undefined || !/^\d+$/.test(nonceText) || !Number.isSafeInteger(Number(nonceText))) {
    throw new UsageError('--nonce must be a non-negative integer');
  }
  const nonce = Number(nonceText);

  return verify(game, serverSeed, clientSeed, nonce, { mines: text('mines'), chance: text('chance'), target: text('target'), cards: text('cards') });
}

function verify<G extends VerifiableGame>(
  game: G,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  raw: Record<string, string | undefined>,
): unknown {
  const verifier = verifierFor(game);
  const parsed = verifier.parseParams(raw);
  if (!parsed.ok) throw new UsageError(`${game}: ${parsed.error}`);
  const stream = createFloatStream(nodeHmacSha256, serverSeed, clientSeed, nonce);
  const outcome = verifier.verify(stream.at, parsed.params);
  return {
    game,
    serverSeed,
    serverSeedHash: sha256Hex(serverSeed),
    clientSeed,
    nonce,
    params: parsed.params,
    floats: stream.take(verifier.floatsNeeded(parsed.params)),
    outcome,
  };
}

/**
 * --file: the bets download, read a line at a time (a million bets never sit in memory at once) and
 * verified in bulk. Resolves to the exit code.
 */
async function verifyFile(path: string): Promise<number> {
  const reader = new BetExportReader();
  const verifier = new BulkVerifier(nodeVerifyCrypto);
  try {
    const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      const read = reader.line(line);
      if (read) await verifier.add(read);
    }
  } catch (error) {
    const reason = error instanceof BetExportError ? error.message : (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    console.error(`verify: cannot read ${path}: ${reason}`);
    return 2;
  }
  const summary = verifier.result();
  const words = summaryLines(summary);
  console.log(words.headline);
  for (const line of words.mismatches) console.log(line);
  console.log(words.awaiting);
  return exitCodeOf(summary);
}

/** The --file flag alone, or null when the single-bet flags are used. */
function fileArgument(argv: string[]): string | null {
  const at = argv.findIndex((arg) => arg === '--file' || arg.startsWith('--file='));
  if (at === -1) return null;
  const arg = argv[at]!;
  const path = arg.startsWith('--file=') ? arg.slice('--file='.length) : argv[at + 1];
  if (path === undefined || path === '' || argv.length !== (arg.startsWith('--file=') ? 1 : 2)) throw new UsageError('--file takes one path and no other flags');
  return path;
}

const argv = process.argv.slice(2);
if (argv.some((arg) => arg === '--liabilities' || arg.startsWith('--liabilities='))) {
  process.exitCode = await verifyLiabilities(argv);
} else {
  try {
    const file = fileArgument(argv);
    if (file === null) console.log(JSON.stringify(run(argv), null, 2));
    else process.exitCode = await verifyFile(file);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`verify: ${error.message}\n${USAGE}`);
    process.exitCode = 2;
  }
}
