import type { ApiClient } from '../api/client';

/**
 * What a screen's or a modal's effects need from the running app: the API and the time of the app's
 * clock (simulated in component tests). Messages to other actors are not effects; the machines send
 * them themselves through the app's actor system.
 */
export interface ScreenRuntime {
  api: ApiClient;
  now: () => number;
}

/**
 * Provides a screen's machine with the app's effects. Each provider lives in its route's or modal's
 * lazy chunk, so a machine is downloaded with the screen that runs it, not with the first page.
 */
export type ScreenProvider<T> = (runtime: ScreenRuntime) => T;
