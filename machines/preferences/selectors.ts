import type { SnapshotFrom } from 'xstate';
import { DEFAULT_PREFERENCES, formatPlayed } from '../../src/core/accounts/preferences';
import type { Preferences } from '../../src/core/accounts/preferences';
import type { preferencesMachine } from './machine';

type Snapshot = SnapshotFrom<typeof preferencesMachine>;

/** The preferences as the page shows them: a change being saved shows as chosen. */
export const selectShownPreferences = (s: Snapshot): Preferences => ({ ...s.context.preferences, ...s.context.pending });
export const selectInstantModeAllowed = (s: Snapshot) => s.context.instantModeAllowed;
export const selectPreferencesLoading = (s: Snapshot) => s.hasTag('loading');
export const selectPreferencesSaving = (s: Snapshot) => s.hasTag('busy');
export const selectPreferencesUnavailable = (s: Snapshot) => s.hasTag('alert');
export const selectPreferencesError = (s: Snapshot) => s.context.error;
export const selectRealityCheckShowing = (s: Snapshot) => s.hasTag('realityCheck');

/** Whether the games' keys work: shortcuts on, and no reality check on screen. A visitor (no actor) has them on. */
export const selectGameKeysOn = (s: Snapshot | undefined): boolean =>
  s === undefined ? DEFAULT_PREFERENCES.keyboardShortcuts : s.context.preferences.keyboardShortcuts && !s.hasTag('realityCheck');
export const selectShortcutsOn = (s: Snapshot | undefined): boolean => s?.context.preferences.keyboardShortcuts ?? DEFAULT_PREFERENCES.keyboardShortcuts;

/** Instant mode as it applies: chosen by the player and offered by the casino. */
export const selectInstantMode = (s: Snapshot | undefined): boolean =>
  s !== undefined && s.context.instantModeAllowed && s.context.preferences.instantMode;

/** What the reality check dialog shows: time played and the net result per currency played. */
export const selectRealityCheck = (s: Snapshot) => {
  const summary = s.context.summary;
  if (!summary) return { played: null, results: [] };
  return { played: formatPlayed(Date.parse(summary.now) - Date.parse(summary.startedAt)), results: summary.results };
};
