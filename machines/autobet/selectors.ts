import type { SnapshotFrom } from 'xstate';
import { AUTOBET_MESSAGES, formatNet } from '../../src/core/bets/autobet';
import type { AutobetSettings } from '../../src/core/bets/autobet';
import type { autobetMachine } from './machine';

type Snapshot = SnapshotFrom<typeof autobetMachine>;

export const selectSettings = (s: Snapshot): AutobetSettings => s.context.settings;
/** A run is on (the settings are locked; the button reads Stop autobet). */
export const selectIsRunning = (s: Snapshot): boolean => s.hasTag('running');
/** Stop was pressed (or the link lost) and the bet in flight is still to settle. */
export const selectIsFinishing = (s: Snapshot): boolean => s.matches({ run: { running: 'finishing' } });
/** Bets settled in the run on, or in the last run; null before the first run. */
export const selectCount = (s: Snapshot): number | null => (s.context.plan ? s.context.count : null);
/** The run's net profit, signed, in the currency or in dollars; null before the first run. */
export const selectNetText = (s: Snapshot): string | null => (s.context.plan ? formatNet(s.context.net, s.context.currency, s.context.fiatRate) : null);
export const selectNetSign = (s: Snapshot): 'up' | 'down' | 'even' => {
  const net = BigInt(s.context.net);
  return net > 0n ? 'up' : net < 0n ? 'down' : 'even';
};
/** Why the last run stopped, or why Start was refused; never while a run is on. */
export const selectStopReason = (s: Snapshot): string | null => (s.matches({ run: 'idle' }) ? s.context.reason : null);
/** The live connection is down: Start would be refused. */
export const selectLinkDown = (s: Snapshot): boolean => s.hasTag('linkDown');
/** Why Start autobet is disabled now, shown by it: the live connection is down (a run could not go on); null while Start may be pressed. */
export const selectStartBlocked = (s: Snapshot): string | null => (s.hasTag('linkDown') && !s.hasTag('running') ? AUTOBET_MESSAGES.liveLost : null);
