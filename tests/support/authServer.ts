import { afterEach, vi } from 'vitest';
import { call } from './auth';
import type { SignedIn } from './auth';
import { serverPerBlock } from './server';
import type { TestServer } from './server';

/**
 * The set-up every auth test block repeated: one real server for the block, a fresh client address
 * per sign-in (so one test's per-address throttle never blocks another's), the real clock back after
 * each test, and the two calls they all make. Call it inside `describe`.
 */
export function authServer(network = '198.51.100.') {
  const shared = serverPerBlock();
  let address = 0;
  afterEach(() => {
    vi.useRealTimers();
  });
  const running = (): TestServer => shared.server;
  const from = () => ({ forwardedFor: `${network}${++address}` });
  return {
    get server() {
      return running();
    },
    from,
    login: (userName: string, password: string, mfaCode?: string) =>
      call<SignedIn>(running(), '/auth/login', { userName, password, ...(mfaCode === undefined ? {} : { mfaCode }) }, from()),
    me: (jwt: string) => call(running(), '/auth/me', undefined, { token: jwt }),
  };
}
