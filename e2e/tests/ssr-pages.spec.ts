import type { Page } from '@playwright/test';
import { createBlog, createEvent, createPackage } from '../support/content-api';
import { expect, test } from '../support/fixtures';
import { pageSettled } from '../support/page-state';

/** The markup inside #root as served (what a crawler or a link preview without JavaScript reads). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  expect(start, 'the page has a #root').toBeGreaterThanOrEqual(0);
  return html.slice(start);
}

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

const STATIC_PAGES: [path: string, heading: string, text: string][] = [
  ['/', 'Small Teams. Big Impact. Powered by AI.', 'AI Services Built for Small Teams'],
  ['/services/ai-chatbots', 'AI Chatbots & Virtual Assistants', 'Trained on your content'],
  ['/privacy', 'Privacy Policy', 'Effective date:'],
  ['/terms', 'Terms of Service', 'Effective date:'],
  ['/refund', 'Refund Policy', 'Effective date:'],
  ['/contact', 'Contact Us', 'within one business day'],
  ['/community', 'The Tiny Titans Community', 'Meet the team'],
];

for (const [path, heading, text] of STATIC_PAGES) {
  test(`the HTML of ${path} carries its heading and text, with the site's header and footer`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const root = textOf(rootOf(html));
    expect(root).toContain(heading);
    expect(root).toContain(text);
    expect(root).toContain('Skip to content');
    expect(root).toContain('hello@tinytitans.ai');
    // Its styles are in the head, so the first paint is styled before any script runs.
    expect(html).toMatch(/<style data-styled="true"[^>]*>[\s\S]*<\/style><\/head>/);
  });
}

test('the HTML of blog, event and package pages carries their content and OpenGraph tags', async ({ request }) => {
  const blog = await createBlog({ title: 'Rendered on the server', summary: 'A summary for crawlers.', content: '<p>Body text that crawlers &amp; previews read.</p>' });
  const event = await createEvent({ title: 'Server-rendered meetup', description: 'An evening about rendering on the server.' });
  const pkg = await createPackage({ name: 'Server-rendered workshop pass', description: 'A seat at the workshop.', price: 4999, package_type: 'event', event_id: event.id, capacity: 20 });

  const blogHtml = await (await request.get(`/blog/${blog.slug}`)).text();
  expect(textOf(rootOf(blogHtml))).toContain('Rendered on the server');
  expect(textOf(rootOf(blogHtml))).toContain('Body text that crawlers & previews read.');
  expect(blogHtml).toContain('<meta property="og:title" content="Rendered on the server | Tiny Titans AI" />');

  const eventHtml = await (await request.get(`/event/${event.slug}`)).text();
  const eventText = textOf(rootOf(eventHtml));
  expect(eventText).toContain('Server-rendered meetup');
  expect(eventText).toContain('An evening about rendering on the server.');
  // The event's packages (the commerce remote, composed into the community page) are in it too.
  expect(eventText).toContain('Server-rendered workshop pass');
  expect(eventHtml).toContain('<meta property="og:title" content="Server-rendered meetup | Tiny Titans AI" />');

  const packageHtml = await (await request.get(`/packages/${pkg.slug}`)).text();
  expect(textOf(rootOf(packageHtml))).toContain('Server-rendered workshop pass');
  expect(packageHtml).toContain('<meta property="og:title" content="Server-rendered workshop pass | Tiny Titans AI" />');
});

/** The head each fixed page has in the server HTML, the same the browser sets once the page runs. */
const STATIC_HEADS: [path: string, title: string, description: string][] = [
  ['/', 'Tiny Titans AI', 'Tiny Titans AI builds AI chatbots, agentic workflows, process automation and lightweight AI apps for startups, solopreneurs and lean product teams.'],
  ['/services/ai-chatbots', 'AI Chatbots &amp; Virtual Assistants | Tiny Titans AI', 'Assistants trained on your own documents that answer customers on your website, WhatsApp or Slack around the clock, and hand over to a person when it matters.'],
  ['/privacy', 'Privacy Policy | Tiny Titans AI', 'What personal data Tiny Titans AI collects, why, and the choices you have.'],
  ['/terms', 'Terms of Service | Tiny Titans AI', 'The terms for using the Tiny Titans AI website and buying consultations and packages.'],
  ['/refund', 'Refund Policy | Tiny Titans AI', 'When Tiny Titans AI refunds consultation and package payments, and how to ask for a refund.'],
  ['/contact', 'Contact Us | Tiny Titans AI', 'Tell Tiny Titans AI about your project: chatbots, agentic workflows, automation or an AI app. We reply within one business day.'],
  ['/community', 'Community | Tiny Titans AI', 'Events, articles and people building with AI in small teams.'],
];

test('the HTML of the fixed pages carries their own title, description and OpenGraph/Twitter tags', async ({ request }) => {
  for (const [path, title, description] of STATIC_HEADS) {
    const html = await (await request.get(path)).text();
    // One title in the head (the body's SVG icons have titles of their own).
    expect(html.slice(0, html.indexOf('</head>')).match(/<title>/g), path).toHaveLength(1);
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toContain(`<meta name="description" content="${description}" />`);
    expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html, path).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html, path).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+${path === '/' ? '/' : path}" />`));
    expect(html, path).toContain(`<meta name="twitter:title" content="${title}" />`);
    expect(html, path).toContain(`<meta name="twitter:description" content="${description}" />`);
  }
});

test('the browser keeps the title the server HTML gave each fixed page', async ({ page }) => {
  for (const [path, title] of STATIC_HEADS) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await pageSettled(page);
    expect(await page.title(), path).toBe(title.replace('&amp;', '&'));
    expect(await page.locator('meta[property="og:title"]').count(), path).toBe(1);
  }
});

test('admin, orders and a password-reset link stay rendered in the browser', async ({ request }) => {
  // The reset token is read in the browser: its page is neither rendered nor answered from a kept /login.
  expect(await (await request.get('/login')).text()).toContain('Welcome Back');
  for (const path of ['/admin', '/orders', '/login?reset=not-a-real-token']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
  }
});

/** Marks the server's nodes before any script runs; a page re-rendered in the browser loses the mark. */
async function markServerNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelectorAll('main h1, header a').forEach((node) => ((node as unknown as { fromServer: boolean }).fromServer = true));
    });
  });
}

async function keptServerHeading(page: Page): Promise<boolean> {
  return page.locator('main h1').first().evaluate((node) => (node as unknown as { fromServer?: boolean }).fromServer === true);
}

/** The page is live once a header link navigates inside the app, without loading a new document. */
async function expectInteractive(page: Page, linkName: string, heading: string): Promise<void> {
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('banner').getByRole('link', { name: linkName, exact: true }).first().click();
  await expect(page.locator('main h1').first()).toHaveText(heading);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
}

test('the home page hydrates its server HTML without a mismatch and becomes interactive', async ({ page, consoleErrors }) => {
  await markServerNodes(page);
  await page.goto('/');
  await pageSettled(page);
  expect(await keptServerHeading(page)).toBe(true);
  expect(consoleErrors).toEqual([]);
  await expectInteractive(page, 'Community', 'The Tiny Titans Community');
  expect(consoleErrors).toEqual([]);
});

test('a blog post hydrates with the answer it was rendered with, asking the api nothing again', async ({ page, consoleErrors, requests }) => {
  const blog = await createBlog({ title: 'Hydrated post', content: '<p>Text the browser does not fetch again.</p>', published_at: '2026-03-01T10:00:00.000Z' });
  await markServerNodes(page);
  await page.goto(`/blog/${blog.slug}`);
  await pageSettled(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Hydrated post' })).toBeVisible();
  expect(await keptServerHeading(page)).toBe(true);
  expect(requests.some(/\/api\/blogs\/search\?field=slug/)).toBe(false);
  await expect(page.locator('main time')).toHaveAttribute('datetime', '2026-03-01T10:00:00.000Z');
  expect(consoleErrors).toEqual([]);
  await expectInteractive(page, 'Community', 'The Tiny Titans Community');
  // The server's answer was for the first page only: coming back reads the post afresh.
  const reread = page.waitForRequest(/\/api\/blogs\/search\?field=slug/);
  await page.goBack();
  await reread;
  await expect(page.getByRole('heading', { level: 1, name: 'Hydrated post' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('/login hydrates its server HTML without a mismatch; a reset link shows its own form', async ({ page, consoleErrors }) => {
  await markServerNodes(page);
  await page.goto('/login');
  await pageSettled(page);
  expect(await keptServerHeading(page)).toBe(true);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get Started' })).toBeVisible();
  await page.goto('/login?reset=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

for (const path of ['/community', '/privacy', '/services/ai-chatbots', '/contact']) {
  test(`${path} hydrates without a mismatch`, async ({ page, consoleErrors }) => {
    await markServerNodes(page);
    await page.goto(path);
    await pageSettled(page);
    expect(await keptServerHeading(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
    await expectInteractive(page, 'Home', 'Small Teams. Big Impact. Powered by AI.');
  });
}

test('hydration reuses the server’s styles: styled-components makes no rule again for a component it hydrates', async ({ page, consoleErrors }) => {
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as unknown as { rulesMadeByComponents: string[] }).rulesMadeByComponents = made;
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (rule: string, index?: number) {
      // A rule a rendering component asked for, not one read back from the server's style tags.
      if (new Error().stack?.includes('generateAndInjectStyles')) made.push(rule);
      return insertRule.call(this, rule, index);
    };
  });
  await page.goto('/contact');
  // Enabled once hydrated (decision 017).
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { rulesMadeByComponents: string[] }).rulesMadeByComponents)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test.describe('a visitor in another zone and locale', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('sees India’s time in the server HTML and after hydration, their own added beside it, without a mismatch', async ({ page, request, consoleErrors }) => {
    const event = await createEvent({ title: 'Zone-crossing meetup', start_time: '2027-03-01T10:00:00.000Z', end_time: '2027-03-01T11:00:00.000Z' });
    const served = textOf(rootOf(await (await request.get(`/event/${event.slug}`)).text()));
    expect(served).toContain('March 1, 2027 at 3:30 PM IST');
    expect(served).not.toContain('Your time');

    await markServerNodes(page);
    await page.goto(`/event/${event.slug}`);
    // Written without Intl (decision 031): India's time stays first; the visitor's zone, named by its offset, beside it.
    const fact = (name: string) => page.locator('dt', { hasText: name }).locator('+ dd');
    await expect(fact('Starts')).toHaveText('March 1, 2027 at 3:30 PM ISTYour time: March 1, 2027 at 5:00 AM GMT-5');
    await expect(fact('Ends')).toHaveText('March 1, 2027 at 4:30 PM ISTYour time: March 1, 2027 at 6:00 AM GMT-5');
    expect(await keptServerHeading(page)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});

/** The keys of the answers the server wrote into a page: the reads the remote table declares for it. */
function preloadedKeys(html: string): string[] {
  const [, json] = /<script id="preloaded-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html) ?? [];
  return json ? Object.keys(JSON.parse(json) as Record<string, unknown>) : [];
}

/** An api read as its preload key: the path under /api and the query. */
const readOf = (url: string) => {
  const { pathname, search } = new URL(url);
  return pathname.startsWith('/api/') ? `${pathname.slice('/api'.length)}${search}` : null;
};

test.describe('the reads the remote table declares for a rendered page', () => {
  let pages: [address: string, reads: number][];

  test.beforeAll(async () => {
    const blog = await createBlog({ title: 'Declared reads post', content: '<p>Read once.</p>' });
    const event = await createEvent({ title: 'Declared reads meetup', description: 'Read once too.' });
    const pkg = await createPackage({ name: 'Declared reads pass', description: 'A seat.', price: 999, package_type: 'event', event_id: event.id, capacity: 5 });
    // The home page's pricing section loads near the viewport (#pricing asks for it at once); the
    // community page reads its events, posts and memberships; the event page reads its packages after
    // the event itself, and a ticket's page its event after the package.
    pages = [['/#pricing', 1], ['/community', 3], [`/blog/${blog.slug}`, 1], [`/event/${event.slug}`, 2], [`/packages/${pkg.slug}`, 2]];
  });

  test('are in the server HTML, and the hydrated page asks the api for none of them again', async ({ page, request, requests }) => {
    for (const [address, count] of pages) {
      const path = address.split('#')[0]!;
      const keys = preloadedKeys(await (await request.get(path)).text());
      expect(keys, path).toHaveLength(count);
      await page.goto(address);
      await pageSettled(page);
      const asked = requests.urls().map(readOf);
      expect(keys.filter((key) => asked.includes(key)), path).toEqual([]);
    }
  });

  test('are each what the page’s own components ask for when the server sent no answers', async ({ page, request }) => {
    for (const [address] of pages) {
      const path = address.split('#')[0]!;
      const html = await (await request.get(path)).text();
      const keys = preloadedKeys(html);
      // The same page without its answers: the components read for themselves, by the same keys.
      await page.route((url) => url.pathname === path, (route) =>
        route.fulfill({ contentType: 'text/html', body: html.replace(/<script id="preloaded-data"[\s\S]*?<\/script>/, '') }),
      );
      const asked = keys.map((key) => page.waitForRequest((sent) => readOf(sent.url()) === key));
      await page.goto(address);
      await Promise.all(asked);
      await page.unrouteAll();
    }
  });
});
