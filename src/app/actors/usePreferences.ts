import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom, AnyStateMachine } from 'xstate';
import { selectGameKeysOn, selectInstantMode, selectShortcutsOn } from '../../../machines/preferences/selectors';
import type { preferencesMachine } from '../../../machines/preferences/machine';
import { SCREEN_IDS } from '../../../machines/shared/screens';
import { AppActor } from './AppActor';

export type PreferencesRef = ActorRefFrom<typeof preferencesMachine>;

/** The signed-in player's preferences actor (machines/preferences); undefined for a visitor, who has the defaults. */
export const usePreferencesRef = (): PreferencesRef | undefined =>
  AppActor.useSelector((s) => s.context.screens[SCREEN_IDS.preferences]) as PreferencesRef | undefined;

/** Whether the games' keys work now: shortcuts on, and no reality check on screen. */
export const useGameKeysOn = (): boolean => useSelector(usePreferencesRef(), (s) => selectGameKeysOn(s));
/** Whether the player turned the shortcuts on (the hotkeys panel says so). */
export const useShortcutsOn = (): boolean => useSelector(usePreferencesRef(), (s) => selectShortcutsOn(s));
/** Whether the games skip their animations: chosen by the player and offered by the casino. */
export const useInstantMode = (): boolean => useSelector(usePreferencesRef(), (s) => selectInstantMode(s));

/**
 * A game's logic as instant mode wants it: with the delays that only animate a round at zero
 * (machines/shared/instant.ts) while instant mode applies, else as it is. The screen opens afresh when
 * the setting changes (at sign-in, once the preferences are read), so a change applies from then on.
 */
export function useRoundLogic<T extends AnyStateMachine>(logic: T, instantDelays: Readonly<Record<string, number>>): T {
  const instant = useInstantMode();
  return useMemo(() => (instant ? (logic.provide({ delays: instantDelays }) as T) : logic), [instant, logic, instantDelays]);
}
