import { site } from '@site/shared/site-config';
import type { MailMessage } from '../mail/service';

/** A change to an account its owner must hear of, in case it was not them. */
export type AccountChange = 'password' | 'reset' | 'admin';

const WHAT: Record<AccountChange, { subject: string; line: string }> = {
  password: { subject: `Your ${site.name} password was changed`, line: `The password of your ${site.name} account was changed.` },
  reset: { subject: `Your ${site.name} password was reset`, line: `The password of your ${site.name} account was reset with a link sent to this address.` },
  admin: { subject: `Your ${site.name} account is now an admin`, line: `Your ${site.name} account was given admin rights.` },
};

export function accountChangedMail(user: { email: string; username: string }, change: AccountChange, origin: string): MailMessage {
  const { subject, line } = WHAT[change];
  return {
    to: user.email,
    subject,
    text: [
      `Hi ${user.username},`,
      '',
      line,
      'Every session that was signed in before this change has been signed out.',
      '',
      'If this was you, there is nothing more to do.',
      `If it was not you, choose a new password now with "Forgot password" at ${origin}/login,`,
      `and tell us at ${site.email} so that we can help.`,
    ].join('\n'),
  };
}
