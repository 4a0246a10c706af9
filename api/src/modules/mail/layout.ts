import type { ReactNode } from 'react';
import { site } from '@site/shared/site-config';
import { escapeMarkup } from '../../lib/escape';

/**
 * Every e-mail's HTML part: one layout of react-email components, rendered to static markup
 * (decision 050). Composers write the plain text only; this turns it into HTML: blank lines part
 * paragraphs and every address becomes a link that shows itself: some texts are a visitor's (a contact
 * message), so no link is named by words that could hide where it goes. The one exception is the
 * composer's own links (`named`, decision 081): a receipt or reschedule address, long with its
 * token, becomes a button with a short label; the plain-text part keeps the address.
 */

const c = site.colors;
const light = site.lightColors;
/** Light by default; clients that honour prefers-color-scheme get the site's own dark colours. */
const DARK_MODE = `
:root { color-scheme: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body, .mail-body > table > tbody > tr > td { background-color: ${c.bg} !important; }
  .mail-card { background-color: ${c.surface} !important; border-color: ${c.border} !important; }
  .mail-card p, .mail-card h1 { color: ${c.text} !important; }
  .mail-card a { color: ${c.primary} !important; }
  .mail-card a.mail-button { background-color: ${c.primary} !important; color: ${c.onPrimary} !important; }
  .mail-footer p, .mail-footer a { color: ${c.textMuted} !important; }
  .mail-footer hr { border-color: ${c.border} !important; }
}`;

const styles = {
  body: { backgroundColor: light.bg, margin: 0, padding: '24px 0', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  brand: { backgroundColor: c.bg, borderRadius: '12px 12px 0 0', padding: '16px 24px' },
  brandName: { color: c.text, fontSize: '18px', fontWeight: 700, margin: 0, textDecoration: 'none' },
  card: { backgroundColor: light.surface, border: `1px solid ${light.border}`, borderTop: 'none', borderRadius: '0 0 12px 12px', padding: '8px 24px 16px' },
  heading: { color: light.heading, fontSize: '22px', lineHeight: '30px', margin: '16px 0 8px' },
  // An address too long for a phone's line breaks anywhere rather than widening the message.
  text: { color: light.text, fontSize: '16px', lineHeight: '24px', margin: '12px 0', overflowWrap: 'anywhere', wordBreak: 'break-word' },
  link: { color: light.link, textDecoration: 'underline' },
  button: {
    display: 'inline-block',
    margin: '4px 0',
    padding: '8px 16px',
    borderRadius: '8px',
    backgroundColor: light.link,
    color: light.surface,
    fontWeight: 600,
    textDecoration: 'none',
  },
  footer: { color: light.textMuted, fontSize: '13px', lineHeight: '20px', margin: '4px 0', overflowWrap: 'anywhere' },
} as const;

/** Stand-ins for a message's own parts in the layout, which is rendered once. */
const SLOT = { subject: '%%mail-subject%%', preview: '%%mail-preview%%', body: '%%mail-body%%' };
const SLOT_PATTERN = /%%mail-(?:subject|preview|body)%%/g;

/**
 * React, its server renderer and react-email, loaded at the first message rather than with the api:
 * they read NODE_ENV when loaded, and the server sets its production default only once it starts
 * (a React loaded before that would be the development build the page renderer cannot share).
 */
async function loadRenderer() {
  const [{ createElement: h, Fragment }, { renderToStaticMarkup }, { Body, Container, Heading, Hr, Html, Link, Preview, Section, Text }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('@react-email/components'),
  ]);

  /** An address, without the punctuation that ends the sentence around it ("…at https://site/login,"). */
  const ANY_LINK = /(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'])/g;

  /** One line of text with its addresses made links: a named one a button with its label, any other showing itself. */
  function line(text: string, key: number, named: Named): ReactNode {
    const parts = text.split(ANY_LINK);
    return h(
      Fragment,
      { key },
      parts.map((part, i) => {
        if (i % 2 === 0) return part;
        const label = Object.hasOwn(named, part) ? named[part] : undefined;
        return label ? h(Link, { key: i, href: part, className: 'mail-button', style: styles.button }, label) : h(Link, { key: i, href: part, style: styles.link }, part);
      }),
    );
  }

  function paragraph(block: string, key: number, named: Named): ReactNode {
    const lines = block.split('\n');
    const children = lines.flatMap((text, i) => (i === 0 ? [line(text, i, named)] : [h('br', { key: `br${i}` }), line(text, i, named)]));
    return h(Text, { key, style: styles.text }, children);
  }


  function MailLayout() {
    return h(
      Html,
      { lang: 'en', dir: 'ltr' },
      // A head of our own: react-email's adds a `x-apple-disable-message-reformatting` meta without
      // content, which HTML does not allow; the viewport meta does that job.
      h(
        'head',
        null,
        h('meta', { httpEquiv: 'Content-Type', content: 'text/html; charset=UTF-8' }),
        h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
        h('meta', { name: 'color-scheme', content: 'light dark' }),
        h('title', null, SLOT.subject),
        h('style', null, DARK_MODE),
      ),
      h(Preview, null, SLOT.preview),
      h(
        Body,
        { className: 'mail-body', style: styles.body },
        h(
          Container,
          // Fluid to the screen's width, at most 600 px.
          { style: { width: '100%', maxWidth: '600px', padding: '0 12px', boxSizing: 'border-box' } },
          h(Section, { style: styles.brand }, h(Text, { style: styles.brandName }, site.name)),
          h(Section, { className: 'mail-card', style: styles.card }, h(Heading, { as: 'h1', style: styles.heading }, SLOT.subject), SLOT.body),
          h(
            Section,
            { className: 'mail-footer', style: { padding: '12px 24px' } },
            h(Hr, { style: { borderColor: light.border, margin: '0 0 8px' } }),
            h(Text, { style: styles.footer }, `${site.name} · ${site.address.lines.join(', ')}`),
            h(Text, { style: styles.footer }, h(Link, { href: `mailto:${site.email}`, style: { ...styles.footer, textDecoration: 'underline' } }, site.email)),
          ),
        ),
      ),
    );
  }

  // The layout as markup, rendered once: rendering it for each message doubled the CPU a message
  // costs (the mail throughput bench).
  const layout = `<!DOCTYPE html>${renderToStaticMarkup(h(MailLayout))}`;
  return { layout, body: (blocks: string[], named: Named) => renderToStaticMarkup(h(Fragment, null, blocks.map((block, key) => paragraph(block, key, named)))) };
}

/** A composer's own links by address, each with the short label its button shows ("View receipt"). */
export type Named = Readonly<Record<string, string>>;

let renderer: ReturnType<typeof loadRenderer> | undefined;

/** The HTML part of a message whose plain text is `text`; the addresses in `named` show as buttons with their labels. */
export async function mailHtml(subject: string, text: string, named: Named = {}): Promise<string> {
  const { layout, body: render } = await (renderer ??= loadRenderer());
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  const body = render(blocks, named);
  const preview = escapeMarkup(blocks[0]?.slice(0, 140) ?? subject);
  const parts: Record<string, string> = { [SLOT.subject]: escapeMarkup(subject), [SLOT.preview]: preview, [SLOT.body]: body };
  // One pass over the layout only: a subject or text that spells a slot's name stays text.
  return layout.replace(SLOT_PATTERN, (slot) => parts[slot]!);
}
