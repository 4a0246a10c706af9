import { site } from '@site/shared/site-config';
import type { MailMessage } from '../mail/service';

export function resetPasswordMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${site.name} password`,
    text: [
      `Hi ${username},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${site.name} account.`,
      'Open this link within 30 minutes to choose a new one. It works once.',
      '',
      link,
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
    buttons: { [link]: 'Choose a new password' },
  };
}
