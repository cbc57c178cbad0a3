import type { SnapshotFrom } from 'xstate';
import type { GameRtp } from '../../src/core/contracts/rtp';
import type { rtpMachine } from './machine';

type Snapshot = SnapshotFrom<typeof rtpMachine>;

export type RtpPageState = 'loading' | 'failed' | 'ready';

export const selectRtpPage = (s: Snapshot): RtpPageState => (s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'loading');
export const selectRtpGames = (s: Snapshot): readonly GameRtp[] => s.context.report?.games ?? [];
export const selectRtpError = (s: Snapshot): string | null => (s.matches('failed') || s.matches({ ready: 'updateFailed' }) ? s.context.error : null);
/** The figures are being read again after a bet (or are about to be). */
export const selectRtpUpdating = (s: Snapshot): boolean => s.matches({ ready: 'pending' }) || s.matches({ ready: 'refreshing' });
