import type { ScreenId } from './screens';

/**
 * systemIds of the actors in the browser's one actor system, all children of the root `app` actor.
 * Machines address each other through the system with these names (`sendTo(({ system }) =>
 * system.get(SYSTEM_IDS.wallet), …)`), never through React.
 */
export const APP_WIDE_IDS = {
  modals: 'modals',
  shell: 'shell',
  auth: 'auth',
  tokenRefresh: 'tokenRefresh',
  wallet: 'wallet',
  live: 'live',
  betsFeed: 'betsFeed',
} as const;

/** The screens that app-wide actors address (live's token events, and its bets for the statistics panel). */
export const SYSTEM_IDS = { ...APP_WIDE_IDS, staking: 'staking', earn: 'earn', stats: 'stats', rtp: 'rtp' } as const;
export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS] | ScreenId;
export type { ScreenId };
