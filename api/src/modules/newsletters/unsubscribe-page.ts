import { site } from '@site/shared/site-config';
import { escapeMarkup } from '../../lib/escape';
import { CONFIRM_LINK_DAYS } from './repository';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)} | ${escapeMarkup(site.name)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#eef2ff;font-family:system-ui,sans-serif;line-height:1.6}
main{max-width:480px;padding:32px;border:1px solid #2a3763;border-radius:20px;background:#121a33;text-align:center}
button{font:inherit;font-weight:600;min-height:44px;padding:10px 20px;border:0;border-radius:12px;background:#7c9cff;color:#0b1020;cursor:pointer}
a{color:#7c9cff}
</style></head><body><main><h1>${escapeMarkup(title)}</h1>${body}</main></body></html>`;
}

/** GET never unsubscribes (mail scanners follow links); it asks for a click that POSTs. */
export function confirmPage(email: string, token: string, alreadyOut: boolean): string {
  if (alreadyOut) {
    return page('You are unsubscribed', `<p>${escapeMarkup(email)} no longer receives our newsletter.</p><p><a href="/">Back to the website</a></p>`);
  }
  return page(
    'Unsubscribe from our newsletter',
    `<p>Stop sending the ${escapeMarkup(site.name)} newsletter to <strong>${escapeMarkup(email)}</strong>?</p>
<form method="post" action="/api/newsletters/unsubscribe?token=${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(): string {
  return page('You are unsubscribed', '<p>You will not receive our newsletter any more. You can subscribe again at any time from our website.</p><p><a href="/">Back to the website</a></p>');
}

export function invalidPage(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid. If you keep receiving e-mails you did not ask for, write to us and we will remove you.</p><p><a href="/">Back to the website</a></p>');
}

/** After the confirmation link of a new subscription (double opt-in); an expired link offers a new one (a click that POSTs). */
export function confirmedPage(outcome: 'confirmed' | 'expired' | 'invalid', token: string): string {
  if (outcome === 'expired') {
    return page(
      'Link expired',
      `<p>This confirmation link has expired: links work for ${CONFIRM_LINK_DAYS} days. We can send you a new one.</p>
<form method="post" action="/api/newsletters/confirm/resend?token=${encodeURIComponent(token)}"><button type="submit">Send a new link</button></form>
<p><a href="/">Back to the website</a></p>`,
    );
  }
  return outcome === 'confirmed'
    ? page('Subscription confirmed', `<p>Thank you: you will receive the ${escapeMarkup(site.name)} newsletter. Every e-mail has a link to unsubscribe.</p><p><a href="/">Back to the website</a></p>`)
    : page('Link not valid', '<p>This confirmation link is not valid. You can subscribe again from our website.</p><p><a href="/">Back to the website</a></p>');
}

/** After asking for a new confirmation link. */
export function resentPage(sent: boolean): string {
  return sent
    ? page('New link sent', `<p>We sent a new confirmation link to your address. It works for ${CONFIRM_LINK_DAYS} days.</p><p><a href="/">Back to the website</a></p>`)
    : page('Link not valid', '<p>This confirmation link is not valid. You can subscribe again from our website.</p><p><a href="/">Back to the website</a></p>');
}
