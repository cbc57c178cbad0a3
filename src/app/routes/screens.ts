export interface ScreenInfo {
  path: `/${string}`;
  title: string;
  requiresAuth: boolean;
  /** What the screen will hold, shown until its issue lands so nobody mistakes it for a bug. */
  summary: string;
  coming: readonly string[];
}

/** The routes of docs/product.md §2 still shown as coming screens, in menu order (home and the account pages have their own). */
export const screens = [
  {
    path: '/dice',
    title: 'Dice',
    requiresAuth: false,
    summary: 'Roll under or over a target of your choice, with a win chance from 2% to 98%.',
    coming: ['Win-chance ring and slider', 'Roll under / over toggle', 'Bet amount with ½ and 2×', 'Provably fair seeds and the bets table'],
  },
  {
    path: '/mines',
    title: 'Mines',
    requiresAuth: false,
    summary: 'Uncover gems on a 5×5 board, avoid the mines, cash out whenever you like.',
    coming: ['5×5 board with 1 to 24 mines', 'Current and next profit', 'Cashout and the win popup'],
  },
  {
    path: '/blackjack',
    title: 'Blackjack',
    requiresAuth: false,
    summary: 'Beat the dealer without going over 21. Blackjack pays 3:2.',
    coming: ['Dealer row and one or two hands', 'STAND, SPLIT, DOUBLE and HIT', 'The dealer reveal, card by card'],
  },
  {
    path: '/baccarat',
    title: 'Baccarat',
    requiresAuth: false,
    summary: 'Back the player, the banker or a tie, and watch the cards arrive in order.',
    coming: ['Player, tie and banker areas with stacked chips', 'Bet and Clear', 'The deal and the win popup'],
  },
  {
    path: '/token',
    title: 'Token',
    requiresAuth: false,
    summary: 'ACC is the casino’s utility token: mined by betting, staked for daily rewards.',
    coming: ['Details, price and market cap', 'Total burned', 'Utilities and roadmap'],
  },
  {
    path: '/mining',
    title: 'Mining',
    requiresAuth: false,
    summary: 'Every settled bet mines ACC. Difficulty rises level by level.',
    coming: ['Current level and difficulty', 'Progress to the next level', 'The table of levels'],
  },
  {
    path: '/earn',
    title: 'Earn',
    requiresAuth: false,
    summary: 'Add liquidity to the house bankroll and share in its profit.',
    coming: ['Total value locked, profit and volume', 'Pools with Add Liquidity', 'My positions with Remove'],
  },
  {
    path: '/staking',
    title: 'Staking',
    requiresAuth: false,
    summary: 'Lock ACC to earn a share of the daily rewards pool, paid at midnight UTC.',
    coming: ['Rewards pool and countdown', 'My rewards with Claim', 'Lock and Unlock', 'Burn, payout and staking history'],
  },
] as const satisfies readonly ScreenInfo[];

export function screenAt(path: ScreenInfo['path']): ScreenInfo {
  const screen = screens.find((s) => s.path === path);
  if (!screen) throw new Error(`no screen at ${path}`);
  return screen;
}
