import { accountRoutes } from './account';
import { authRoutes } from './auth';
import { BaccaratBet } from './baccarat';
import { BlackjackActions, BlackjackActiveGame, BlackjackBet } from './blackjack';
import { DiceBet } from './dice';
import { MinesActiveGame, MinesBet, MinesCashout, MinesPick } from './mines';
import { casinoRoutes } from './casino';
import { getRtp } from './rtp';
import { liabilitiesRoutes } from './liabilities';
import type { HttpMethod, RouteContract } from './common';
import { hubRoutes } from './hub';
import { paymentsRoutes } from './payments';
import { preferencesRoutes } from './preferences';
import { systemRoutes } from './system';
import { tokenRoutes } from './token';
import { walletRoutes } from './wallet';

/**
 * Every route of the API in one table: the server's OpenAPI document, the generated docs/api.md, the
 * contract test (every registered route has a contract) and the component tests' fake API (each
 * reply is checked against its route) all read this list.
 */
export const ROUTE_CONTRACTS: readonly RouteContract[] = [
  ...systemRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...walletRoutes,
  ...paymentsRoutes,
  ...casinoRoutes,
  getRtp,
  ...liabilitiesRoutes,
  ...preferencesRoutes,
  DiceBet,
  MinesBet,
  MinesPick,
  MinesCashout,
  MinesActiveGame,
  BlackjackBet,
  ...Object.values(BlackjackActions),
  BlackjackActiveGame,
  BaccaratBet,
  ...tokenRoutes,
  ...hubRoutes,
];

/** The order of the call groups in the documentation. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'auth', description: 'Accounts: sign-up, sign-in, sessions, e-mail confirmation, passwords and two-factor.' },
  { name: 'account', description: 'Responsible gambling: deposit, loss and wager limits, a break, self-exclusion.' },
  { name: 'wallet', description: "The player's balances and the Cashier: deposit address, demo funds, withdrawals." },
  { name: 'payments', description: 'Exchange rates.' },
  { name: 'casino', description: 'What every game shares: bet limits, fairness seeds, the bets feed and one bet in detail.' },
  { name: 'dice', description: 'Dice.' },
  { name: 'mines', description: 'Mines.' },
  { name: 'blackjack', description: 'Blackjack.' },
  { name: 'baccarat', description: 'Baccarat.' },
  { name: 'token', description: 'The ACC token: mining, staking, rewards, burns and the bankroll pools.' },
  { name: 'hub', description: 'The live hub.' },
  { name: 'system', description: 'Health, the inspector switch and this document.' },
];

const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const byKey = new Map(ROUTE_CONTRACTS.map((contract) => [key(contract.method, contract.path), contract]));

/** The contract of a route by method and path under the API base (`/wallet/get-wallets`), if it has one. */
export function contractFor(method: HttpMethod | string, path: string): RouteContract | undefined {
  return byKey.get(key(method, path));
}
