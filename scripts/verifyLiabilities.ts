/**
 * `npm run verify -- --liabilities proof.json`: checks a proof of liabilities offline (docs/fairness.md
 * "Proof of liabilities"): recomputes the leaf from its nonce and balance, climbs the path, and compares
 * the root and total it reaches with the proof's. Prints what it found as JSON on stdout.
 * Exit code 0 when the proof reaches its root, 1 when it does not (a tampered proof), 2 when the
 * arguments or the file cannot be read as a proof.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { checkProof, parseProof } from '../src/core/proof/merkleSum';
import { sha256Hex } from '../src/server/fairness/hmac';

export const LIABILITIES_USAGE = 'usage: npm run verify -- --liabilities <proof.json>   (as GET /api/casino/liabilities/proof answers it)';

export async function verifyLiabilities(argv: string[]): Promise<number> {
  let file: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { liabilities: { type: 'string' } }, strict: true, allowPositionals: false });
    file = values.liabilities;
  } catch (error) {
    console.error(`verify: ${(error as Error).message}\n${LIABILITIES_USAGE}`);
    return 2;
  }
  if (!file) {
    console.error(`verify: --liabilities needs the proof file\n${LIABILITIES_USAGE}`);
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`verify: cannot read ${file} as JSON: ${(error as Error).message}`);
    return 2;
  }
  const parsed = parseProof(json);
  if (!parsed.ok) {
    console.error(`verify: ${file} is not a proof of liabilities: ${parsed.error}`);
    return 2;
  }
  const check = await checkProof(parsed.proof, sha256Hex);
  console.log(
    JSON.stringify(
      {
        snapshotId: check.snapshotId,
        currency: check.currency,
        balance: String(check.balance),
        computedRoot: check.computedRoot,
        computedTotal: String(check.computedTotal),
        rootHash: check.expectedRoot,
        total: String(check.expectedTotal),
        verified: check.matches,
      },
      null,
      2,
    ),
  );
  if (!check.matches) {
    console.error(`verify: the proof does not reach its root: it climbs to ${check.computedRoot} (total ${check.computedTotal}), not ${check.expectedRoot} (total ${check.expectedTotal})`);
    return 1;
  }
  return 0;
}
