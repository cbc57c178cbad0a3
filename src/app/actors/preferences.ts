import { fromPromise } from 'xstate';
import type { Body, Reply } from '../../core/contracts/common';
import type { getPreferences, getSessionSummary, setPreferences } from '../../core/contracts/preferences';
import { preferencesMachine } from '../../../machines/preferences/machine';
import type { AppRuntime } from './appLogic';

/** The preferences' and reality checks' calls, and the way home after Stop playing; with the signed-in header's chunk. */
export function providePreferences({ api, navigation }: Pick<AppRuntime, 'api' | 'navigation'>) {
  return preferencesMachine.provide({
    actors: {
      loadPreferences: fromPromise(() => api.get<Reply<typeof getPreferences>>('/auth/get-preferences')),
      savePreferences: fromPromise(({ input }) =>
        api.post<Reply<typeof setPreferences>>('/auth/set-preferences', input as Body<typeof setPreferences>),
      ),
      fetchSessionSummary: fromPromise(() => api.get<Reply<typeof getSessionSummary>>('/casino/get-session-summary')),
    },
    actions: {
      goHome: () => navigation.goHome(),
    },
  });
}
