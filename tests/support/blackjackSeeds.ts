import path from 'node:path';
import Database from 'better-sqlite3';
import { createFloatStream } from '../../src/core/fairness/floats';
import { applyAction, settle, startRound } from '../../src/core/games/blackjack';
import type { BlackjackAction, BlackjackState } from '../../src/core/games/blackjack';
import { nodeHmacSha256 } from '../../src/server/fairness/hmac';

/**
 * Picking the cards of a browser test the way a verifier would: the next server seed is already
 * committed (its hash is public), so a player who knows it (here: a test reading the server's
 * SQLite file) can search client seeds for a deal, rotate to that client seed, and get exactly
 * the round the engine predicts.
 */

/** The player's server seeds by status, read from the running server's data directory. */
export function readSeedPairs(dataDir: string, userName: string): { active: { serverSeed: string; nonce: number }; next: { serverSeed: string } } {
  const db = new Database(path.join(dataDir, 'casino.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        `SELECT s.status, s.server_seed AS serverSeed, s.nonce FROM seed_pairs s JOIN users u ON u.id = s.user_id
         WHERE u.user_name = ? AND s.status IN ('active', 'next')`,
      )
      .all(userName) as Array<{ status: string; serverSeed: string; nonce: number }>;
    const active = rows.find((r) => r.status === 'active');
    const next = rows.find((r) => r.status === 'next');
    if (!active || !next) throw new Error(`no seed pairs for ${userName}`);
    return { active, next };
  } finally {
    db.close();
  }
}

/** One step of a planned round: the action, and whether the round must still be in play after it. */
export interface PlannedStep {
  action: BlackjackAction;
  hand: 0 | 1;
}

export interface PlannedRound {
  clientSeed: string;
  /** The engine's state after the deal and after each step. */
  states: BlackjackState[];
  /** Everything staked and returned, once the last state is GameOver (else null). */
  wager: bigint | null;
  payout: bigint | null;
}

/** The round `clientSeed` gives at `nonce` when every step is accepted in turn and `accept` holds, else null. */
export function planRound(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  bet: bigint,
  steps: readonly PlannedStep[],
  accept: (states: BlackjackState[]) => boolean,
): PlannedRound | null {
  const floatAt = createFloatStream(nodeHmacSha256, serverSeed, clientSeed, nonce).at;
  const states = [startRound(bet, floatAt)];
  for (const step of steps) {
    const current = states[states.length - 1]!;
    if (current.gameState !== 'PlayerTurn') return null;
    const result = applyAction(current, step.action, step.hand, floatAt);
    if (!result.ok) return null;
    states.push(result.state);
  }
  if (!accept(states)) return null;
  const last = states[states.length - 1]!;
  if (last.gameState !== 'GameOver') return { clientSeed, states, wager: null, payout: null };
  const { wager, payout } = settle(last);
  return { clientSeed, states, wager, payout };
}
