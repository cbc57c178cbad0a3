import type { Sql } from '../db/sql';
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
export async function listCurrencies(sql: Sql): Promise<Currency[]> {
  return (await sql.all<CurrencyRow>('SELECT symbol, name, bettable, position FROM currencies ORDER BY position, symbol')).map(toCurrency);
}

export async function findCurrency(sql: Sql, symbol: string): Promise<Currency | null> {
  const row = await sql.get<CurrencyRow>('SELECT symbol, name, bettable, position FROM currencies WHERE symbol = ?', [symbol.toUpperCase()]);
  return row ? toCurrency(row) : null;
}

/** The currency named in a request, or a 400 that says which one is unknown. */
export async function requireCurrency(sql: Sql, symbol: string): Promise<Currency> {
  const currency = await findCurrency(sql, symbol);
  if (!currency) throw badRequest(`Unknown currency "${symbol}"`, 'unknown_currency');
  return currency;
}
