import { createBlog, createEvent } from '../support/content-api';
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
  expect(jsonLdOf(await (await request.get('/')).text())).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Tiny Titans AI' });

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
  });
});

test('the community page links each event page in its HTML (crawlers follow links, not dialogs)', async ({ request }) => {
  // The soonest upcoming event: the page shows the first few of many other tests' events.
  const event = await createEvent({ title: 'Linked meetup', start_time: new Date(Date.now() + 3_600_000).toISOString() });
  const html = await (await request.get('/community')).text();
  expect(html).toMatch(new RegExp(`<h3 id="[^"]+"><a href="/event/${event.slug}">Linked meetup</a></h3>`));
});
