import { site } from '@site/shared/site-config';
import { sitePage, type Element } from '../../lib/site-page';
import { CONFIRM_LINK_DAYS } from './repository';

const back = (h: Element) => h('p', { key: 'back' }, h('a', { href: '/' }, 'Back to the website'));

/** A page of a sentence or two and the way back to the website. */
const notice = (title: string, ...sentences: string[]) => sitePage(title, (h) => [...sentences.map((text, i) => h('p', { key: i }, text)), back(h)]);

/** GET never unsubscribes (mail scanners follow links); it asks for a click that POSTs. */
export function confirmPage(email: string, token: string, alreadyOut: boolean): Promise<string> {
  if (alreadyOut) return notice('You are unsubscribed', `${email} no longer receives our newsletter.`);
  return sitePage('Unsubscribe from our newsletter', (h) => [
    h('p', { key: 'ask' }, `Stop sending the ${site.name} newsletter to `, h('strong', null, email), '?'),
    h(
      'form',
      { key: 'form', method: 'post', action: `/api/newsletters/unsubscribe?token=${encodeURIComponent(token)}` },
      h('input', { type: 'hidden', name: 'List-Unsubscribe', value: 'One-Click' }),
      h('button', { type: 'submit' }, 'Unsubscribe'),
    ),
  ]);
}

export function donePage(): Promise<string> {
  return notice('You are unsubscribed', 'You will not receive our newsletter any more. You can subscribe again at any time from our website.');
}

export function invalidPage(): Promise<string> {
  return notice('Link not valid', 'This unsubscribe link is not valid. If you keep receiving e-mails you did not ask for, write to us and we will remove you.');
}

const confirmLinkInvalid = () => notice('Link not valid', 'This confirmation link is not valid. You can subscribe again from our website.');

/** After the confirmation link of a new subscription (double opt-in); an expired link offers a new one (a click that POSTs). */
export function confirmedPage(outcome: 'confirmed' | 'expired' | 'invalid', token: string): Promise<string> {
  if (outcome === 'expired') {
    return sitePage('Link expired', (h) => [
      h('p', { key: 'said' }, `This confirmation link has expired: links work for ${CONFIRM_LINK_DAYS} days. We can send you a new one.`),
      h('form', { key: 'form', method: 'post', action: `/api/newsletters/confirm/resend?token=${encodeURIComponent(token)}` }, h('button', { type: 'submit' }, 'Send a new link')),
      back(h),
    ]);
  }
  return outcome === 'confirmed'
    ? notice('Subscription confirmed', `Thank you: you will receive the ${site.name} newsletter. Every e-mail has a link to unsubscribe.`)
    : confirmLinkInvalid();
}

/** After asking for a new confirmation link. */
export function resentPage(sent: boolean): Promise<string> {
  return sent ? notice('New link sent', `We sent a new confirmation link to your address. It works for ${CONFIRM_LINK_DAYS} days.`) : confirmLinkInvalid();
}
