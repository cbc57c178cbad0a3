import type { RefreshResult } from '../../core/accounts/session';
import type * as Auth from '../../core/contracts/auth';
import type { Body, Reply } from '../../core/contracts/common';
import type { Credentials } from '../../../machines/auth/machine';
import type { ApiClient } from './client';

/**
 * The /auth calls of the session (log in, sign up, refresh, log out, forgot password), typed by their
 * contracts (src/core/contracts/auth.ts); the auth machines' actors are made from these. The account
 * pages' calls are in accountPages.ts, which loads with those pages.
 */
export function accountCalls(api: ApiClient) {
  const open = { authorize: false } as const;
  return {
    login: ({ userName, password, mfaCode }: Credentials) =>
      api.post<Reply<typeof Auth.login>>('/auth/login', mfaCode ? { userName, password, mfaCode } : { userName, password }, open),
    register: (body: Body<typeof Auth.register>) => api.post<Reply<typeof Auth.register>>('/auth/register', body, open),
    // The session machines read a refresh answer loosely (RefreshResult); the contract's reply fits it.
    refreshToken: (refreshToken: string): Promise<RefreshResult> => api.post<Reply<typeof Auth.refreshToken>>('/auth/refresh-token', { refreshToken }, open),
    endSession: (sessionId: string) => api.post<Reply<typeof Auth.endSession>>('/auth/end-session', { sessionId }),
    forgotPassword: (email: string) => api.post<Reply<typeof Auth.forgotPassword>>('/auth/forgot-password', { email }, open),
  };
}

export type AccountCalls = ReturnType<typeof accountCalls>;
