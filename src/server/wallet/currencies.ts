import type { Database } from 'better-sqlite3';
import { statement } from '../db/statements';
import { badRequest } from '../errors';

export interface Currency {
  symbol: string;
  name: string;
  /** False for ACC: held, staked, never bet. */
  bettable: boolean;
  position: number;
}

interface CurrencyRow {
  symbol: string;
  name: string;
  bettable: number;
  position: number;
}

const toCurrency = (row: CurrencyRow): Currency => ({ ...row, bettable: row.bettable === 1 });

/** Every currency the server knows, in display order: one added later shows up everywhere. */
export function listCurrencies(db: Database): Currency[] {
  return (statement(db, 'SELECT symbol, name, bettable, position FROM currencies ORDER BY position, symbol').all() as CurrencyRow[]).map(
    toCurrency,
  );
}

export function findCurrency(db: Database, symbol: string): Currency | null {
  const row = statement(db, 'SELECT symbol, name, bettable, position FROM currencies WHERE symbol = ?').get(symbol.toUpperCase()) as
    | CurrencyRow
    | undefined;
  return row ? toCurrency(row) : null;
}

/** The currency named in a request, or a 400 that says which one is unknown. */
export function requireCurrency(db: Database, symbol: string): Currency {
  const currency = findCurrency(db, symbol);
  if (!currency) throw badRequest(`Unknown currency "${symbol}"`, 'unknown_currency');
  return currency;
}
