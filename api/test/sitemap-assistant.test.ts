import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, useTestApp } from './app';
import { testDatabases } from './databases';

const PUBLIC_PATHS = [
  '/',
  '/community',
  '/contact',
  '/refund',
  '/privacy',
  '/terms',
  '/services/ai-chatbots',
  '/services/agentic-ai-workflows',
  '/services/smart-process-automation',
  '/services/ai-apps-micro-saas',
];

describe.each(testDatabases())('sitemap, robots and assistant on $name', (target) => {
  let app: FastifyInstance;

  useTestApp(target, (built) => (app = built), {
    // The tests speak as the reverse proxy (inject comes from 127.0.0.1) to set X-Forwarded-Proto.
    env: { TRUST_PROXY: '127.0.0.1' },
    extend: (instance) => {
      // What a content module does when it registers: add its own slugs.
      instance.sitemap.addSource(async () => ['/blog/first-post', '/blog/a&b']);
      instance.sitemap.addSource(async () => {
        throw new Error('events table unavailable');
      });
    },
  });

  it('lists every public page and registered source with absolute URLs from the request origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'site.example:8443', 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = [...PUBLIC_PATHS, '/blog/first-post', '/blog/a&amp;b'].map((p) => `https://site.example:8443${p}`);
    expect(locs.slice(0, PUBLIC_PATHS.length)).toEqual(expected.slice(0, PUBLIC_PATHS.length));
    expect(locs).toEqual(expect.arrayContaining(expected));
    // Content from the database: the sample blog, event and package pages.
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://site.example:8443/blog/sample-getting-started-with-ai-agents',
        'https://site.example:8443/event/sample-ai-agents-workshop',
        'https://site.example:8443/packages/sample-community-membership',
      ]),
    );
    expect(new Set(locs).size).toBe(locs.length);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  });

  it('prefers PUBLIC_URL for absolute URLs', async () => {
    const other = await buildTestApp(app.database, { env: { PUBLIC_URL: 'https://tinytitans.example/' } });
    try {
      const robots = await other.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'internal:3000' } });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain/);
      expect(robots.body).toContain('Sitemap: https://tinytitans.example/sitemap.xml');
      expect(robots.body).toMatch(/^Disallow: \/admin$/m);
      const xml = await other.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(xml.body).toContain('<loc>https://tinytitans.example/services/ai-chatbots</loc>');
    } finally {
      await other.close();
    }
  });

  it('points the shell at the built-in assistant and serves its build, pre-compressed', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/assistant/config' });
    expect(res.json()).toEqual({ scriptUrl: '/ai-widget/assistant.js', element: 'tiny-titans-assistant', agentId: null, builtIn: true });

    // The build of the assistant-widget package under WEB_ROOT (its behaviour is tested there).
    const webRoot = await mkdtemp(path.join(tmpdir(), 'assistant-web-'));
    const dist = path.join(webRoot, 'assistant-widget', 'dist');
    await mkdir(dist, { recursive: true });
    const script = 'customElements.define("tiny-titans-assistant",class extends HTMLElement{});'.repeat(20);
    await writeFile(path.join(dist, 'assistant.js'), script);
    await writeFile(path.join(dist, 'assistant.js.br'), brotliCompressSync(script));
    await writeFile(path.join(dist, 'other.js'), 'not served');
    const web = await buildTestApp(app.database, { env: { WEB_ROOT: webRoot } });
    try {
      const plain = await web.inject({ method: 'GET', url: '/ai-widget/assistant.js' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/javascript/);
      expect(plain.headers['cache-control']).toBe('public, max-age=300');
      expect(plain.body).toBe(script);
      const etag = String(plain.headers.etag);
      expect((await web.inject({ method: 'GET', url: '/ai-widget/assistant.js', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

      const brotli = await web.inject({ method: 'GET', url: '/ai-widget/assistant.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

      expect((await web.inject({ method: 'GET', url: '/ai-widget/other.js' })).statusCode).toBe(404);
    } finally {
      await web.close();
      await rm(webRoot, { recursive: true, force: true });
    }
  });

  it('points the shell at the configured external widget', async () => {
    const other = await buildTestApp(app.database, {
      env: {
        AI_WIDGET_SCRIPT_URL: 'https://widget.example/embed.js',
        AI_WIDGET_AGENT_ID: 'agent_123',
        AI_WIDGET_CONNECT_ORIGINS: 'https://api.agent.example,wss://rt.agent.example',
      },
    });
    try {
      const res = await other.inject({ method: 'GET', url: '/api/assistant/config' });
      expect(res.json()).toEqual({ scriptUrl: 'https://widget.example/embed.js', element: 'elevenlabs-convai', agentId: 'agent_123', builtIn: false });
      // The widget may talk to its own api and socket, and play audio from its api.
      const csp = String((await other.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.agent\.example wss:\/\/rt\.agent\.example/);
      expect(csp).toMatch(/media-src [^;]*https:\/\/api\.agent\.example/);
      expect(csp).not.toMatch(/media-src [^;]*wss:/);
    } finally {
      await other.close();
    }
  });

  it('lets shared caches keep origin-derived documents only when PUBLIC_URL fixes the origin', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt', '/api/blogs/rss.xml']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'a.example' } });
      expect(res.statusCode).toBe(200);
      // Built from the Host of this request: a cache must not hand it to a visitor of another host.
      expect(res.headers['cache-control']).toBe('no-cache');
      // (Every /api answer also varies on Authorization.)
      expect(res.headers.vary).toMatch(/^Host, X-Forwarded-Host, X-Forwarded-Proto(, Authorization)?$/);
    }
    const fixed = await buildTestApp(app.database, { env: { PUBLIC_URL: 'https://tinytitans.example' } });
    try {
      for (const url of ['/sitemap.xml', '/robots.txt', '/api/blogs/rss.xml']) {
        const res = await fixed.inject({ method: 'GET', url });
        expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
        expect(res.headers.vary ?? '').not.toMatch(/Host|Proto/);
      }
    } finally {
      await fixed.close();
    }
  });
});

