import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent, uniqueSlug } from './content-helpers';
import { DEFAULT_HEAD_SHELL_HTML, shellWebRoot } from './ssr-helpers';
import { PAGE_META, serviceLinks } from '@site/shared/site-config';

describe.each(testDatabases())('server-rendered head of public pages on $name', (target) => {
  let app: FastifyInstance;
  useTestApp(target, (built) => (app = built), { env: { PUBLIC_URL: 'https://tinytitans.example' }, webRoot: () => shellWebRoot(DEFAULT_HEAD_SHELL_HTML) });

  const page = async (url: string) => (await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;

  it('gives a blog post its title, description and OpenGraph tags, and follows its edits', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'Agents & <tools>', slug: uniqueSlug('head'), content: '<p>Why small teams win with <b>agents</b>.</p>', status: 'published' },
    });
    const blog = created.json() as { id: string; slug: string };
    const html = await page(`/blog/${blog.slug}`);
    expect(html).toContain('<title>Agents &amp; &lt;tools&gt; | Tiny Titans AI</title>');
    expect(html).toContain('<meta name="description" content="Why small teams win with agents." />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain(`<meta property="og:url" content="https://tinytitans.example/blog/${blog.slug}" />`);
    expect(html).toContain('<meta name="twitter:title" content="Agents &amp; &lt;tools&gt; | Tiny Titans AI" />');
    expect(html).not.toContain('Default description.');
    expect(html).toContain('<div id="root">');

    // Neither the page nor a read counts a view (the page's beacon does).
    const bySlug = await app.inject({ method: 'GET', url: `/api/blogs/search?field=slug&value=${blog.slug}` });
    expect(bySlug.json()[0].views_count).toBe(0);

    await app.inject({ method: 'PUT', url: `/api/blogs/${blog.id}`, headers: adminHeaders(app), payload: { title: 'Renamed' } });
    expect(await page(`/blog/${blog.slug}`)).toContain('<title>Renamed | Tiny Titans AI</title>');
    await app.inject({ method: 'PUT', url: '/api/blogs/archive', headers: adminHeaders(app), payload: { ids: [blog.id] } });
    expect(await page(`/blog/${blog.slug}`)).toContain('<title>Tiny Titans AI | default</title>');
  });

  it('gives events and packages their tags, and leaves drafts and unknown pages with the default head', async () => {
    const event = await createEvent(app, { title: 'Agent night', description: 'Build an agent in one evening.' });
    const html = await page(`/event/${event.slug}`);
    expect(html).toContain('<title>Agent night | Tiny Titans AI</title>');
    expect(html).toContain('<meta property="og:description" content="Build an agent in one evening." />');

    const slug = uniqueSlug('head-package');
    await app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: adminHeaders(app),
      payload: { name: 'Starter', slug, description: 'A first agent, shipped.', price: 100, duration_days: 30, package_type: 'subscription' },
    });
    expect(await page(`/packages/${slug}`)).toContain('<meta property="og:title" content="Starter | Tiny Titans AI" />');

    const draft = await createEvent(app, { title: 'Secret draft', status: 'draft' });
    expect(await page(`/event/${draft.slug}`)).not.toContain('Secret draft');
    expect(await page('/blog/no-such-post')).toContain('<title>Tiny Titans AI | default</title>');
  });

  it('gives the fixed pages whose texts several packages share (home, services) the head the browser sets', async () => {
    const [service] = serviceLinks;
    const cases: [string, string, string][] = [
      ['/', 'Tiny Titans AI', PAGE_META.home.description],
      [`/services/${service.slug}`, `${service.title.replace('&', '&amp;')} | Tiny Titans AI`, service.description],
    ];
    for (const [url, title, description] of cases) {
      const html = await page(url);
      expect(html, url).toContain(`<title>${title}</title>`);
      expect(html, url).toContain(`<meta name="description" content="${description}" />`);
      expect(html, url).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html, url).toContain(`<meta property="og:description" content="${description}" />`);
      expect(html, url).toContain(`<meta property="og:type" content="website" />`);
      expect(html, url).toContain(`<meta property="og:url" content="https://tinytitans.example${url}" />`);
      expect(html, url).toContain(`<meta name="twitter:title" content="${title}" />`);
      expect(html, url).not.toContain('Default description.');
    }
    expect(await page('/services/no-such-service')).toContain('<title>Tiny Titans AI | default</title>');
    // A remote's own pages' heads are its module's (ssr.test.ts): with no server container, none.
    expect(await page('/contact')).toContain('<title>Tiny Titans AI | default</title>');
  });

  const jsonLdOf = (html: string) => {
    const found = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(found, 'the page has JSON-LD').not.toBeNull();
    return JSON.parse(found![1]!) as Record<string, unknown>;
  };

  it('describes the organization on /, a post as an Article (its summary as description) and an event as an Event, in JSON-LD', async () => {
    const home = jsonLdOf(await page('/'));
    expect(home).toMatchObject({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Tiny Titans AI', url: 'https://tinytitans.example/' });

    const created = await app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: adminHeaders(app),
      payload: { title: 'A </script> title', slug: uniqueSlug('ld'), summary: 'The summary, not the body.', content: '<p>The body text.</p>', status: 'published' },
    });
    const blog = created.json() as { slug: string };
    const html = await page(`/blog/${blog.slug}`);
    expect(html).toContain('<meta name="description" content="The summary, not the body." />');
    expect(html).not.toContain('A </script> title');
    expect(jsonLdOf(html)).toMatchObject({ '@type': 'Article', headline: 'A </script> title', description: 'The summary, not the body.', url: `https://tinytitans.example/blog/${blog.slug}` });

    const event = await createEvent(app, { title: 'Agents meetup', location: 'Bengaluru', description: '<p>An evening of demos.</p>' });
    expect(jsonLdOf(await page(`/event/${event.slug}`))).toMatchObject({
      '@type': 'Event',
      name: 'Agents meetup',
      description: 'An evening of demos.',
      location: { '@type': 'Place', name: 'Bengaluru' },
      organizer: { '@type': 'Organization', name: 'Tiny Titans AI' },
    });
    expect(await page('/privacy')).not.toContain('application/ld+json');
  });

  it('lets crawlers read the blog feed but not the rest of the api', async () => {
    const robots = (await app.inject({ url: '/robots.txt' })).body;
    expect(robots).toContain('Allow: /api/blogs/rss.xml\nDisallow: /api/');
  });
});
