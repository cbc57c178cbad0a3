import type { Mail } from './mailer';

export function confirmationMail(publicUrl: string, user: { id: number; userName: string; email: string }, token: string): Mail {
  const link = `${publicUrl}/confirm-email?userId=${encodeURIComponent(String(user.id))}&token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: 'Confirm your e-mail address for ACC Casino',
    link,
    text: [
      `Hello ${user.userName},`,
      '',
      'Please confirm your e-mail address by opening this link:',
      '',
      link,
      '',
      'If you did not sign up at ACC Casino, you can ignore this message.',
    ].join('\n'),
  };
}

export function resetMail(publicUrl: string, user: { userName: string; email: string }, token: string): Mail {
  const link = `${publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: 'Reset your ACC Casino password',
    link,
    text: [
      `Hello ${user.userName},`,
      '',
      'Someone asked to reset the password of your ACC Casino account. To choose a new password, open',
      'this link within one hour:',
      '',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}
