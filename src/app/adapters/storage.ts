import { isUser } from '../../core/accounts/session';
import type { SessionTokens, User } from '../../core/accounts/session';
import type { StoredSession } from '../../../machines/auth/machine';

/** The stored browser values, with exactly the keys of docs/product.md §3/§9 (selectedCurrency is the wallet's). */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  sessionId: 'sessionId',
  user: 'user',
  selectedCurrency: 'selectedCurrency',
} as const;

// Storage can throw (quota, privacy modes); a session that cannot be stored simply does not survive a reload.
function attempt<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function createSessionStore(storage: Storage) {
  const get = (key: string) => attempt(() => storage.getItem(key), null);
  const set = (key: string, value: string) => attempt(() => storage.setItem(key, value), undefined);
  const storeTokens = (tokens: SessionTokens) => {
    set(STORAGE_KEYS.authToken, tokens.accessToken);
    set(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  };
  const storeUser = (user: User) => set(STORAGE_KEYS.user, JSON.stringify(user));
  return {
    read(): StoredSession {
      const rawUser = get(STORAGE_KEYS.user);
      const user = rawUser ? attempt<unknown>(() => JSON.parse(rawUser), null) : null;
      return {
        accessToken: get(STORAGE_KEYS.authToken),
        refreshToken: get(STORAGE_KEYS.refreshToken),
        sessionId: get(STORAGE_KEYS.sessionId),
        user: isUser(user) ? user : null,
      };
    },
    storeSession({ user, tokens, sessionId }: { user: User; tokens: SessionTokens; sessionId: string | null }) {
      storeTokens(tokens);
      storeUser(user);
      if (sessionId) set(STORAGE_KEYS.sessionId, sessionId);
    },
    storeTokens,
    storeUser,
    clear() {
      for (const key of [STORAGE_KEYS.authToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.sessionId, STORAGE_KEYS.user]) {
        attempt(() => storage.removeItem(key), undefined);
      }
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

const PREFERENCE_KEYS = { displayFiat: 'displayFiat', hideZero: 'hideZero' } as const;

/** The wallet's remembered choices: selectedCurrency (docs/product.md §3/§9) and the two checkboxes. */
export function createPreferenceStore(storage: Storage) {
  const get = (key: string) => attempt(() => storage.getItem(key), null);
  const set = (key: string, value: string) => attempt(() => storage.setItem(key, value), undefined);
  return {
    read: () => ({
      storedCurrency: get(STORAGE_KEYS.selectedCurrency),
      displayFiat: get(PREFERENCE_KEYS.displayFiat) === 'true',
      hideZero: get(PREFERENCE_KEYS.hideZero) === 'true',
    }),
    storeCurrency: (symbol: string) => set(STORAGE_KEYS.selectedCurrency, symbol),
    storeDisplayFiat: (on: boolean) => set(PREFERENCE_KEYS.displayFiat, String(on)),
    storeHideZero: (on: boolean) => set(PREFERENCE_KEYS.hideZero, String(on)),
  };
}
