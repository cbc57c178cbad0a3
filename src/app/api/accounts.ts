import type { RefreshResult } from '../../core/accounts/session';
import type * as Auth from '../../core/contracts/auth';
import type { Body, Reply } from '../../core/contracts/common';
import type { Credentials } from '../../../machines/auth/machine';
import type { ApiClient } from './client';

/** The /auth calls, typed by their contracts (src/core/contracts/auth.ts); the machines' actors are made from these. */
export function accountCalls(api: ApiClient) {
  const open = { authorize: false } as const;
  return {
    login: ({ userName, password, mfaCode }: Credentials) =>
      api.post<Reply<typeof Auth.login>>('/auth/login', mfaCode ? { userName, password, mfaCode } : { userName, password }, open),
    register: (body: Body<typeof Auth.register>) => api.post<Reply<typeof Auth.register>>('/auth/register', body, open),
    // The session machines read a refresh answer loosely (RefreshResult); the contract's reply fits it.
    refreshToken: (refreshToken: string): Promise<RefreshResult> => api.post<Reply<typeof Auth.refreshToken>>('/auth/refresh-token', { refreshToken }, open),
    endSession: (sessionId: string) => api.post<Reply<typeof Auth.endSession>>('/auth/end-session', { sessionId }),
    getSessions: () => api.get<Reply<typeof Auth.getSessions>>('/auth/get-sessions'),
    endOtherSessions: () => api.post<Reply<typeof Auth.endOtherSessions>>('/auth/end-other-sessions'),
    forgotPassword: (email: string) => api.post<Reply<typeof Auth.forgotPassword>>('/auth/forgot-password', { email }, open),
    resetPassword: (body: Body<typeof Auth.resetPassword>) => api.post<Reply<typeof Auth.resetPassword>>('/auth/reset-password', body, open),
    confirmEmail: (userId: string, token: string) =>
      // The link carries the id as text; the API takes the number it was made from.
      api.post<Reply<typeof Auth.confirmEmail>>('/auth/confirm-email', { userId: /^\d+$/.test(userId) ? Number(userId) : userId, token }, open),
    // Its screen needs only that it succeeded.
    resendConfirmation: (): Promise<unknown> => api.post<Reply<typeof Auth.resendConfirmation>>('/auth/resend-confirmation'),
    changePassword: (body: Body<typeof Auth.changePassword>) => api.post<Reply<typeof Auth.changePassword>>('/auth/change-password', body),
    getMfaKey: () => api.get<Reply<typeof Auth.getMfaKey>>('/auth/get-mfa-key'),
    enableMfa: (mfaCode: string) => api.post<Reply<typeof Auth.enableMfa>>('/auth/enable-mfa', { mfaCode }),
    disableMfa: (mfaCode: string) => api.post<Reply<typeof Auth.disableMfa>>('/auth/disable-mfa', { mfaCode }),
    me: () => api.get<Reply<typeof Auth.me>>('/auth/me'),
  };
}

export type AccountCalls = ReturnType<typeof accountCalls>;
