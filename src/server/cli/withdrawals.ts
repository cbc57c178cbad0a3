/**
 * `npm run withdrawals -- <command>`: the operator's side of real-money withdrawals (DEMO_FUNDS=false),
 * against the server's database: PostgreSQL when DATABASE_URL is set (DATABASE_SCHEMA, if set, names
 * its schema), else DATA_DIR's SQLite file. Safe beside running servers: every change is one
 * transaction, and a withdrawal closes only while it is pending (a conditional update), so two
 * operators or an operator and the player cannot both move its money.
 *
 *   list                          pending withdrawals, oldest first
 *   complete ID [--tx HASH]       the coins were sent: the amount leaves for the external account
 *   refuse ID --reason TEXT       the coins will not be sent: the amount returns to the player
 *
 * Each change is a ledger transfer (`withdrawal_sent` or `withdrawal_refused`, ref `withdrawal:<id>`)
 * and a JSON line appended to DATA_DIR/withdrawals.log. Exit codes: 0 done, 1 refused (unknown id,
 * not pending), 2 bad usage or no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatCrypto } from '../../core/money';
import type { Database } from '../db/database';
import {
  markWithdrawalSent,
  pendingWithdrawals,
  refuseWithdrawal,
  WithdrawalNotFoundError,
  WithdrawalNotPendingError,
} from '../wallet/cashier';
import type { Withdrawal } from '../wallet/cashier';
import { openServerDatabase, runTool } from './database';
import { isoNow } from '../clock';

const USAGE = `usage: npm run withdrawals -- list | complete ID [--tx HASH] | refuse ID --reason TEXT`;

class UsageError extends Error {}

interface Parsed {
  command: 'list' | 'complete' | 'refuse';
  id?: number;
  tx?: string;
  reason?: string;
}

export function parseArgs(argv: readonly string[]): Parsed {
  const [command, ...rest] = argv;
  if (command === 'list') {
    if (rest.length > 0) throw new UsageError(`list takes no arguments`);
    return { command };
  }
  if (command !== 'complete' && command !== 'refuse') throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  const [idText, ...options] = rest;
  if (!idText || !/^[1-9]\d{0,15}$/.test(idText)) throw new UsageError(`${command} needs a withdrawal id (a whole number), got "${idText ?? ''}"`);
  const parsed: Parsed = { command, id: Number(idText) };
  for (let i = 0; i < options.length; i += 2) {
    const flag = options[i];
    const value = options[i + 1];
    if (value === undefined || value.trim() === '') throw new UsageError(`${flag} needs a value`);
    if (command === 'complete' && flag === '--tx') parsed.tx = value.trim();
    else if (command === 'refuse' && flag === '--reason') parsed.reason = value.trim();
    else throw new UsageError(`unknown option "${flag}" for ${command}`);
  }
  if (command === 'refuse' && !parsed.reason) throw new UsageError('refuse needs --reason TEXT (the player reads it)');
  if (parsed.tx !== undefined && parsed.tx.length > 200) throw new UsageError('--tx is at most 200 characters');
  if (parsed.reason !== undefined && parsed.reason.length > 500) throw new UsageError('--reason is at most 500 characters');
  return parsed;
}

const describe = (w: Withdrawal) =>
  `#${w.id}  player ${w.userId}  ${formatCrypto(w.amount)} ${w.currency}  to ${w.address}  requested ${w.createdAt}`;

function log(dataDir: string, entry: Record<string, unknown>): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.appendFileSync(path.join(dataDir, 'withdrawals.log'), `${JSON.stringify({ at: isoNow(), ...entry })}\n`);
}

async function run(db: Database, dataDir: string, args: Parsed): Promise<void> {
  if (args.command === 'list') {
    const pending = await pendingWithdrawals(db, 1000);
    if (pending.length === 0) console.log('no pending withdrawals');
    for (const w of pending) console.log(describe(w));
    return;
  }
  const id = args.id as number;
  if (args.command === 'complete') {
    const tx = args.tx ?? `operator:${isoNow()}`;
    const w = await markWithdrawalSent(db, id, tx);
    log(dataDir, { action: 'complete', id, userId: w.userId, currency: w.currency, amount: w.amount.toString(), tx });
    console.log(`completed ${describe(w)}  tx ${tx}`);
    return;
  }
  const reason = args.reason as string;
  const { withdrawal: w, balance } = await refuseWithdrawal(db, id, reason);
  log(dataDir, { action: 'refuse', id, userId: w.userId, currency: w.currency, amount: w.amount.toString(), reason });
  console.log(`refused ${describe(w)}  reason: ${reason}; returned to the player, whose balance is now ${formatCrypto(balance)} ${w.currency}`);
}

/** The server's own database settings (DATABASE_URL, DATABASE_SCHEMA, DATA_DIR, SQLITE_SYNCHRONOUS). */
async function main(): Promise<number> {
  let args: Parsed;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`withdrawals: ${error.message}\n${USAGE}`);
    return 2;
  }
  const opened = await openServerDatabase();
  if (typeof opened === 'string') {
    console.error(`withdrawals: ${opened}`);
    return 2;
  }
  const { db, dataDir } = opened;
  try {
    await run(db, dataDir, args);
    return 0;
  } catch (error) {
    if (error instanceof WithdrawalNotFoundError) {
      console.error(`withdrawals: there is no withdrawal ${args.id}`);
      return 1;
    }
    if (error instanceof WithdrawalNotPendingError) {
      console.error(`withdrawals: withdrawal ${args.id} is already ${error.status}; only a pending one can be completed or refused`);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

runTool(main);
