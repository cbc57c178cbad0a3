import type { RefreshResult, SignInResult, User } from '../../core/accounts/session';
import type { Credentials } from '../../../machines/auth/machine';
import type { MfaKey } from '../../../machines/twoFactor/machine';
import type { ApiClient } from './client';

/** The /auth calls (SPEC §7 and issue 3), typed; the machines' actors are made from these. */
export function accountCalls(api: ApiClient) {
  const open = { authorize: false } as const;
  return {
    login: ({ userName, password, mfaCode }: Credentials) =>
      api.post<SignInResult>('/auth/login', mfaCode ? { userName, password, mfaCode } : { userName, password }, open),
    register: (body: { userName: string; email: string; password: string }) =>
      api.post<SignInResult>('/auth/register', body, open),
    refreshToken: (refreshToken: string) => api.post<RefreshResult>('/auth/refresh-token', { refreshToken }, open),
    endSession: (sessionId: string) => api.post<unknown>('/auth/end-session', { sessionId }),
    forgotPassword: (email: string) => api.post<unknown>('/auth/forgot-password', { email }, open),
    resetPassword: (body: { email: string; token: string; password: string }) =>
      api.post<unknown>('/auth/reset-password', body, open),
    confirmEmail: (userId: string, token: string) =>
      // The link carries the id as text; the API takes the number it was made from.
      api.post<unknown>('/auth/confirm-email', { userId: /^\d+$/.test(userId) ? Number(userId) : userId, token }, open),
    resendConfirmation: () => api.post<unknown>('/auth/resend-confirmation'),
    changePassword: (body: { oldPassword: string; newPassword: string; mfaCode?: string }) =>
      api.post<unknown>('/auth/change-password', body),
    getMfaKey: () => api.get<MfaKey>('/auth/get-mfa-key'),
    enableMfa: (mfaCode: string) => api.post<unknown>('/auth/enable-mfa', { mfaCode }),
    disableMfa: (mfaCode: string) => api.post<MfaKey>('/auth/disable-mfa', { mfaCode }),
    me: () => api.get<{ user: User }>('/auth/me'),
  };
}

export type AccountCalls = ReturnType<typeof accountCalls>;
