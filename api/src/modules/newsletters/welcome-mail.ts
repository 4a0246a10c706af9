import { site } from '@site/shared/site-config';
import type { MailMessage } from '../mail/service';

/** The welcome e-mail, with RFC 8058 one-click unsubscribe headers. */
export function welcomeMail(to: string, origin: string, unsubscribeUrl: string): MailMessage {
  const text = [
    `Thanks for subscribing to the ${site.name} newsletter.`,
    '',
    'About once a month we send practical notes on AI chatbots, agentic workflows and automation for small teams:',
    'what we built, what it cost, and what we would do differently.',
    '',
    `Visit us: ${origin}/`,
    '',
    `Unsubscribe with one click: ${unsubscribeUrl}`,
  ].join('\n');
  return {
    to,
    subject: `Welcome to the ${site.name} newsletter`,
    // Its HTML part is the site's one mail layout, like every other message's.
    text,
    buttons: { [unsubscribeUrl]: 'Unsubscribe' },
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

