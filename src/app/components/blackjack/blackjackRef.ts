import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { blackjackMachine } from '../../../../machines/blackjack/machine';
import type { ShownHand } from '../../../../machines/blackjack/selectors';

/** The running blackjack screen actor (the machine with the app's effects provided). */
export type BlackjackRef = ActorRefFrom<typeof blackjackMachine>;
export type BlackjackSnapshot = SnapshotFrom<typeof blackjackMachine>;

export type HandResult = 'blackjack' | 'win' | 'tie' | 'lose';

const units = (amount: number) => Math.round(amount * 1e8);

/** How a settled hand came out, read from what it returned against its stake (docs/blackjack.md payouts). */
export function handResult(hand: ShownHand): HandResult | null {
  if (hand.result === null) return null;
  const returned = units(hand.result);
  const staked = units(hand.bet);
  if (returned > staked * 2) return 'blackjack';
  if (returned > staked) return 'win';
  return returned === staked ? 'tie' : 'lose';
}
