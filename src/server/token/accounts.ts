import { account } from '../ledger/ledger';
import type { AccountRef } from '../ledger/ledger';

/**
 * The token economy's ledger holders (docs/architecture.md, "Ledger"):
 * - `mining`                 ACC not mined yet: minted once from external up to the mining supply.
 * - `staking:<userId>`       a player's locked ACC.
 * - `burn`                   burned ACC (unlock fees); never leaves.
 * - `rewards_pool`           per bettable currency: the rewards pool fed by each bet's edge share.
 * - `staking_rewards:<id>`   per currency: rewards paid to a staker and not claimed yet.
 * The bankroll pool of a currency is the `house` account itself; its shares live in bankroll_positions.
 */
export const ACC = 'ACC';

export const miningTreasury = (): AccountRef => account('mining', ACC);
export const burnAccount = (): AccountRef => account('burn', ACC);
export const stakingAccount = (userId: number): AccountRef => account(`staking:${userId}`, ACC, userId);
export const rewardsPoolAccount = (currency: string): AccountRef => account('rewards_pool', currency);
export const unclaimedRewardsAccount = (userId: number, currency: string): AccountRef => account(`staking_rewards:${userId}`, currency, userId);
