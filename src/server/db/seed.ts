import type { Database } from 'better-sqlite3';

export const DEMO_CURRENCIES = [
  { symbol: 'BTC', name: 'Bitcoin', bettable: true },
  { symbol: 'ETH', name: 'Ethereum', bettable: true },
  { symbol: 'USDT', name: 'Tether', bettable: true },
  { symbol: 'LTC', name: 'Litecoin', bettable: true },
  { symbol: 'DOGE', name: 'Dogecoin', bettable: true },
  // The utility token can be held and staked, never bet (docs/product.md §1).
  { symbol: 'ACC', name: 'ACC Token', bettable: false },
] as const;

/** Idempotent: inserts what is missing, never overwrites what an operator changed. */
export function seedDemoData(db: Database): void {
  const insert = db.prepare(
    'INSERT INTO currencies (symbol, name, bettable, position) VALUES (?, ?, ?, ?) ON CONFLICT (symbol) DO NOTHING',
  );
  db.transaction(() => {
    DEMO_CURRENCIES.forEach((currency, index) => {
      insert.run(currency.symbol, currency.name, currency.bettable ? 1 : 0, index);
    });
  })();
}
