import type { SnapshotFrom } from 'xstate';
import type { Bet } from '../shared/events';
import type { BetsTab, betsFeedMachine } from './machine';

type Snapshot = SnapshotFrom<typeof betsFeedMachine>;

export const selectTab = (s: Snapshot): BetsTab => (s.matches({ tabs: 'mine' }) ? 'mine' : s.matches({ tabs: 'highRollers' }) ? 'highRollers' : 'all');
/** MY BETS is offered to signed-in players only (docs/product.md §2, §6). */
export const selectShowsMyBetsTab = (s: Snapshot): boolean => s.hasTag('signedIn');
export const selectIsLoading = (s: Snapshot): boolean => s.hasTag('loading');

/** The rows of the selected tab, newest first (20 at most). */
export const selectRows = (s: Snapshot): readonly Bet[] => {
  const tab = selectTab(s);
  return tab === 'mine' ? s.context.myBets : tab === 'highRollers' ? s.context.highrollerBets : s.context.latestBets;
};

/** docs/product.md §2: payout green when the multiplier is at least 1, otherwise grey. */
export const payoutTone = (bet: Bet): 'win' | 'muted' => (bet.multiplier >= 1 ? 'win' : 'muted');
