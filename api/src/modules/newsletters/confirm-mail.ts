import { site } from '@site/shared/site-config';
import type { MailMessage } from '../mail/service';
import { CONFIRM_LINK_DAYS } from './repository';

/** Double opt-in: the address confirms it asked for the newsletter before it receives any post. */
export function confirmMail(to: string, confirmUrl: string, unsubscribeUrl: string): MailMessage {
  return {
    to,
    subject: `Please confirm your subscription to the ${site.name} newsletter`,
    text: [
      `Someone, hopefully you, subscribed ${to} to the ${site.name} newsletter.`,
      '',
      `Confirm your subscription (the link works for ${CONFIRM_LINK_DAYS} days): ${confirmUrl}`,
      '',
      'If it was not you, ignore this e-mail: without a confirmation you will receive nothing from us.',
      '',
      `Unsubscribe with one click: ${unsubscribeUrl}`,
    ].join('\n'),
    buttons: { [confirmUrl]: 'Confirm subscription', [unsubscribeUrl]: 'Unsubscribe' },
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
