import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestApp, useTestInstances } from './app';
import { testDatabases } from './databases';
import { adminHeaders, createEvent } from './content-helpers';
import { composeHtml } from '../src/modules/ssr/html';
import { fakeWebRoot, remoteContainer, SHELL_HTML } from './ssr-helpers';

describe.each(testDatabases())('server-rendered pages on $name', (target) => {
  let app: FastifyInstance;
  const logs: { level: number; msg: string; url?: string }[] = [];
  useTestApp(target, (built) => (app = built), {
    env: { LOG_LEVEL: 'warn' },
    // The community remote's build says which files its page module needs (its mf-manifest.json).
    webRoot: async () => {
      const webRoot = await fakeWebRoot();
      const exposes = [{ name: 'CommunityPage', assets: { js: { sync: ['737.0a1b2c3d.js', '__federation_expose_CommunityPage.4e5f6a7b.js'], async: ['9.8c9d0e1f.js'] } } }];
      await writeFile(path.join(webRoot, 'mfe-community', 'dist', 'mf-manifest.json'), JSON.stringify({ shared: [], exposes }));
      // And the shell's build its first script, which the loader fetches after the paint.
      await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), SHELL_HTML.replace('</head>', '<script defer src="/main.0123abcd.js"></script></head>'));
      return webRoot;
    },
    logStream: { write: (line: string) => logs.push(JSON.parse(line) as (typeof logs)[number]) },
  });

  it('renders a public page into the shell HTML', async () => {
    const res = await app.inject({ url: '/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"><main><h1>Rendered /privacy</h1></main></div>');
  });

  it('sends the page compressed to a browser that accepts it', async () => {
    const res = await app.inject({ url: '/privacy', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<h1>Rendered /privacy</h1>');
  });

  it('moves a page with a trailing slash to its one URL, keeping the query, never to another host', async () => {
    for (const [from, to] of [
      ['/privacy/', '/privacy'],
      ['/community/', '/community'],
      ['/blog/some-post/', '/blog/some-post'],
      ['/blog/no-such-post/?ref=a', '/blog/no-such-post?ref=a'],
    ]) {
      const res = await app.inject({ url: from });
      expect([res.statusCode, res.headers.location], from).toEqual([301, to]);
    }
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/blogs/' })).statusCode).not.toBe(301);
    const elsewhere = await app.inject({ url: '//evil.example/' });
    expect(elsewhere.headers.location ?? '').not.toMatch(/^\/\//);
  });

  it("renders /login, the shell's own page, and leaves /admin, /orders and a reset link to the browser", async () => {
    // Twice: the second /login comes from the kept pages, which a query (a reset token) never gets.
    for (let i = 0; i < 2; i++) expect((await app.inject({ url: '/login' })).body).toContain('<h1>Rendered /login</h1>');
    for (const url of ['/admin', '/orders', '/login?reset=a-token']) {
      expect((await app.inject({ url })).body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves the page for the browser to render when the render fails, and logs it', async () => {
    const res = await app.inject({ url: '/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(logs.some((line) => line.level === 40 && line.url === '/contact' && /server render failed/.test(line.msg))).toBe(true);
  });

  it('renders outside any AsyncLocalStorage, so the process keeps its promise hooks off (decision 017)', async () => {
    const run = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    try {
      const res = await app.inject({ url: '/refund' });
      expect(res.body).toContain('<h1>Rendered /refund</h1>');
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
    }
  });

  it('gives up on a render that exceeds its time budget', async () => {
    const started = Date.now();
    const res = await app.inject({ url: '/terms' });
    expect(res.body).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(logs.some((line) => line.url === '/terms' && /server render failed/.test(line.msg))).toBe(true);
  });

  it('keeps rendered pages until their content changes, and renders them with their data', async () => {
    const first = await app.inject({ url: '/community' });
    expect(first.body).toContain('<h1>Rendered /community</h1>');
    expect(first.body).not.toContain('Rendered meetup');
    const cached = app.ssr.cached;
    expect(cached).toBeGreaterThan(0);
    expect((await app.inject({ url: '/community' })).body).toBe(first.body);

    const event = await createEvent(app, { title: 'Rendered meetup' });
    const second = await app.inject({ url: '/community' });
    expect(second.body).toContain('events: Rendered meetup');
    // The answers it used are in the page, for the browser to hydrate with.
    expect(second.body).toMatch(/<script id="preloaded-data" type="application\/json">.*Rendered meetup.*<\/script>/);

    // Taking it back to a draft forgets the page again.
    const unpublished = await app.inject({ method: 'PUT', url: `/api/events/${event.id}`, headers: adminHeaders(app), payload: { status: 'draft' } });
    expect(unpublished.statusCode).toBe(200);
    expect((await app.inject({ url: '/community' })).body).not.toContain('Rendered meetup');
  });

  it("loads the shell's first scripts after the first paint, in the build's order, allowed by the loader's hash alone", async () => {
    const first = ['/react-dom.4567cdef.js', '/router.89ab0123.js', '/main.0123abcd.js'];
    const template = SHELL_HTML.replace('</head>', `${first.map((src) => `<script defer src="${src}"></script>`).join('')}</head>`);
    const html = composeHtml(template, { html: '<p>x</p>', styles: '' }, {});
    expect(html).not.toContain('<script defer');
    const [, src, loader] = /<script data-src="([^"]+)">([^<]+)<\/script>/.exec(html) ?? [];
    expect(src).toBe(first.join(' '));
    const csp = String((await app.inject({ url: '/privacy' })).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(loader!).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it("asks for the shell's bootstrap and the page's remote module with the first scripts, and carries the remote list it was rendered with", async () => {
    const template = SHELL_HTML.replace('</head>', '<script defer src="/main.0123abcd.js"></script><link rel="preload" as="script" href="/bootstrap.4567cdef.js"></head>');
    expect(composeHtml(template, { html: '', styles: '' }, {})).not.toContain('<link rel="preload"');
    expect(composeHtml(template, { html: '', styles: '' }, {}, { module: { entry: '/remotes/x/remoteEntry.js', chunks: ['/remotes/x/1.js'] } })).toContain(
      '<script data-src="/main.0123abcd.js" data-preload="/bootstrap.4567cdef.js /remotes/x/remoteEntry.js" data-fetch="/remotes/x/1.js">',
    );

    // A rendered page: its remote's entry preloaded, the module's own chunks from the remote's
    // manifest (not the chunks it loads later) fetched, beside the entry; the remote list as
    // /remotes.json answers it.
    const page = (await app.inject({ url: '/community' })).body;
    expect(/data-preload="([^"]+)"/.exec(page)?.[1]).toBe('/remotes/mfe-community/remoteEntry.js');
    expect(/data-fetch="([^"]+)"/.exec(page)?.[1]?.split(' ')).toEqual([
      '/remotes/mfe-community/737.0a1b2c3d.js',
      '/remotes/mfe-community/__federation_expose_CommunityPage.4e5f6a7b.js',
    ]);
    const carried = /<script id="remotes-config" type="application\/json">([^<]+)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(carried!)).toEqual((await app.inject({ url: '/remotes.json' })).json());
    // A remote without a readable manifest: its entry alone is not guessed at either.
    expect((await app.inject({ url: '/privacy' })).body).not.toMatch(/data-(preload|fetch)=/);
  });

  it("fetches a shell page's own chunks, as the build names them, with the first scripts on that page only", () => {
    const template = SHELL_HTML.replace('</head>', '<script defer src="/main.0123abcd.js"></script><meta name="page-chunks" content="/login /page-login.89ab.js /7.cdef.js"></head>');
    const login = composeHtml(template, { html: '', styles: '' }, {}, { path: '/login' });
    expect(login).toContain('<script data-src="/main.0123abcd.js" data-fetch="/page-login.89ab.js /7.cdef.js">');
    const other = composeHtml(template, { html: '', styles: '' }, {}, { path: '/privacy' });
    expect(other).not.toContain('data-fetch=');
    for (const html of [login, other]) expect(html).not.toContain('page-chunks');
  });

  it('allows every inline script of a rendered page by its hash, the early-press recorder in the head among them', async () => {
    const page = await app.inject({ url: '/privacy' });
    const scriptSrc = /script-src ([^;]+)/.exec(String(page.headers['content-security-policy']))?.[1] ?? '';
    const inline = [...page.body.matchAll(/<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g)].map((found) => found[1]!);
    const recorder = inline.find((text) => text.includes('[data-replay]'));
    expect(recorder).toBeDefined();
    expect(page.body.indexOf(recorder!)).toBeLessThan(page.body.indexOf('</head>'));
    for (const text of inline) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  });

  it("gives a remote's fixed pages the head their live module declares, rendered or left to the browser", async () => {
    const privacy = (await app.inject({ url: '/privacy' })).body;
    expect(privacy).toContain('<h1>Rendered /privacy</h1>');
    expect(privacy).toContain('<title>The privacy policy | Tiny Titans AI</title>');
    expect(privacy).toContain('<meta property="og:title" content="The privacy policy | Tiny Titans AI" />');
    expect(privacy).toContain('<meta property="og:description" content="The privacy policy, as mfe_marketing words it." />');
    expect((await app.inject({ url: '/community' })).body).toContain('<title>Our community | Tiny Titans AI</title>');
    // /contact fails to render here: the browser renders it, under the head its module declares.
    const contact = (await app.inject({ url: '/contact' })).body;
    expect(contact).toContain('<div id="root"></div>');
    expect(contact).toContain('<title>Write to us | Tiny Titans AI</title>');
    expect(contact).toContain('<meta property="og:description" content="The contact page, as mfe_marketing words it." />');
  });

  it('changes those heads with a new build of the remote alone, without a restart', async () => {
    const released = `{ './PolicyPage': ({ policy }) => ({ title: 'Our ' + policy + ' terms, reworded', description: 'Released on its own.' }) }`;
    await writeFile(path.join(app.config.WEB_ROOT, 'mfe-marketing', 'dist', 'server', 'remoteEntry.js'), remoteContainer('mfe_marketing', released));
    await expect
      .poll(async () => (await app.inject({ url: '/refund' })).body, { timeout: 2_000, interval: 50 })
      .toContain('<title>Our refund terms, reworded | Tiny Titans AI</title>');
    // A module that declares no head (any more) leaves the page the shell's own.
    const contact = (await app.inject({ url: '/contact' })).body;
    expect(contact).not.toContain('Write to us');
    expect(contact).toContain('<title>Tiny Titans AI</title>');
  });

  it('renders with the shell redeployed in place, seen by the one deployment watch that page heads read too', async () => {
    const changes: string[] = [];
    app.deployment.onChange((deployment) => changes.push(deployment.key));
    const redeployed = SHELL_HTML.replace('</head>', '<meta name="build" content="two"></head>');
    await writeFile(path.join(app.config.WEB_ROOT, 'shell', 'dist', 'index.html'), redeployed);
    // Within half a second (the watch's period), without a restart.
    await expect.poll(async () => (await app.inject({ url: '/privacy' })).body, { timeout: 2_000, interval: 50 }).toContain('<meta name="build" content="two">');
    // /contact fails to render here: it is served with its head only, from the same watch's HTML.
    const headOnly = (await app.inject({ url: '/contact' })).body;
    expect(headOnly).toContain('<div id="root"></div>');
    expect(headOnly).toContain('<meta name="build" content="two">');
    expect(changes).toHaveLength(1);
  });

  it('escapes the data it writes into the page', () => {
    const html = composeHtml(SHELL_HTML, { html: '<p>x</p>', styles: '' }, { '/events': [{ title: '</script><script>alert(1)</script>' }] });
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e');
  });
});

// Two instances on one PostgreSQL database: a write on one forgets the rendered page on the other.
const postgres = testDatabases().filter((target) => target.name === 'postgres');
for (const target of postgres) describe('rendered pages across two instances on PostgreSQL', () => {
  let one: FastifyInstance;
  let two: FastifyInstance;

  useTestInstances(target, [{ webRoot: fakeWebRoot }, { webRoot: fakeWebRoot, ownConnection: true }], (apps) => {
    [one, two] = apps as [FastifyInstance, FastifyInstance];
  });

  it('renders the other instance\'s write once it hears of it', async () => {
    expect((await two.inject({ url: '/community' })).body).not.toContain('Across instances');
    await createEvent(one, { title: 'Across instances' });
    await expect
      .poll(async () => (await two.inject({ url: '/community' })).body, { timeout: 2000, interval: 50 })
      .toContain('events: Across instances');
  });
});
