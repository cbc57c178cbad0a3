import type { SnapshotFrom } from 'xstate';
import { hashCheckOf } from './machine';
import type { RevealedSeed, SeedMode, SeedState, SeedTab, VerifyForm, VerifyResult, seedMachine } from './machine';

type Snapshot = SnapshotFrom<typeof seedMachine>;

export const selectTab = (s: Snapshot): SeedTab =>
  s.matches({ tabs: 'verify' }) ? 'verify' : s.matches({ tabs: 'history' }) ? 'history' : 'seeds';
export const selectSeedState = (s: Snapshot): SeedState | null => s.context.seed;
export const selectIsLoadingSeed = (s: Snapshot): boolean => s.hasTag('loadingSeed');
export const selectSeedUnavailable = (s: Snapshot): boolean => s.matches({ seed: 'unavailable' });
export const selectClientSeedField = (s: Snapshot): string => s.context.draft;
export const selectClientSeedInvalid = (s: Snapshot): boolean => s.hasTag('clientSeedInvalid');
export const selectCanRotate = (s: Snapshot): boolean => s.can({ type: 'user.rotate' });
export const selectIsRotating = (s: Snapshot): boolean => s.matches({ seed: { ready: 'rotating' } });
export const selectSeedMode = (s: Snapshot): SeedMode | null => s.context.seed?.mode ?? null;
export const selectCanSaveClientSeed = (s: Snapshot): boolean => s.can({ type: 'user.saveClientSeed' });
export const selectIsSwitchingMode = (s: Snapshot): boolean => s.matches({ seed: { ready: 'switchingMode' } });
export const selectIsSavingClientSeed = (s: Snapshot): boolean => s.matches({ seed: { ready: 'savingClientSeed' } });
/** The refusal of the last seed request (rotation, mode switch, client seed), while it stands. */
export const selectRotateMessage = (s: Snapshot): string | null => (s.matches({ seed: { ready: 'refused' } }) ? s.context.rotateMessage : null);

export const selectHistory = (s: Snapshot): readonly RevealedSeed[] => s.context.history;
export const selectIsLoadingHistory = (s: Snapshot): boolean => s.hasTag('loadingHistory');
/** The nonces of the bets played with a revealed pair: 0 .. nonce − 1. */
export const noncesOf = (pair: RevealedSeed): number[] => Array.from({ length: pair.nonce }, (_, i) => i);

export const selectVerifyForm = (s: Snapshot): VerifyForm => s.context.form;
export const selectIsVerifying = (s: Snapshot): boolean => s.matches({ verification: 'computing' });
export const selectVerified = (s: Snapshot): VerifyResult | null => (s.hasTag('verified') ? s.context.verified : null);
/** Whether the verified server seed hashes to the hash shown before the bet (null: no hash given, or nothing verified). */
export const selectHashCheck = (s: Snapshot): 'match' | 'mismatch' | null => {
  const verified = selectVerified(s);
  return verified ? hashCheckOf(s.context.form, verified) : null;
};
export const selectVerifyMessage = (s: Snapshot): string | null => (s.hasTag('verifyMessage') ? s.context.verifyMessage : null);

/** Whether the copy button for `what` shows its success mark. */
export const selectIsCopied = (what: string) => (s: Snapshot): boolean => s.hasTag('copied') && s.context.copied === what;
