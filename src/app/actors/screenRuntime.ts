import type { EventObject } from 'xstate';
import type { AccountCalls } from '../api/accounts';
import type { ApiClient } from '../api/client';
import type { walletCalls } from '../api/wallet';

/**
 * What a screen's or a modal's logic needs from the running app. A screen's actor lives in an actor
 * system of its own, so effects that reach an app-wide actor (wallet, betsFeed, modals, auth) or a
 * page on show go through `tell`, which sends by systemId.
 */
export interface ScreenRuntime {
  api: ApiClient;
  calls: AccountCalls;
  wallet: ReturnType<typeof walletCalls>;
  tell: <E extends EventObject>(systemId: string, event: E) => void;
}

/**
 * Provides a screen's machine with the app's effects. Each provider lives in its route's or modal's
 * lazy chunk, so a machine is downloaded with the screen that runs it, not with the first page.
 */
export type ScreenProvider<T> = (runtime: ScreenRuntime) => T;
