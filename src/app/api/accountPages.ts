import type * as Auth from '../../core/contracts/auth';
import type { Body, Reply } from '../../core/contracts/common';
import type { ApiClient } from './client';

/**
 * The /auth calls of the account pages (reset and change password, two-factor, the e-mail confirmation),
 * typed by their contracts (src/core/contracts/auth.ts). A module of their own, so they load with
 * those pages and not with the first page.
 */
export function accountPageCalls(api: ApiClient) {
  const open = { authorize: false } as const;
  return {
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
    // The account page's Sessions card.
    getSessions: () => api.get<Reply<typeof Auth.getSessions>>('/auth/get-sessions'),
    endSession: (sessionId: string) => api.post<Reply<typeof Auth.endSession>>('/auth/end-session', { sessionId }),
    endOtherSessions: () => api.post<Reply<typeof Auth.endOtherSessions>>('/auth/end-other-sessions'),
  };
}
