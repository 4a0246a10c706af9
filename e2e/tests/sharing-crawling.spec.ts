import { createBlog, createEvent, createPackage } from '../support/content-api';
import { expect, test } from '../support/fixtures';

const FEED_LINK = /<link rel="alternate" type="application\/rss\+xml" title="Tiny Titans AI Blog" href="\/api\/blogs\/rss.xml"/;

function jsonLdOf(html: string): Record<string, unknown> {
  const found = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(found, 'the page has JSON-LD').not.toBeNull();
  return JSON.parse(found![1]!) as Record<string, unknown>;
}

test('every page links the blog feed in its HTML, and robots.txt lets crawlers read it', async ({ request }) => {
  for (const path of ['/', '/privacy', '/community', '/contact', '/no-such-page']) {
    expect(await (await request.get(path)).text(), path).toMatch(FEED_LINK);
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Allow: /api/blogs/rss.xml');
  expect((await request.get('/api/blogs/rss.xml')).headers()['content-type']).toContain('rss');
});

test('JSON-LD describes the organization, a post and an event; a post is described by its summary', async ({ request }) => {
  expect(jsonLdOf(await (await request.get('/')).text())).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Tiny Titans AI',
    logo: expect.stringMatching(/^https?:\/\/.+\/favicon\.svg$/),
    address: { addressCountry: 'IN' },
  });

  const blog = await createBlog({ title: 'Structured post', summary: 'What the post is about.', content: '<p>The long body.</p>' });
  const blogHtml = await (await request.get(`/blog/${blog.slug}`)).text();
  expect(blogHtml).toContain('<meta name="description" content="What the post is about." />');
  expect(jsonLdOf(blogHtml)).toMatchObject({ '@type': 'Article', headline: 'Structured post', description: 'What the post is about.' });

  const event = await createEvent({ title: 'Structured meetup', location: 'Online', description: 'Demos.' });
  expect(jsonLdOf(await (await request.get(`/event/${event.slug}`)).text())).toMatchObject({
    '@type': 'Event',
    name: 'Structured meetup',
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    location: { '@type': 'VirtualLocation' },
    eventStatus: 'https://schema.org/EventScheduled',
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'INR', availability: expect.stringMatching(/^https:\/\/schema\.org\//), validFrom: expect.any(String) },
  });
});

test('the community page links each event page in its HTML (crawlers follow links, not dialogs)', async ({ request }) => {
  // The soonest upcoming event: the page shows the first few of many other tests' events.
  const event = await createEvent({ title: 'Linked meetup', start_time: new Date(Date.now() + 3_600_000).toISOString() });
  const html = await (await request.get('/community')).text();
  expect(html).toMatch(new RegExp(`<h3 id="[^"]+"><a href="/event/${event.slug}">Linked meetup</a></h3>`));
});

test('every event and package page is reached through a link from a public page', async ({ request }) => {
  // The latest of many events: past the three the carousel shows.
  const event = await createEvent({ title: 'Far-off meetup', start_time: new Date(Date.now() + 400 * 86_400_000).toISOString() });
  const ticket = await createPackage({ name: 'Far-off ticket', price: 300, package_type: 'event', event_id: event.id, capacity: 5, is_active: true });
  const membership = await createPackage({ name: 'Linked membership', price: 900, duration_days: 30, package_type: 'subscription', is_active: true });
  const community = await (await request.get('/community')).text();
  expect(community).toMatch(new RegExp(`<a href="/event/${event.slug}"[^>]*>Far-off meetup</a>`));
  expect(community).toMatch(new RegExp(`<a href="/packages/${membership.slug}"[^>]*>Linked membership</a>`));
  expect(await (await request.get(`/event/${event.slug}`)).text()).toContain(`href="/packages/${ticket.slug}"`);
});

test('every article on the public pages has a heading', async ({ page }) => {
  const event = await createEvent({ title: 'Headed meetup' });
  const ticket = await createPackage({ name: 'Headed ticket', price: 300, package_type: 'event', event_id: event.id, capacity: 5, is_active: true });
  const blog = await createBlog({ title: 'Headed post', content: '<p>Body.</p>' });
  const paths = ['/', '/community', '/services/ai-chatbots', '/contact', '/privacy', '/terms', '/refund', `/blog/${blog.slug}`, `/event/${event.slug}`, `/packages/${ticket.slug}`];
  let seen = 0;
  for (const path of paths) {
    await page.goto(path);
    const articles = await page.locator('article').evaluateAll((all) =>
      all.map((article) => ({ heading: Boolean(article.querySelector('h1, h2, h3, h4, h5, h6')), html: article.outerHTML.slice(0, 120) })),
    );
    seen += articles.length;
    expect(articles.filter((article) => !article.heading).map((article) => article.html), `${path}: articles without a heading`).toEqual([]);
  }
  expect(seen).toBeGreaterThan(paths.length);
});

test('every page in the sitemap has one URL: with a trailing slash it moves there (301), without it answers 200', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => path !== '/');
  expect(paths.length).toBeGreaterThan(5);
  for (const path of [...paths, '/no-such-page', '/blog/no-such-post']) {
    const moved = await request.get(`${path}/`, { maxRedirects: 0 });
    expect([moved.status(), moved.headers().location], path).toEqual([301, path]);
  }
  for (const path of paths) expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
});
