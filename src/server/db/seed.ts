import type { Database } from './sql';

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
export async function seedDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, currency] of DEMO_CURRENCIES.entries()) {
      await tx.run('INSERT INTO currencies (symbol, name, bettable, position) VALUES (?, ?, ?, ?) ON CONFLICT (symbol) DO NOTHING', [
        currency.symbol,
        currency.name,
        currency.bettable ? 1 : 0,
        index,
      ]);
    }
  });
}
