import type { SnapshotFrom } from 'xstate';
import type { BetDetail, betRecallMachine } from './machine';
import type { BetRecall, RecallCheck } from '../../src/core/bets/recall';

type Snapshot = SnapshotFrom<typeof betRecallMachine>;

export type RecallPage = 'loading' | 'malformed' | 'notFound' | 'unavailable' | 'shown';
export type RecallFairness = 'sealed' | 'unverifiable' | 'revealed' | 'verifying' | 'matched' | 'mismatched' | 'verifyFailed';
export type RecallShare = 'idle' | 'copying' | 'copied' | 'copyFailed';

const PAGES: readonly RecallPage[] = ['malformed', 'notFound', 'unavailable', 'shown'];
const FAIRNESS: readonly RecallFairness[] = ['sealed', 'unverifiable', 'revealed', 'verifying', 'matched', 'mismatched', 'verifyFailed'];
const SHARE: readonly RecallShare[] = ['idle', 'copying', 'copied', 'copyFailed'];

/** Which page shows: the bet, or one of the clear messages (malformed id, unknown bet, no answer). */
export const selectPage = (s: Snapshot): RecallPage => PAGES.find((page) => s.matches(page)) ?? 'loading';
/** Where the fairness panel stands; null until the bet is shown. */
export const selectFairness = (s: Snapshot): RecallFairness | null => FAIRNESS.find((state) => s.matches({ shown: { fairness: state } })) ?? null;
/** Where Copy link stands; null until the bet is shown. */
export const selectShare = (s: Snapshot): RecallShare | null => SHARE.find((state) => s.matches({ shown: { share: state } })) ?? null;
export const selectBetId = (s: Snapshot): string => s.context.betId;
export const selectBet = (s: Snapshot): BetDetail | null => s.context.bet;
export const selectRecall = (s: Snapshot): BetRecall | null => s.context.recall;
export const selectCheck = (s: Snapshot): RecallCheck | null => s.context.check;
export const selectIsBusy = (s: Snapshot): boolean => s.hasTag('busy');
