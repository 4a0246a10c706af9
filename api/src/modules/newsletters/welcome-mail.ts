import { site } from '@site/shared/site-config';
import type { MailMessage } from '../mail/service';
import { escapeMarkup } from '../../lib/escape';

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
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.6">
<p>Thanks for subscribing to the <strong>${escapeMarkup(site.name)}</strong> newsletter.</p>
<p>About once a month we send practical notes on AI chatbots, agentic workflows and automation for small teams:
what we built, what it cost, and what we would do differently.</p>
<p><a href="${escapeMarkup(origin)}/">Visit our website</a></p>
<p style="font-size:12px;color:#555">Not for you? <a href="${escapeMarkup(unsubscribeUrl)}">Unsubscribe</a>.</p>
</body></html>`;
  return {
    to,
    subject: `Welcome to the ${site.name} newsletter`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

