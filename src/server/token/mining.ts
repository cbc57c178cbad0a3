import { mine, miningPosition, miningSupply } from '../../core/token/mining';
import type { MiningPosition, MiningResult } from '../../core/token/mining';
import type { Accumulator } from '../db/batchBook';
import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import { balanceOf, externalAccount, InsufficientFundsError, playerAccount, transfer } from '../ledger/ledger';
import type { SettledBet } from '../plugins/settlement';
import { ACC, miningTreasury } from './accounts';
import type { TokenConfig } from './config';

/**
 * Puts the ACC that mining can ever pay into the mining treasury, from the external account: once,
 * and again only for what a larger configured supply adds. Mining pays out of the treasury, so the
 * ledger itself guarantees that no more than the mining supply is ever mined.
 *
 * Several processes may start at once on one PostgreSQL: the treasury's mint is decided under a
 * transaction-scoped advisory lock, so the second finds what the first minted instead of minting it
 * again (the sum it reads would not see the other's uncommitted transfer).
 */
export async function mintMiningTreasury(db: Database, config: TokenConfig): Promise<bigint> {
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres') await tx.get('SELECT pg_advisory_xact_lock(?)', [MINT_LOCK]);
    const minted = (await tx.get<{ total: bigint }>(
      `SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_transfers WHERE kind = 'mint' AND currency = ?`,
      [ACC],
      BIGINT,
    ))!.total;
    const target = miningSupply(config.levels, config.maxSupply);
    if (target <= minted) return 0n;
    await transfer(tx, { from: externalAccount(ACC), to: miningTreasury(), amount: target - minted, kind: 'mint', ref: 'token:mining-supply' });
    return target - minted;
  });
}

/** Any number, apart from the migrations' (db/migrations.ts). */
const MINT_LOCK = 720_800;

const TOTAL_MINED = 'SELECT total_mined FROM token_mining WHERE id = 1';

export async function totalMined(sql: Sql): Promise<bigint> {
  return (await sql.get<{ total_mined: bigint }>(TOTAL_MINED, [], BIGINT))!.total_mined;
}

export async function currentMiningPosition(sql: Sql, config: TokenConfig): Promise<MiningPosition> {
  return miningPosition(config.levels, config.maxSupply, await totalMined(sql));
}

/**
 * The settlement hook: credits the player the ACC its bet mined, inside the bet's transaction. The
 * mined total is read with its row held (PostgreSQL) until the bet commits: what a bet mines depends
 * on the level that total stands at, so bets settling side by side must mine one after the other
 * (they already did: each debits the one mining treasury).
 */
export async function mineForBet(tx: Sql, config: TokenConfig, bet: SettledBet): Promise<MiningResult> {
  // In a group commit the batch reads the total once and adds its bets' ACC up (db/batchBook.ts).
  const before = tx.book
    ? (tx.book.known(MINED)?.base ?? (await tx.book.base(MINED, minedRow, 1, totalMined))) + tx.book.pending(MINED, 0)
    : (await tx.get<{ total_mined: bigint }>(TOTAL_MINED + forUpdate(tx), [], BIGINT))!.total_mined;
  const result = mine(config.levels, config.maxSupply, before, bet.wager, bet.usdRate);
  if (result.mined <= 0n) return { ...result, mined: 0n, totalMinedAfter: before };
  const ref = `${bet.game.toLowerCase()}:${bet.betId}`;
  const pay = (amount: bigint) => transfer(tx, { from: miningTreasury(), to: playerAccount(bet.userId, ACC), amount, kind: 'mining', ref });
  // The treasury is the hard stop: a shrunk configuration can never mine beyond what was minted. It
  // nearly always holds enough, so the conditional debit is tried first; a refused one writes nothing.
  let mined = result.mined;
  try {
    await pay(mined);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    mined = await balanceOf(tx, miningTreasury());
    if (mined <= 0n) return { ...result, mined: 0n, totalMinedAfter: before };
    await pay(mined);
  }
  if (tx.book) tx.book.add(MINED, minedRow, [mined]);
  else await addMined(tx, mined);
  return { ...result, mined, totalMinedAfter: before + mined };
}

const addMined = (sql: Sql, mined: bigint) => sql.run('UPDATE token_mining SET total_mined = total_mined + ? WHERE id = 1', [mined]);

const MINED = 'token_mining';
/** The mined total as a batch's running total. */
const minedRow: Accumulator = { tables: ['token_mining'], write: (sql, [mined]) => addMined(sql, mined as bigint).then(() => undefined) };
