import type { Database } from 'better-sqlite3';
import { mine, miningPosition, miningSupply } from '../../core/token/mining';
import type { MiningPosition, MiningResult } from '../../core/token/mining';
import { balanceOf, externalAccount, InsufficientFundsError, playerAccount, transfer } from '../ledger/ledger';
import type { SettledBet } from '../plugins/settlement';
import { ACC, miningTreasury } from './accounts';
import type { TokenConfig } from './config';
import { sql } from './sql';

/**
 * Puts the ACC that mining can ever pay into the mining treasury, from the external account: once,
 * and again only for what a larger configured supply adds. Mining pays out of the treasury, so the
 * ledger itself guarantees that no more than the mining supply is ever mined.
 */
export function mintMiningTreasury(db: Database, config: TokenConfig): bigint {
  return db.transaction(() => {
    const minted = (sql(db, `SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_transfers WHERE kind = 'mint' AND currency = ?`).get(ACC) as {
      total: bigint;
    }).total;
    const target = miningSupply(config.levels, config.maxSupply);
    if (target <= minted) return 0n;
    transfer(db, { from: externalAccount(ACC), to: miningTreasury(), amount: target - minted, kind: 'mint', ref: 'token:mining-supply' });
    return target - minted;
  })();
}

export function totalMined(db: Database): bigint {
  return (sql(db, 'SELECT total_mined FROM token_mining WHERE id = 1').get() as { total_mined: bigint }).total_mined;
}

export function currentMiningPosition(db: Database, config: TokenConfig): MiningPosition {
  return miningPosition(config.levels, config.maxSupply, totalMined(db));
}

/** The settlement hook: credits the player the ACC its bet mined, inside the bet's transaction. */
export function mineForBet(db: Database, config: TokenConfig, bet: SettledBet): MiningResult {
  const before = totalMined(db);
  const result = mine(config.levels, config.maxSupply, before, bet.wager, bet.usdRate);
  if (result.mined <= 0n) return { ...result, mined: 0n, totalMinedAfter: before };
  const ref = `${bet.game.toLowerCase()}:${bet.betId}`;
  const pay = (amount: bigint) => transfer(db, { from: miningTreasury(), to: playerAccount(bet.userId, ACC), amount, kind: 'mining', ref });
  // The treasury is the hard stop: a shrunk configuration can never mine beyond what was minted. It
  // nearly always holds enough, so the conditional debit is tried first; a refused one writes nothing.
  let mined = result.mined;
  try {
    pay(mined);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    mined = balanceOf(db, miningTreasury());
    if (mined <= 0n) return { ...result, mined: 0n, totalMinedAfter: before };
    pay(mined);
  }
  sql(db, 'UPDATE token_mining SET total_mined = total_mined + ? WHERE id = 1').run(mined);
  return { ...result, mined, totalMinedAfter: before + mined };
}
